// A smoke run of the benchmark code (bench/), so it cannot rot: the real server process under a
// few hundred requests against a tiny seeded database (PostgreSQL when DATABASE_URL is set). It
// checks the shape of the results, not the budgets: a benchmark is not a test.
import { apiRows, formatTable } from '../../bench/src/budgets';
import { runApiSuite, type EngineResult } from '../../bench/src/api/suite';
import { CsvRecordCounter, type DataOutResult } from '../../bench/src/api/data-out';
import { runLoad, type LoadResult } from '../../bench/src/api/load';
import { startBareServer } from '../../bench/src/api/processes';
import { longestChain, type LoggedRequest } from '../../bench/src/web/network-log';
import { parseCpuLine, stolenPercent } from '../../bench/src/api/host-steal';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

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
    exportLoadConnections: 2,
    reportPdfs: 5,
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
  // Every submission of every round is a new participant: created, never a repeat or an error.
  expect(result.submitanswer.created).toBe(result.submitanswer.requests);
  expect(result.submitanswer.non2xx).toBe(0);
  const rounds = result.submitanswerRounds;
  expect(rounds.p99).toHaveLength(3);
  expect(rounds.p99).toContain(result.submitanswer.latencyMs.p99);
  expect(rounds.p99[1]).toBe(result.submitanswer.latencyMs.p99);
  expect(rounds.requests).toBeGreaterThan(result.submitanswer.requests);
  expect(rounds.created).toBe(rounds.requests);
  expect(rounds.failed).toBe(0);
  // The host's share of the CPU in each round, read from /proc/stat (null where there is none).
  expect(rounds.stolenPercent).toHaveLength(3);
  for (const share of rounds.stolenPercent) {
    if (share !== null) expect(share).toBeGreaterThanOrEqual(0);
    if (share !== null) expect(share).toBeLessThanOrEqual(100);
  }
  // No participant was used twice (the pool did not wrap round).
  expect(result.submitanswer.participantsUsed).toBeGreaterThanOrEqual(rounds.requests);
  expect(result.submitanswer.participantsUsed).toBeLessThan(result.submitanswer.participantsAvailable);
  // Answer saves: each a participant's first save of a question, every one stored.
  expect(result.upsertDriver.upserts).toBeGreaterThan(0);
  expect(result.upsertDriver.upsertsPerSecond).toBeGreaterThan(0);
  expectLoad(result.answerSave, 4);
  expect(result.answerSave.statuses).toEqual({ 200: result.answerSave.requests });
  expect(result.answerSave.warmupNon2xx).toBe(0);
  expect(result.answerSave.participantsUsed).toBeGreaterThan(0);
  for (const read of [result.results, result.resultsSearch, result.insights, result.stats]) {
    expectLoad(read.loaded, 4);
    expectLoad(read.single, 1);
    expect(read.single.non2xx + read.loaded.non2xx).toBe(0);
  }
});

test('the exports and report PDFs were measured on every seeded result, each file read in full', () => {
  expect(result.dataOut).not.toHaveProperty('error');
  const dataOut = result.dataOut as DataOutResult;
  // The seeded results only: the participants who submitted during the run are left out by the day.
  expect(dataOut.expectedRows).toBe(200);
  expectLoad(dataOut.getquestionAlone, 2);
  for (const figures of [dataOut.csv, dataOut.xlsx]) {
    expect(figures.rows).toBe(200);
    expect(figures.announcedRows).toBe(200);
    expect(figures.bytes).toBeGreaterThan(200 * 30);
    expect(figures.seconds).toBeGreaterThan(0);
    expect(figures.memory.samples).toBeGreaterThanOrEqual(2);
    expect(figures.memory.beforeMb).toBeGreaterThan(10);
    expect(figures.memory.peakMb).toBeGreaterThanOrEqual(figures.memory.beforeMb);
    expect(figures.memory.addedMb).toBeCloseTo(figures.memory.peakMb - figures.memory.beforeMb, 0);
    // getquestion beside the export: loaded for as long as it ran, every answer a 200.
    expectLoad(figures.getquestion, 2);
    expect(figures.getquestion.statuses).toEqual({ 200: figures.getquestion.requests });
  }
  expect(dataOut.pdf.count).toBe(5);
  expect(dataOut.pdf.bytes).toBeGreaterThan(1000);
  expect(dataOut.pdf.latencyMs.p50).toBeGreaterThan(0);
  expect(dataOut.pdf.latencyMs.p95).toBeLessThanOrEqual(dataOut.pdf.latencyMs.max);
  expect(dataOut.pdf.json.p95).toBeGreaterThan(0);
});

test('CSV records are counted across chunks, a quoted line break inside a record and a missing last line break included', () => {
  const counter = new CsvRecordCounter();
  const text = '\uFEFFa,b\r\n"x\r\ny","say ""hi""\n"\r\n1,2';
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; at += 3) counter.push(bytes.subarray(at, at + 3));
  expect(counter.hasBom()).toBe(true);
  expect(counter.bytes).toBe(bytes.length);
  expect(counter.total()).toBe(3);
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
  expect(rows.filter((row) => row.measure.startsWith('answer save')).map((row) => row.budget)).toEqual([
    '≥ 0.5× driver',
    '≤ 25 ms',
    '0',
  ]);
  expect(
    rows.filter((row) => /export|report PDF/.test(row.measure)).map((row) => [row.measure.split(' ')[0], row.budget]),
  ).toEqual([
    ['CSV', '≤ 10 s'],
    ['CSV', '0'],
    ['CSV', '≤ 100 MB'],
    ['getquestion', '≤ 25 ms'],
    ['XLSX', '≤ 30 s'],
    ['XLSX', '0'],
    ['XLSX', '≤ 100 MB'],
    ['getquestion', '≤ 25 ms'],
    ['report', '≤ 300 ms'],
  ]);
});

test('requests meant to be sent once are never sent twice: the load stops and says the pool ran out', async () => {
  const bare = await startBareServer();
  try {
    const once = [{ headers: { 'x-participant': 'a' } }, { headers: { 'x-participant': 'b' } }];
    const load = runLoad(
      bare.url,
      { name: 'two participants', method: 'GET', path: '/', once },
      { connections: 2, seconds: 1, warmupSeconds: 0 },
    );
    await expect(load).rejects.toThrow('two participants ran out of requests to send once: all 2 were sent');
  } finally {
    await bare.stop();
  }
});

test("a request sent once takes its since from the send time of the one it names, as a participant's answer saves do", async () => {
  const received = new Map<number, { since?: string; at: number }>();
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += String(chunk)));
    request.on('end', () => {
      const { since } = JSON.parse(body) as { since?: string };
      received.set(Number(request.headers['x-n']), { since, at: Date.now() });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const placeholder = '2000-01-01T00:00:00.000Z';
  // Three participants saving in turn: request n takes its since from request n - 3.
  const once = Array.from({ length: 100_000 }, (_, n) => ({
    headers: { 'x-n': String(n), 'content-type': 'application/json' },
    body: JSON.stringify(n < 3 ? { n } : { n, since: placeholder }),
    ...(n < 3 ? {} : { sinceOf: n - 3 }),
  }));
  const started = Date.now();
  try {
    await runLoad(
      `http://127.0.0.1:${port}`,
      { name: 'saves', method: 'POST', path: '/', once },
      { connections: 2, seconds: 0.5, warmupSeconds: 0 },
    );
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  expect(received.size).toBeGreaterThan(10);
  for (const [n, { since }] of received) {
    if (n < 3) {
      expect(since).toBeUndefined();
      continue;
    }
    // Sent no earlier than the run began, before the earlier request was answered.
    const at = Date.parse(since!);
    expect(at).toBeGreaterThanOrEqual(started);
    expect(at).toBeLessThanOrEqual(received.get(n - 3)!.at);
  }
});

test('the request chain follows initiators and the data fetches a script waited for', () => {
  const request = (
    id: string,
    url: string,
    type: string,
    initiator: LoggedRequest['initiator'],
    sent: number,
    finished: number,
  ): LoggedRequest => ({
    id,
    url,
    type,
    initiator,
    sentAt: sent,
    sentTs: sent,
    finishedTs: finished,
    fromCache: false,
  });
  const html = 'http://x/';
  const main = 'http://x/main.js';
  const chain = longestChain([
    request('1', html, 'Document', { type: 'other' }, 0, 1),
    request('2', main, 'Script', { type: 'parser', url: html }, 1, 2),
    request('3', 'http://x/preloaded.js', 'Script', { type: 'parser', url: html }, 1, 2),
    request('4', 'http://x/config.json', 'Fetch', { type: 'script', stack: { callFrames: [{ url: main }] } }, 2, 3),
    request(
      '5',
      'http://x/remoteEntry.js',
      'Script',
      { type: 'script', stack: { callFrames: [{ url: main }] } },
      3.5,
      4,
    ),
  ]);
  expect(chain.length).toBe(4);
  expect(chain.path).toEqual([html, main, 'http://x/config.json', 'http://x/remoteEntry.js']);
});

test("the host's share of the CPU is read from /proc/stat's first line", () => {
  const before = parseCpuLine('cpu  100 5 50 800 10 0 5 30 0 0\ncpu0 50 2 25 400 5 0 2 15 0 0\n');
  expect(before).toEqual({ steal: 30, total: 1000 });
  const after = parseCpuLine('cpu  200 5 100 1400 10 0 5 280 0 0\n');
  expect(after).toEqual({ steal: 280, total: 2000 });
  // 250 of the 1,000 ticks between the two readings were stolen.
  expect(stolenPercent(before, after)).toBe(25);
  expect(parseCpuLine('intr 1 2 3')).toBeUndefined();
  expect(stolenPercent(undefined, after)).toBeUndefined();
  expect(stolenPercent(after, before)).toBeUndefined();
});
