// The Prometheus endpoint (docs/operations.md#metrics): a scrape after a short load shows every
// listed metric with non-zero counts, route patterns rather than raw URLs, and only a scraper with
// METRICS_TOKEN gets it.
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { sqliteFileName } from '../../src/db/sqlite/sqlite';
import { questionSet } from '../../src/modules/questions/question-set';
import { metricsPath, unmatchedRoute } from '../../src/plugins/metrics';
import { call, currentQuestions, newParticipant, submitAll } from '../helpers/api';
import { appForTests, build, expectedDialect } from '../helpers/build';

const token = 'metrics-token-for-the-tests-0123456789abcdef';
const subject = appForTests({ env: { METRICS_TOKEN: token }, signIn: 'admin' });

const scrape = (authorization?: string) =>
  subject.app.inject({ method: 'GET', url: metricsPath, headers: authorization ? { authorization } : {} });

/** One sample of the exposition text: its name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function samples(text: string): Sample[] {
  const found: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    found.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return found;
}

const valueOf = (all: Sample[], name: string, labels: Record<string, string> = {}) =>
  all
    .filter(
      (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);

describe('GET /metrics', () => {
  let text = '';

  beforeAll(async () => {
    const { app } = subject;
    // A short load: a participant saves answers and submits, an admin reads a result by its id,
    // plus a health check, an unknown API path and a page.
    const participant = await newParticipant(app);
    const version = (await questionSet(app).latest()).version;
    const questions = await currentQuestions(app);
    for (const question of questions.slice(0, 3)) {
      const saved = await call(app, 'POST', '/api/user/answer', {
        token: participant.token,
        payload: {
          questionId: question.id,
          userAnswer: question.correctAnswer,
          questionSetVersion: version,
          timeMs: 1000,
        },
      });
      expect(saved.statusCode).toBe(200);
    }
    expect((await submitAll(app, participant.token)).statusCode).toBe(201);
    const result = await app.db.selectFrom('results').select('id').executeTakeFirstOrThrow();
    expect((await call(app, 'GET', `/api/admin/getquizresult/${result.id}`, { token: subject.token })).statusCode).toBe(
      200,
    );
    expect((await call(app, 'GET', '/api/health')).statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/no-such-route')).statusCode).toBe(404);
    expect((await call(app, 'GET', '/api/admin/getallusers')).statusCode).toBe(401);
    await app.inject({ method: 'GET', url: '/dashboard/results' });

    const response = await scrape(`Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    text = response.body;
  });

  it('counts requests by method, route pattern and status class, never by raw URL', () => {
    const all = samples(text);
    const count = 'http_request_duration_seconds_count';
    expect(valueOf(all, count, { method: 'GET', route: '/api/health', status_class: '2xx' })).toBe(1);
    expect(valueOf(all, count, { method: 'POST', route: '/api/user/answer', status_class: '2xx' })).toBe(3);
    expect(valueOf(all, count, { method: 'POST', route: '/api/user/submitanswer', status_class: '2xx' })).toBe(1);
    expect(valueOf(all, count, { method: 'GET', route: '/api/admin/getquizresult/:id', status_class: '2xx' })).toBe(1);
    expect(valueOf(all, count, { method: 'GET', route: '/api/admin/getallusers', status_class: '4xx' })).toBe(1);
    expect(valueOf(all, count, { method: 'GET', route: unmatchedRoute, status_class: '4xx' })).toBe(1);
    expect(valueOf(all, count, { method: 'GET', route: unmatchedRoute })).toBe(2);
    // Latency: the buckets and the sum of the same series.
    expect(valueOf(all, 'http_request_duration_seconds_sum', { route: '/api/user/answer' })).toBeGreaterThan(0);
    expect(valueOf(all, 'http_request_duration_seconds_bucket', { route: '/api/user/answer', le: '+Inf' })).toBe(3);
    // No series names a concrete URL: every route label is a pattern (or the unmatched one).
    const routes = new Set(all.filter((sample) => sample.name === count).map((sample) => sample.labels.route));
    expect([...routes].filter((route) => route !== unmatchedRoute && /\/[0-9a-f-]{20,}/.test(route!))).toEqual([]);
    expect([...routes]).not.toContain('/dashboard/results');
  });

  it('shows the submission and answer batches: their sizes and commit times', () => {
    const all = samples(text);
    for (const writer of ['submissions', 'answers']) {
      expect(valueOf(all, 'prometrica_write_batch_size_count', { writer })).toBeGreaterThan(0);
      expect(valueOf(all, 'prometrica_write_batch_size_sum', { writer })).toBeGreaterThan(0);
      expect(valueOf(all, 'prometrica_write_batch_seconds_count', { writer })).toBeGreaterThan(0);
      expect(valueOf(all, 'prometrica_write_batch_seconds_sum', { writer })).toBeGreaterThan(0);
    }
    expect(valueOf(all, 'prometrica_write_batch_size_sum', { writer: 'answers' })).toBe(3);
  });

  it(`shows the database's ${expectedDialect === 'postgres' ? 'pool' : 'write queue'}`, () => {
    const all = samples(text);
    if (expectedDialect === 'postgres') {
      expect(valueOf(all, 'prometrica_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      expect(
        all.some((sample) => sample.name === 'prometrica_db_pool_connections' && sample.labels.state === 'idle'),
      ).toBe(true);
      expect(all.filter((sample) => sample.name === 'prometrica_db_pool_waiting')).toHaveLength(1);
    } else {
      // Nothing is in flight while the scrape runs: the queue is there, and empty.
      expect(all.filter((sample) => sample.name === 'prometrica_sqlite_write_queue')).toEqual([
        { name: 'prometrica_sqlite_write_queue', labels: {}, value: 0 },
      ]);
    }
  });

  it(`shows the ${expectedDialect === 'postgres' ? "pool's waiting queries" : "write thread's queue"} while the database is busy`, async () => {
    const { app } = subject;
    if (expectedDialect === 'postgres') {
      // More slow queries than the pool has connections (10): the rest wait for one.
      const slow = Array.from({ length: 14 }, () => sql`select pg_sleep(0.5)`.execute(app.db));
      let busy: Sample[] = [];
      for (let tries = 0; valueOf(busy, 'prometrica_db_pool_waiting') === 0 && tries < 40; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        busy = samples((await scrape(`Bearer ${token}`)).body);
      }
      expect(valueOf(busy, 'prometrica_db_pool_waiting')).toBeGreaterThan(0);
      expect(valueOf(busy, 'prometrica_db_pool_connections', { state: 'total' })).toBe(10);
      expect(valueOf(busy, 'prometrica_db_pool_connections', { state: 'idle' })).toBe(0);
      await Promise.all(slow);
    } else {
      // Another connection holds the write lock: an answer save waits in the write thread's queue.
      const participant = await newParticipant(app);
      const [question] = await currentQuestions(app);
      const version = (await questionSet(app).latest()).version;
      const holder = new SqliteDatabase(path.join(app.config.dataDir, sqliteFileName));
      let saving: Promise<unknown> | undefined;
      try {
        holder.exec('begin immediate');
        saving = call(app, 'POST', '/api/user/answer', {
          token: participant.token,
          payload: {
            questionId: question!.id,
            userAnswer: question!.correctAnswer,
            questionSetVersion: version,
            timeMs: 1000,
          },
        });
        let queued = 0;
        for (let tries = 0; queued === 0 && tries < 50; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          queued = valueOf(samples((await scrape(`Bearer ${token}`)).body), 'prometrica_sqlite_write_queue');
        }
        expect(queued).toBe(1);
      } finally {
        holder.exec('rollback');
        holder.close();
      }
      expect(((await saving) as { statusCode: number }).statusCode).toBe(200);
      expect(valueOf(samples((await scrape(`Bearer ${token}`)).body), 'prometrica_sqlite_write_queue')).toBe(0);
    }
  });

  it("shows the process's event-loop delay and memory", () => {
    const all = samples(text);
    // Sampled since the app started (the delay of a timer every 10 ms); the gauge of the moment
    // is measured by each scrape for the next one.
    expect(valueOf(all, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
    expect(valueOf(all, 'nodejs_eventloop_lag_max_seconds')).toBeGreaterThan(0);
    expect(all.some((sample) => sample.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
    expect(valueOf(all, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(valueOf(all, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it.each([
    ['no Authorization header', undefined],
    ['a wrong token', 'Bearer metrics-token-for-the-tests-0123456789abcdeX'],
    ['the token in another scheme', `Basic ${token}`],
    ['the token cut short', `Bearer ${token.slice(0, -1)}`],
  ])('refuses a scrape with %s (401, nothing of the metrics)', async (_label, authorization) => {
    const response = await scrape(authorization);
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(response.json()).toEqual({
      message: 'Metrics need METRICS_TOKEN as a Bearer token (Authorization: Bearer <token>)',
    });
    expect(response.body).not.toContain('http_request_duration_seconds');
  });

  it('refuses an anonymous scrape over a real connection too', async () => {
    await subject.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = subject.app.server.address() as { port: number };
    const response = await fetch(`http://127.0.0.1:${port}${metricsPath}`);
    expect(response.status).toBe(401);
    expect(await response.text()).not.toContain('nodejs_');
  });

  it('serves no metrics without METRICS_TOKEN (404 saying how to turn them on)', async () => {
    const bare = await build();
    try {
      const response = await bare.app.inject({
        method: 'GET',
        url: metricsPath,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Metrics are off: set METRICS_TOKEN to serve them' });
      expect(response.headers['cache-control']).toBe('no-store');
    } finally {
      await bare.close();
    }
  });
});
