import { statsQuerySchema, statsResponseSchema } from '@prometrica/shared-api/contract';
import { access, defineRoute } from '../../lib/route-table';
import { getStats } from './service';

/** The dashboard overview's figures (admins). */
export const statsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/admin/stats',
    tag: 'stats',
    summary: 'Totals, last month, users and questions per month of `year` (default: this UTC year), roles',
    access: access.admins,
    query: statsQuerySchema,
    response: statsResponseSchema,
    errors: [400, 401, 403],
    handler: ({ app, query }) => getStats(app, query.year),
  }),
];
