import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { observeBatches, type BatchWriter } from '../db/batch-metrics';
import { postgresPool } from '../db/postgres/postgres';
import { sqliteWriteThread } from '../db/sqlite/sqlite';
import type { Database } from '../db/types';
import { globalPlugin } from '../lib/plugin';

export const metricsPath = '/metrics';

/**
 * Request durations in seconds: the API answers in about a millisecond when idle, a password
 * hash takes half a second, an export streams for many.
 */
const durationBuckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Writes per group-commit batch: at most 64 (`submissionsPerBatch`, `savesPerBatch`). */
const batchSizeBuckets = [1, 2, 4, 8, 16, 32, 64];
const batchSecondsBuckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** The label of a status: its class, so a route has at most five series. */
const statusClasses = ['other', '1xx', '2xx', '3xx', '4xx', '5xx'];

/** The route label of requests no route matched (the pages' fallback, unknown API paths). */
export const unmatchedRoute = '(unmatched)';

/**
 * The process's own metrics (CPU, memory, event-loop delay, garbage collection, handles): one set
 * per process, made by its first app, however many apps it holds (tests build many).
 */
let processWide: Registry | undefined;
function processMetrics(): Registry {
  if (!processWide) {
    processWide = new Registry();
    collectDefaultMetrics({ register: processWide });
  }
  return processWide;
}

type Observe = (seconds: number) => void;

/**
 * The duration series of one route (method and pattern), one per status class, each made on its
 * first request: the label values are fixed per route, so a request only picks its class's series.
 */
class RouteSeries {
  private readonly byClass: Array<Observe | undefined> = [];

  constructor(
    private readonly histogram: Histogram<'method' | 'route' | 'status_class'>,
    private readonly method: string,
    private readonly route: string,
  ) {}

  observe(status: number, seconds: number): void {
    const index = status >= 100 && status < 600 ? Math.floor(status / 100) : 0;
    let observe = this.byClass[index];
    if (!observe) {
      observe = this.histogram.labels(this.method, this.route, statusClasses[index]!).observe;
      this.byClass[index] = observe;
    }
    observe(seconds);
  }
}

type OnResponse = (request: FastifyRequest, reply: FastifyReply, done: () => void) => void;

const hooksOf = (hooks: unknown): unknown[] => (Array.isArray(hooks) ? hooks : hooks ? [hooks] : []);

/** The app's own metrics: requests by route, the database's connections or write queue, the write batches. */
function appMetrics(registry: Registry, db: Kysely<Database>) {
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Requests by method, route pattern and status class, and how long they took to answer (seconds)',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: durationBuckets,
    registers: [registry],
  });
  databaseGauges(registry, db);
  const sizes = new Histogram({
    name: 'prometrica_write_batch_size',
    help: 'Writes per group-commit batch (one transaction, one sync to disk), by writer',
    labelNames: ['writer'] as const,
    buckets: batchSizeBuckets,
    registers: [registry],
  });
  const seconds = new Histogram({
    name: 'prometrica_write_batch_seconds',
    help: 'Seconds from a group-commit batch start to its commit (waiting for the connection or write thread included), by writer',
    labelNames: ['writer'] as const,
    buckets: batchSecondsBuckets,
    registers: [registry],
  });
  const writers: Record<BatchWriter, { size: Observe; seconds: Observe }> = {
    submissions: { size: sizes.labels('submissions').observe, seconds: seconds.labels('submissions').observe },
    answers: { size: sizes.labels('answers').observe, seconds: seconds.labels('answers').observe },
  };
  observeBatches(db, (writer, writes, took) => {
    writers[writer].size(writes);
    writers[writer].seconds(took);
  });
  return { requests };
}

/**
 * PostgreSQL: the pool's connections (open, idle) and the queries waiting for one. SQLite has one
 * synchronous connection for reads; its writes queue for the write thread, whose queue is shown.
 */
function databaseGauges(registry: Registry, db: Kysely<Database>): void {
  const pool = postgresPool(db);
  if (pool) {
    new Gauge({
      name: 'prometrica_db_pool_connections',
      help: 'PostgreSQL pool connections, by state: total (open) and idle',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'prometrica_db_pool_waiting',
      help: 'Queries waiting for a PostgreSQL pool connection',
      registers: [registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
    return;
  }
  const thread = sqliteWriteThread(db);
  new Gauge({
    name: 'prometrica_sqlite_write_queue',
    help: 'Transactions sent to the SQLite write thread and not yet committed',
    registers: [registry],
    collect() {
      this.set(thread?.queued ?? 0);
    },
  });
}

/** Whether `header` is `Bearer <token>`, compared in constant time (hashes: equal lengths). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+)\s*$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

export interface MetricsPluginOptions {
  db: Kysely<Database>;
  /** `METRICS_TOKEN`: scrapes must send it as a Bearer token; null: nothing is measured, the endpoint answers 404. */
  token: string | null;
}

/**
 * Prometheus metrics at `GET /metrics`, for a scraper that sends `METRICS_TOKEN` as a Bearer token.
 * Registered before the routes: each route gets its own response hook, made once with its method
 * and pattern (never the raw URL, so the series stay bounded), and a request costs one histogram
 * observation. Requests no route matched are counted under one route label.
 */
export const metricsPlugin = globalPlugin<MetricsPluginOptions>('metrics', async (app, options) => {
  const { token } = options;
  if (token === null) {
    // Nothing is measured when nothing may read it.
    app.get(metricsPath, async (_request, reply) =>
      reply
        .code(404)
        .header('Cache-Control', 'no-store')
        .send({ message: 'Metrics are off: set METRICS_TOKEN to serve them' }),
    );
    return;
  }
  const registry = new Registry();
  const { requests } = appMetrics(registry, options.db);
  // Made at start, not at the first scrape: the event-loop delay is sampled from then on.
  const processRegistry = processMetrics();

  app.addHook('onRoute', (route: RouteOptions) => {
    const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
    const series = new RouteSeries(requests, method, route.url);
    const observe: OnResponse = (_request, reply, done) => {
      series.observe(reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
    // A new array: the options object may be shared with the HEAD route Fastify adds for a GET.
    route.onResponse = [...hooksOf(route.onResponse), observe] as RouteOptions['onResponse'];
  });

  const unmatched = new Map<string, RouteSeries>();
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) {
      let series = unmatched.get(request.method);
      if (!series) unmatched.set(request.method, (series = new RouteSeries(requests, request.method, unmatchedRoute)));
      series.observe(reply.statusCode, reply.elapsedTime / 1000);
    }
    done();
  });

  app.get(metricsPath, async (request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer realm="metrics"')
        .send({ message: 'Metrics need METRICS_TOKEN as a Bearer token (Authorization: Bearer <token>)' });
    }
    const text = (await processRegistry.metrics()) + (await registry.metrics());
    return reply.header('Content-Type', registry.contentType).send(text);
  });
});
