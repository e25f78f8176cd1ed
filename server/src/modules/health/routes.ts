import { healthResponseSchema } from '@prometrica/shared-api/contract';
import { access, defineRoute } from '../../lib/route-table';
import { checkHealth } from './service';

/** Liveness for load balancers. */
export const healthRoutes = [
  defineRoute({
    method: 'GET',
    url: '/health',
    tag: 'health',
    summary: 'Whether the server and its database answer (503 when the database does not)',
    access: access.public,
    response: healthResponseSchema,
    errors: [503],
    handler: ({ app }) => checkHealth(app.db, app.dialect),
  }),
];
