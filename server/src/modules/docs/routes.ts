import type { FastifyPluginAsync } from 'fastify';
import type { ApiRoute } from '../../lib/route-table';
import { docsContentSecurityPolicy, renderDocsPage } from './html';
import { buildOpenApiDocument } from './openapi';

/**
 * `GET /api/docs` (a page) and `GET /api/docs/openapi.json`: the reference, generated once at
 * start from the same route table the API is registered from. Public: it holds no data.
 */
export const docsRoutes: FastifyPluginAsync<{ routes: readonly ApiRoute[] }> = async (app, options) => {
  const document = buildOpenApiDocument(options.routes);
  const page = renderDocsPage(document);

  app.get('/docs/openapi.json', async (_request, reply) => reply.header('cache-control', 'no-cache').send(document));
  app.get(
    '/docs',
    {
      // Route hooks run after the server-wide ones: this page's stricter policy (no scripts at all,
      // only its own hashed inline style) replaces the general one.
      onSend: async (_request, reply, payload) => {
        reply.header('content-security-policy', docsContentSecurityPolicy);
        return payload;
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .type('text/html; charset=utf-8')
        .send(page),
  );
};
