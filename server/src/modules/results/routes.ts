import {
  idParamsSchema,
  resultListQuerySchema,
  resultListResponseSchema,
  resultResponseSchema,
} from '@prometrica/shared-api/contract';
import { access, defineRoute } from '../../lib/route-table';
import { getResult, listResultsPage } from './service';

/** Stored quiz results (admins). */
export const resultRoutes = [
  defineRoute({
    method: 'GET',
    url: '/admin/getquizresult',
    tag: 'results',
    summary: 'List results newest first, searched on participant name and email, filtered on passed',
    access: access.admins,
    query: resultListQuerySchema,
    response: resultListResponseSchema,
    errors: [400, 401, 403],
    handler: ({ app, query }) => listResultsPage(app, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/admin/getquizresult/:id',
    tag: 'results',
    summary: 'One result with every answer',
    access: access.admins,
    params: idParamsSchema,
    response: resultResponseSchema,
    errors: [400, 401, 403, 404],
    handler: ({ app, params }) => getResult(app, params.id),
  }),
];
