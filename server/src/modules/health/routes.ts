import { healthResponseSchema, liveResponseSchema, readyResponseSchema } from '@prometrica/shared-api/contract';
import { access, defineRoute } from '../../lib/route-table';
import { checkHealth, checkLive, checkReady } from './service';

/** Health for load balancers and process managers. */
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
  defineRoute({
    method: 'GET',
    url: '/health/live',
    tag: 'health',
    summary: 'Whether the process answers (nothing else is checked: restart it when this fails)',
    access: access.public,
    response: liveResponseSchema,
    handler: async () => checkLive(),
  }),
  defineRoute({
    method: 'GET',
    url: '/health/ready',
    tag: 'health',
    summary:
      'Whether the process should get traffic: the database answers within 2 s (on SQLite its write thread too) ' +
      "and has exactly this server's migrations (503 naming what is wrong otherwise)",
    access: access.public,
    response: readyResponseSchema,
    errors: [503],
    handler: ({ app }) => checkReady(app),
  }),
];
