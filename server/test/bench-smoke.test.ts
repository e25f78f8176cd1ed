// A smoke run of the benchmark code (bench/), so it cannot rot: the real server process under a
// few hundred requests against a tiny seeded database (PostgreSQL when DATABASE_URL is set). It
// checks the shape of the results, not the budgets: a benchmark is not a test.
import { apiRows, formatTable } from '../../bench/src/budgets';
import { runApiSuite, type EngineResult } from '../../bench/src/api/suite';
import type { LoadResult } from '../../bench/src/api/load';
import { longestChain, type LoggedRequest } from '../../bench/src/web/network-log';

jest.setTimeout(180_000);

function expectLoad(result: LoadResult, connections: number) {
  expect(result.connections).toBe(connections);
  expect(result.requests).toBeGreaterThan(0);
  expect(result.requestsPerSecond).toBeGreaterThan(0);
  expect(result.errors).toBe(0);
  const { p50, p95, p99, max } = result.latencyMs;
  for (const value of [p50, p95, p99, max]) expect(Number.isFinite(value)).toBe(true);
  expect(p50).toBeLessThanOrEqual(p99);
  expect(p99).toBeLessThanOrEqual(max);
  expect(Object.values(result.statuses).reduce((a, b) => a + b, 0)).toBe(result.requests);
}

let result: EngineResult;

beforeAll(async () => {
  const engine = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
  result = await runApiSuite(engine, {
    participants: 200,
    connections: 4,
    seconds: 1,
    warmupSeconds: 0,
    singleSeconds: 0.5,
    driverSeconds: 0.3,
    ...(process.env.DATABASE_URL ? { postgresUrl: process.env.DATABASE_URL } : {}),
  });
});

test('the seed writes consistent submissions: one result per participant, 30 answers each', () => {
  expect(result.seed.rows).toMatchObject({ results: 200, resultCategories: 200 * 5, answers: 200 * 30 });
  expect(result.seed.rows.participants).toBeGreaterThanOrEqual(200);
});

test('every call was measured, with the baselines of the same run', () => {
  expect(result.driver.submissions).toBeGreaterThan(0);
  expect(result.driver.submissionsPerSecond).toBeGreaterThan(0);
  expectLoad(result.bare.loaded, 4);
  expectLoad(result.bare.single, 1);
  expectLoad(result.getquestion, 4);
  expect(result.getquestion.statuses).toEqual({ 200: result.getquestion.requests });
  expectLoad(result.submitanswer, 4);
  // Every submission is a new participant: created, never a repeat or an error.
  expect(result.submitanswer.created).toBe(result.submitanswer.requests);
  expect(result.submitanswer.non2xx).toBe(0);
  for (const read of [result.results, result.stats]) {
    expectLoad(read.loaded, 4);
    expectLoad(read.single, 1);
    expect(read.single.non2xx + read.loaded.non2xx).toBe(0);
  }
});

test('the budgets table has a verdict for every budget', () => {
  const rows = apiRows(result);
  expect(rows.length).toBeGreaterThan(5);
  for (const row of rows) {
    expect(['PASS', 'FAIL', '']).toContain(row.status);
    expect(Number.isFinite(row.data.value)).toBe(true);
    if (row.budget) expect(row.status).not.toBe('');
  }
  expect(formatTable(rows)).toContain('getquestion throughput');
});

test('the request chain follows initiators and the data fetches a script waited for', () => {
  const request = (id: string, url: string, type: string, initiator: LoggedRequest['initiator'], sent: number, finished: number): LoggedRequest => ({
    id, url, type, initiator, sentAt: sent, sentTs: sent, finishedTs: finished, fromCache: false,
  });
  const html = 'http://x/';
  const main = 'http://x/main.js';
  const chain = longestChain([
    request('1', html, 'Document', { type: 'other' }, 0, 1),
    request('2', main, 'Script', { type: 'parser', url: html }, 1, 2),
    request('3', 'http://x/preloaded.js', 'Script', { type: 'parser', url: html }, 1, 2),
    request('4', 'http://x/config.json', 'Fetch', { type: 'script', stack: { callFrames: [{ url: main }] } }, 2, 3),
    request('5', 'http://x/remoteEntry.js', 'Script', { type: 'script', stack: { callFrames: [{ url: main }] } }, 3.5, 4),
  ]);
  expect(chain.length).toBe(4);
  expect(chain.path).toEqual([html, main, 'http://x/config.json', 'http://x/remoteEntry.js']);
});
