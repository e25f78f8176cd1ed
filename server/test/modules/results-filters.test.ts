import { resultListResponseSchema, resultResponseSchema } from '@prometrica/shared-api/contract';
import { appForTests } from '../helpers/build';
import { call, newParticipant, submitAll } from '../helpers/api';
import { rebuildAggregates } from '../../src/modules/insights/service';

// The results list's narrowing filters: submission days (from, to: UTC days, both included) and the
// report's status, alone and with the search and the pass filter; the summary follows the days and
// the report status (they choose the population) but not the pass filter (a tab over it).

/** Each participant: when they submitted, how many of 12 answers were wrong, and their report. */
const people = [
  { name: 'Ana Early', email: 'ana@early.org', at: '2025-03-01T00:00:00.000Z', wrong: 0, report: undefined },
  { name: 'Ben Early', email: 'ben@early.org', at: '2025-03-01T23:59:59.999Z', wrong: 9, report: 'draft' },
  { name: 'Cy Middle', email: 'cy@middle.org', at: '2025-03-02T12:00:00.000Z', wrong: 2, report: 'released' },
  { name: 'Di Late', email: 'di@late.org', at: '2025-03-03T00:00:00.000Z', wrong: 10, report: 'opened' },
  { name: 'Ed Late', email: 'ed@late.org', at: '2025-03-04T08:00:00.000Z', wrong: 1, report: 'released' },
] as const;

const subject = appForTests({ signIn: 'admin' });
const resultIds = new Map<string, string>();

beforeAll(async () => {
  const db = subject.app.db;
  for (const person of people) {
    const participant = await newParticipant(subject.app, { name: person.name, email: person.email });
    expect((await submitAll(subject.app, participant.token, (_, index) => index < person.wrong)).statusCode).toBe(201);
    const result = await db
      .selectFrom('results')
      .select('id')
      .where('participant_id', '=', participant.id)
      .executeTakeFirstOrThrow();
    await db.updateTable('results').set({ created_at: person.at }).where('id', '=', result.id).execute();
    resultIds.set(person.name, result.id);
    if (person.report === undefined) continue;
    // The report's row as the reports module keeps it: saved only (draft), released, then opened.
    await db
      .insertInto('reports')
      .values({
        result_id: result.id,
        participant_id: participant.id,
        created_at: '2025-04-01T00:00:00.000Z',
        saved_at: '2025-04-01T00:00:00.000Z',
        released_at: person.report === 'draft' ? null : '2025-04-02T00:00:00.000Z',
        opened_at: person.report === 'opened' ? '2025-04-03T00:00:00.000Z' : null,
      })
      .execute();
  }
  // Submission days moved behind the submissions' back: the aggregates are counted again.
  await rebuildAggregates(db);
});

const list = async (query: string) => {
  const response = await call(subject.app, 'GET', `/api/admin/getquizresult?${query}`, { token: subject.token });
  expect(response.statusCode).toBe(200);
  return resultListResponseSchema.strict().parse(response.json());
};
const names = async (query: string) => (await list(query)).results.map((result) => result.user.name);

describe('GET /api/admin/getquizresult: submission days', () => {
  it('keeps results submitted from the first day through the last, both whole UTC days included', async () => {
    expect(await names('from=2025-03-01&to=2025-03-01')).toEqual(['Ben Early', 'Ana Early']);
    expect(await names('from=2025-03-02')).toEqual(['Ed Late', 'Di Late', 'Cy Middle']);
    expect(await names('to=2025-03-02')).toEqual(['Cy Middle', 'Ben Early', 'Ana Early']);
    expect(await names('from=2025-03-02&to=2025-03-03')).toEqual(['Di Late', 'Cy Middle']);
    expect(await names('from=2025-03-05')).toEqual([]);
  });

  it('combines with the pass filter and with both ways of searching, paging over what matches', async () => {
    expect(await names('from=2025-03-01&to=2025-03-03&passed=true')).toEqual(['Cy Middle', 'Ana Early']);
    // Three characters or more: the trigram index; fewer: the other path.
    expect(await names('search=early.org&to=2025-03-01')).toEqual(['Ben Early', 'Ana Early']);
    expect(await names('search=late&from=2025-03-04')).toEqual(['Ed Late']);
    expect(await names('search=e&from=2025-03-02&passed=false')).toEqual(['Di Late']);
    const paged = await list('search=early.org&from=2025-03-01&to=2025-03-01&limit=1&page=2');
    expect(paged).toMatchObject({ totalResults: 2, page: 2, totalPages: 2 });
    expect(paged.results.map((result) => result.user.name)).toEqual(['Ana Early']);
  });

  it('narrows the summary to the days, whatever the pass filter', async () => {
    const failed = await list('from=2025-03-01&to=2025-03-01&passed=false');
    expect(failed.totalResults).toBe(1);
    // Ana 12 of 12 (100%), Ben 3 of 12 (25%).
    expect(failed.summary).toEqual({ total: 2, passed: 1, failed: 1, averagePercent: 63 });
    const searched = await list('search=late.org&from=2025-03-04&passed=true');
    expect(searched.summary).toEqual({ total: 1, passed: 1, failed: 0, averagePercent: 92 });
  });

  it('refuses a range that ends before it starts, and days that are not days, naming the field', async () => {
    const refusals: Array<[string, { message: string; error: string }]> = [
      ['from=2025-03-02&to=2025-03-01', { message: 'from: from must be on or before to', error: 'from' }],
      ['from=2025-3-1', { message: 'from: from must be a date (YYYY-MM-DD)', error: 'from' }],
      ['to=yesterday', { message: 'to: to must be a date (YYYY-MM-DD)', error: 'to' }],
      ['to=2025-13-01', { message: 'to: to must be a real date', error: 'to' }],
      ['to=2025-02-30', { message: 'to: to must be a real date', error: 'to' }],
      ['report=sent', { message: "report: report must be 'draft', 'released' or 'opened'", error: 'report' }],
    ];
    for (const [query, refusal] of refusals) {
      const response = await call(subject.app, 'GET', `/api/admin/getquizresult?${query}`, { token: subject.token });
      expect({ query, status: response.statusCode, body: response.json() }).toEqual({
        query,
        status: 400,
        body: refusal,
      });
    }
  });
});

describe('GET /api/admin/getquizresult: report status', () => {
  it("shows each result's report: a draft when there is no report or it is not released, its dates once released", async () => {
    const { results } = await list('');
    const reports = Object.fromEntries(results.map((result) => [result.user.name, result.report]));
    expect(reports).toEqual({
      'Ana Early': { status: 'draft', releasedAt: null, openedAt: null },
      'Ben Early': { status: 'draft', releasedAt: null, openedAt: null },
      'Cy Middle': { status: 'released', releasedAt: '2025-04-02T00:00:00.000Z', openedAt: null },
      'Di Late': { status: 'opened', releasedAt: '2025-04-02T00:00:00.000Z', openedAt: '2025-04-03T00:00:00.000Z' },
      'Ed Late': { status: 'released', releasedAt: '2025-04-02T00:00:00.000Z', openedAt: null },
    });
    const detail = await call(subject.app, 'GET', `/api/admin/getquizresult/${resultIds.get('Di Late')}`, {
      token: subject.token,
    });
    expect(resultResponseSchema.strict().parse(detail.json()).result.report).toEqual(reports['Di Late']);
  });

  it('filters on the report status, alone and with the days, the pass filter and the search', async () => {
    expect(await names('report=draft')).toEqual(['Ben Early', 'Ana Early']);
    expect(await names('report=released')).toEqual(['Ed Late', 'Cy Middle']);
    expect(await names('report=opened')).toEqual(['Di Late']);
    expect(await names('report=released&to=2025-03-03')).toEqual(['Cy Middle']);
    expect(await names('report=draft&passed=false')).toEqual(['Ben Early']);
    expect(await names('report=released&search=late.org')).toEqual(['Ed Late']);
    expect(await names('report=opened&search=d')).toEqual(['Di Late']);
    const released = await list('report=released&passed=false');
    expect(released.totalResults).toBe(0);
    // Cy 10 of 12 (83%), Ed 11 of 12 (92%).
    expect(released.summary).toEqual({ total: 2, passed: 2, failed: 0, averagePercent: 88 });
  });
});
