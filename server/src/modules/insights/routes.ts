import { insightsQuerySchema, insightsResponseSchema } from '@prometrica/shared-api/contract';
import { fileResponseSchema } from '../../lib/file-reply';
import { routeGroup } from '../../lib/route-group';
import { access } from '../../lib/route-table';
import { exportInsights, insightsCsvType } from './export';
import { getInsights } from './service';

const { list } = routeGroup({ tag: 'insights', access: access.admins });

/** Item analysis and cohort statistics of a question-set version (admins). */
export const insightRoutes = [
  list({
    url: '/admin/insights',
    summary:
      'Cohort, category and question figures of a question-set version (default: the newest with results) over a range of submission days, from the aggregates every submission keeps (docs/insights.md)',
    query: insightsQuerySchema,
    response: insightsResponseSchema,
    errors: [400, 401, 403, 404],
    handler: ({ app, query }) => getInsights(app, query),
  }),
  list({
    url: '/admin/insights/export',
    summary: 'The question table of `GET admin/insights` under the same filters, as CSV',
    query: insightsQuerySchema,
    response: fileResponseSchema,
    produces: insightsCsvType,
    errors: [400, 401, 403, 404],
    handler: ({ app, query }) => exportInsights(app, query),
  }),
];
