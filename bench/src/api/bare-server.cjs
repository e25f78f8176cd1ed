// The API baseline: a bare Fastify route returning a small JSON object, in its own process.
const fastify = require('fastify')({ logger: false });

fastify.get('/', async () => ({ hello: 'world', ok: true }));
fastify.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) }).then((address) => {
  process.stdout.write(`listening ${address}\n`);
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => fastify.close().then(() => process.exit(0)));
