// Development aid (not part of `pnpm bench`): what the server's metrics and request ids cost a
// request, and what a log line costs as JSON and as pino-pretty's readable line.
//
//   node --import ./bench/node_modules/tsx/dist/loader.mjs bench/src/dev/observability-cost.ts
//
// 1. Requests: Fastify apps with one route answering a small JSON object: without, with the
//    server's request ids (generator and reply header), with its metrics plugin (on a real SQLite
//    database), and with both, called over HTTP in alternating rounds; the median CPU time a request. 2. The per-request work alone, outside Fastify: one histogram observation through
//    a route's series, and one new UUID. 3. A 'request completed' line: written by pino as JSON,
//    and turned into a readable line by pino-pretty (which the server runs on pino's transport
//    thread, and only on a terminal).
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { openDatabase } from '../../../server/src/db';
import { loggerOptions } from '../../../server/src/lib/logger';
import { metricsPlugin } from '../../../server/src/plugins/metrics';
import { requestIdGenerator, requestIdPlugin } from '../../../server/src/plugins/request-id';
import type * as PinoPretty from '../../../server/node_modules/pino-pretty';
import type * as PromClient from '../../../server/node_modules/prom-client';
import { repoRoot } from '../paths';

/** The server's own dependencies (prom-client, pino-pretty), which the bench does not have. */
const serverRequire = createRequire(join(repoRoot, 'server', 'package.json'));

const requestsPerRound = Number(process.env.N ?? 10_000);
const rounds = Number(process.env.ROUNDS ?? 7);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Variant = 'bare' | 'request ids' | 'metrics' | 'both';
const variants: Variant[] = ['bare', 'request ids', 'metrics', 'both'];

/**
 * An app shaped like the server where it matters here: a logger (at warn, so no line a request,
 * as the bench runs the server; with a logger Fastify times every reply anyway, without one an
 * onResponse hook turns that timing on) and an onSend hook (the security headers).
 */
async function app(variant: Variant, db: Parameters<typeof metricsPlugin>[1]['db']): Promise<FastifyInstance> {
  const ids = variant === 'request ids' || variant === 'both';
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const server = Fastify({
    logger: { level: 'warn', stream: sink },
    ...(ids ? { requestIdHeader: false, genReqId: requestIdGenerator(() => false) } : {}),
  });
  server.addHook('onSend', (_request, reply, payload, done) => {
    void reply.header('X-Content-Type-Options', 'nosniff');
    done(null, payload);
  });
  if (ids) await server.register(requestIdPlugin);
  if (variant === 'metrics' || variant === 'both') await server.register(metricsPlugin, { db, token: 'x'.repeat(32) });
  server.get('/api/user/getquestion', async () => ({ question: 'How are you?', options: ['well', 'not well'] }));
  await server.listen({ host: '127.0.0.1', port: 0 });
  return server;
}

/**
 * CPU microseconds (the process's: the client's share is the same for every variant) a request,
 * over `requestsPerRound` sequential requests on one kept-alive connection. CPU time, not wall
 * time: on a machine others load, the wait for a core varies more than the difference measured.
 * Real HTTP: Fastify's `inject` keeps about 10 KB per request in this version, and the garbage
 * collection that follows would blur the difference.
 */
async function round(server: FastifyInstance): Promise<number> {
  const { port } = server.server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<void>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/api/user/getquestion', agent }, (response) => {
        response.resume();
        response.on('end', resolve);
      })
        .on('error', reject)
        .end();
    });
  const started = process.cpuUsage();
  for (let i = 0; i < requestsPerRound; i++) await get();
  const { user, system } = process.cpuUsage(started);
  agent.destroy();
  return (user + system) / requestsPerRound;
}

async function requests(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'observability-cost-'));
  const database = await openDatabase({ dataDir: dir, databaseUrl: null });
  try {
    const servers = await Promise.all(variants.map((variant) => app(variant, database.db)));
    const times = new Map<Variant, number[]>(variants.map((variant) => [variant, []]));
    for (const server of servers) await round(server);
    for (let i = 0; i < rounds; i++) {
      for (const [index, server] of servers.entries()) times.get(variants[index]!)!.push(await round(server));
    }
    const bare = median(times.get('bare')!);
    console.log(
      `HTTP, ${rounds} alternating rounds of ${requestsPerRound} sequential requests, CPU time (median of rounds):`,
    );
    for (const variant of variants) {
      const sorted = [...times.get(variant)!].sort((a, b) => a - b);
      const took = median(sorted);
      const quartiles = `quartiles ${sorted[Math.floor(sorted.length / 4)]!.toFixed(2)} to ${sorted[Math.floor((sorted.length * 3) / 4)]!.toFixed(2)}`;
      const extra = variant === 'bare' ? '' : `, ${took - bare >= 0 ? '+' : ''}${(took - bare).toFixed(2)} µs`;
      console.log(`  ${variant.padEnd(12)} ${took.toFixed(2)} µs/request (${quartiles}${extra})`);
    }
    await Promise.all(servers.map((server) => server.close()));
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Nanoseconds a call of `work`, over `times` calls. */
function perCall(times: number, work: (i: number) => void): number {
  for (let i = 0; i < times / 10; i++) work(i);
  const started = process.hrtime.bigint();
  for (let i = 0; i < times; i++) work(i);
  return Number(process.hrtime.bigint() - started) / times;
}

async function perRequestWork(): Promise<void> {
  const { Histogram, Registry } = serverRequire('prom-client') as typeof PromClient;
  const histogram = new Histogram({
    name: 'h',
    help: 'h',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [new Registry()],
  });
  const child = histogram.labels('GET', '/api/user/getquestion', '2xx');
  const observeChild = perCall(1_000_000, (i) => child.observe((i % 50) / 10_000));
  const observeLabels = perCall(1_000_000, (i) =>
    histogram.observe({ method: 'GET', route: '/api/user/getquestion', status_class: '2xx' }, (i % 50) / 10_000),
  );
  const uuid = perCall(1_000_000, () => randomUUID());
  console.log(
    `histogram observation through the route's series ${observeChild.toFixed(0)} ns ` +
      `(with a labels object each time: ${observeLabels.toFixed(0)} ns); randomUUID ${uuid.toFixed(0)} ns`,
  );
}

async function logLines(): Promise<void> {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  const server = Fastify({ logger: { ...loggerOptions({ logLevel: 'info' }, { isTTY: false }), stream: sink } });
  const fields = { reqId: randomUUID(), res: { statusCode: 200 }, responseTime: 1.234 };
  const json = perCall(200_000, () => server.log.info(fields, 'request completed'));
  const { prettyFactory } = serverRequire('pino-pretty') as typeof PinoPretty;
  const pretty = prettyFactory({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
  const line = JSON.stringify({
    level: 30,
    time: Date.now(),
    pid: 1,
    hostname: 'h',
    ...fields,
    msg: 'request completed',
  });
  const readable = perCall(200_000, () => pretty(line));
  console.log(
    `a 'request completed' line: JSON by pino ${(json / 1000).toFixed(2)} µs (${bytes > 0 ? 'written' : 'lost'}), ` +
      `pino-pretty's readable line from it ${(readable / 1000).toFixed(2)} µs more (on the transport thread)`,
  );
}

void (async () => {
  await requests();
  await perRequestWork();
  await logLines();
  process.exit(0);
})();
