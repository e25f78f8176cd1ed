import { resultListQuerySchema, resultListResponseSchema, resultResponseSchema } from '@prometrica/shared-api/contract';
import { SerializedJson } from '../../lib/json-reply';
import { routeGroup } from '../../lib/route-group';
import { access } from '../../lib/route-table';
import { actorOf, record } from '../audit/service';
import { getResult, listResultsPage } from './service';

const { list, getById } = routeGroup({ tag: 'results', access: access.admins });

/** Stored quiz results (admins). */
export const resultRoutes = [
  list({
    url: '/admin/getquizresult',
    summary:
      'List results newest first with their report status, searched on participant name and email, filtered on passed, submission days (from, to) and report status',
    query: resultListQuerySchema,
    response: resultListResponseSchema,
    // The page as it opens is a hot call (the results screen, at 100,000 results): its reply is
    // written as the schema's output would be, key for key (results.test.ts holds it to that),
    // not checked and copied by the schema on every call.
    handler: async ({ app, query }) => new SerializedJson(JSON.stringify(await listResultsPage(app, query))),
  }),
  getById({
    url: '/admin/getquizresult/:id',
    summary: 'One result with every answer',
    response: resultResponseSchema,
    handler: async ({ app, request, params }) => {
      const result = await getResult(app, params.id);
      await record(app.db, actorOf(request), { action: 'result.view', targetType: 'result', targetId: params.id });
      return result;
    },
  }),
];
