import type { FastifyPluginAsync } from 'fastify';
import { runtimeConfig } from './service';

/** `/config.json`, outside `/api`: the shell fetches it before it knows the API's base URL. */
export const runtimeConfigRoutes: FastifyPluginAsync = async (app) => {
  const body = runtimeConfig(app.config);
  // no-cache: a changed remote URL must reach browsers on their next load.
  app.get('/config.json', async (_request, reply) => reply.header('cache-control', 'no-cache').send(body));
};
