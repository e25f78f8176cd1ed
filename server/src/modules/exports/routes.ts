import { resultExportQuerySchema } from '@prometrica/shared-api/contract';
import { fileResponseSchema } from '../../lib/file-reply';
import { routeGroup } from '../../lib/route-group';
import { access } from '../../lib/route-table';
import { actorOf } from '../audit/service';
import { exportMediaTypes, exportResults } from './service';

const { list } = routeGroup({ tag: 'results', access: access.admins });

/** The results as files (admins). */
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
];
