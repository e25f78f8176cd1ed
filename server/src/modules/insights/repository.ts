import { CompiledQuery, sql } from 'kysely';
import { executeKept } from '../../db/statements/execute';
import { statementText } from '../../db/statements/statement-cache';
import { isPostgres } from '../../db/postgres/postgres';
import type { Executor } from '../../db/types';
import { toCount } from '../../lib/pagination';
import type { AnswerSums } from './figures';
import { periodRanges } from './periods';

// Reads of the aggregates (migration 0017): sums over a version's rows of the periods a range of
// days covers (periods.ts), over every shard; one statement per range of period keys, each a seek
// of the table's key, the sums of a key over the ranges added here.

/** A range of submission days, both ends optional and inclusive. */
export interface DayRange {
  from?: string;
  to?: string;
}

/** The rows each range of period keys gives, one statement each. */
async function overPeriods<T>(range: DayRange, read: (first: string, last: string) => Promise<T[]>): Promise<T[]> {
  const parts = await Promise.all(periodRanges(range.from, range.to).map(([first, last]) => read(first, last)));
  return parts.flat();
}

const add = <K>(map: Map<K, number>, key: K, count: number) => map.set(key, (map.get(key) ?? 0) + count);

/** Participants per raw score, overall (scope -1) and per category index. */
export async function readScores(
  db: Executor,
  version: number,
  range: DayRange,
): Promise<Map<number, Map<number, number>>> {
  const rows = await overPeriods(range, (first, last) =>
    db
      .selectFrom('insight_scores')
      .select(['scope', 'score', (eb) => eb.fn.sum<number | string>('count').as('count')])
      .where('version', '=', version)
      .where('period', '>=', first)
      .where('period', '<=', last)
      .groupBy(['scope', 'score'])
      .execute(),
  );
  const scopes = new Map<number, Map<number, number>>();
  for (const row of rows) {
    const count = toCount(row.count);
    if (count === 0) continue;
    const scope = Number(row.scope);
    let counts = scopes.get(scope);
    if (!counts) scopes.set(scope, (counts = new Map()));
    add(counts, Number(row.score), count);
  }
  return scopes;
}

/** Per question position, the answers given with their counts and score sums (an answer may come once per range). */
export async function readAnswers(db: Executor, version: number, range: DayRange): Promise<Map<number, AnswerSums[]>> {
  const rows = await overPeriods(range, (first, last) =>
    db
      .selectFrom('insight_answers')
      .select([
        'position',
        'choice',
        'correct',
        (eb) => eb.fn.sum<number | string>('count').as('count'),
        (eb) => eb.fn.sum<number | string>('score_sum').as('score_sum'),
      ])
      .where('version', '=', version)
      .where('period', '>=', first)
      .where('period', '<=', last)
      .groupBy(['position', 'choice', 'correct'])
      .execute(),
  );
  const positions = new Map<number, AnswerSums[]>();
  for (const row of rows) {
    const count = toCount(row.count);
    if (count === 0) continue;
    const position = Number(row.position);
    let list = positions.get(position);
    if (!list) positions.set(position, (list = []));
    list.push({
      choice: Number(row.choice),
      correct: Number(row.correct) === 1,
      count,
      scoreSum: toCount(row.score_sum),
    });
  }
  return positions;
}

/** Per question id, saved answer times per bucket. */
export async function readTimes(
  db: Executor,
  version: number,
  range: DayRange,
): Promise<Map<string, Map<number, number>>> {
  const rows = await overPeriods(range, (first, last) =>
    db
      .selectFrom('insight_times')
      .select(['question_id', 'bucket', (eb) => eb.fn.sum<number | string>('count').as('count')])
      .where('version', '=', version)
      .where('period', '>=', first)
      .where('period', '<=', last)
      .groupBy(['question_id', 'bucket'])
      .execute(),
  );
  const questions = new Map<string, Map<number, number>>();
  for (const row of rows) {
    let buckets = questions.get(row.question_id);
    if (!buckets) questions.set(row.question_id, (buckets = new Map()));
    add(buckets, Number(row.bucket), toCount(row.count));
  }
  return questions;
}

/** Every stored question-set version, newest first, with its number of questions. */
export async function listVersions(
  db: Executor,
): Promise<Array<{ version: number; createdAt: string; questions: number }>> {
  const length = isPostgres(db)
    ? sql<number>`json_array_length(questions::json)`
    : sql<number>`json_array_length(questions)`;
  const rows = await db
    .selectFrom('question_set_versions')
    .select(['version', 'created_at', length.as('questions')])
    .orderBy('version', 'desc')
    .execute();
  return rows.map((row) => ({
    version: Number(row.version),
    createdAt: row.created_at,
    questions: Number(row.questions),
  }));
}

/** Results of all time of each of `versions` (their overall score rows of the months, summed). */
export async function participantsPerVersion(db: Executor, versions: readonly number[]): Promise<Map<number, number>> {
  if (versions.length === 0) return new Map();
  const rows = await db
    .selectFrom('insight_scores')
    .select(['version', (eb) => eb.fn.sum<number | string>('count').as('count')])
    .where('version', 'in', versions)
    .where('period', '>=', 'M')
    .where('scope', '=', -1)
    .groupBy('version')
    .execute();
  return new Map(rows.map((row) => [Number(row.version), toCount(row.count)]));
}

/** The ids among `ids` of questions that still exist (their rows can link to editing them). */
export async function existingQuestionIds(db: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('questions').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** A stored question-set version's records (JSON), if there is one. */
export async function findVersionRecords(db: Executor, version: number) {
  return db.selectFrom('question_set_versions').select('questions').where('version', '=', version).executeTakeFirst();
}

/** Results, passed and the sum of their stored percents, as summed from the aggregates. */
export interface PeriodTotals {
  results: number;
  passed: number;
  percentSum: number;
}

/**
 * The statement that sums the totals of one range of period keys, `first` and `last` standing for
 * its ends (placeholders): for `periodTotals`, and for a statement that reads them with other rows.
 */
export const periodTotalsText = (first: string, last: string) =>
  'select sum(results) as results, sum(passed) as passed, sum(percent_sum) as percent_sum ' +
  `from result_period_totals where period >= ${first} and period <= ${last}`;

/** `periodTotalsText`'s row as numbers. */
export const toPeriodTotals = (
  row: Record<'results' | 'passed' | 'percent_sum', unknown> | undefined,
): PeriodTotals => ({
  results: toCount(row?.results),
  passed: toCount(row?.passed),
  percentSum: toCount(row?.percent_sum),
});

/**
 * Results, passed and the sum of their stored percents over a range of submission days (every
 * version). The results list reads them on every page, so the statement's text is built once and
 * PostgreSQL runs it as a prepared statement.
 */
export async function periodTotals(db: Executor, range: DayRange): Promise<PeriodTotals> {
  const postgres = isPostgres(db);
  const text = statementText(postgres ? 'period-totals:postgres' : 'period-totals:sqlite', 1, () =>
    postgres ? periodTotalsText('$1', '$2') : periodTotalsText('?', '?'),
  );
  const parts = await overPeriods(range, async (first, last) => {
    const [rows] = await executeKept(db, [CompiledQuery.raw(text, [first, last])]);
    return [toPeriodTotals(rows?.[0] as Parameters<typeof toPeriodTotals>[0])];
  });
  return parts.reduce(
    (sum, part) => ({
      results: sum.results + part.results,
      passed: sum.passed + part.passed,
      percentSum: sum.percentSum + part.percentSum,
    }),
    { results: 0, passed: 0, percentSum: 0 },
  );
}

/** Results per stored percent of every version, overall (scope '') and per category name. */
export async function percentCounts(db: Executor): Promise<Array<{ scope: string; percent: number; count: number }>> {
  const rows = await db
    .selectFrom('result_percent_counts')
    .select(['scope', 'percent', (eb) => eb.fn.sum<number | string>('count').as('count')])
    .groupBy(['scope', 'percent'])
    .execute();
  return rows.map((row) => ({ scope: row.scope, percent: Number(row.percent), count: toCount(row.count) }));
}
