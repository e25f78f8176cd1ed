import { reportArchiveQuerySchema, resultExportQuerySchema } from '@prometrica/shared-api/contract';
import { fileResponseSchema } from '../../lib/file-reply';
import { routeGroup } from '../../lib/route-group';
import { access } from '../../lib/route-table';
import { actorOf } from '../audit/service';
import { reportArchive, reportArchiveLimit } from './archive';
import { exportMediaTypes, exportResults } from './service';

const { list } = routeGroup({ tag: 'results', access: access.admins });
const reports = routeGroup({ tag: 'reports', access: access.admins });

/** The results as files, and the reports as one ZIP (admins). */
export const exportRoutes = [
  list({
    url: '/admin/results/export',
    summary:
      'The results under the list filters as CSV (part: results or concerns) or XLSX (both, as two sheets), streamed oldest first; X-Export-Rows gives the row count',
    query: resultExportQuerySchema,
    response: fileResponseSchema,
    produces: [exportMediaTypes.csv, exportMediaTypes.xlsx],
    handler: ({ app, request, query }) => exportResults(app, actorOf(request), query, request.log),
  }),
  reports.list({
    url: '/admin/reports/archive',
    summary: `A ZIP of the admin's report PDF of every result under the list filters (at most ${reportArchiveLimit}: more is refused with 400), streamed; X-Export-Rows gives the number of reports`,
    query: reportArchiveQuerySchema,
    response: fileResponseSchema,
    produces: 'application/zip',
    errors: [400, 401, 403, 404],
    handler: ({ app, request, query }) => reportArchive(app, actorOf(request), query, request.log),
  }),
];
