import { sql } from 'kysely';
import { isPostgres } from '../../db/postgres/postgres';
import type { Executor } from '../../db/types';
import { toCount } from '../../lib/pagination';
import type { AnswerSums } from './figures';
import { periodsOf } from './periods';

// Reads of the aggregates (migration 0017): sums over a version's rows of the periods a range of
// days covers (periods.ts), over every shard.

/** A range of submission days, both ends optional and inclusive. */
export interface DayRange {
  from?: string;
  to?: string;
}

/** Participants per raw score, overall (scope -1) and per category index. */
export async function readScores(
  db: Executor,
  version: number,
  range: DayRange,
): Promise<Map<number, Map<number, number>>> {
  const rows = await db
    .selectFrom('insight_scores')
    .select(['scope', 'score', (eb) => eb.fn.sum<number | string>('count').as('count')])
    .where('version', '=', version)
    .where(periodsOf('period', range.from, range.to))
    .groupBy(['scope', 'score'])
    .execute();
  const scopes = new Map<number, Map<number, number>>();
  for (const row of rows) {
    const count = toCount(row.count);
    if (count === 0) continue;
    const scope = Number(row.scope);
    let counts = scopes.get(scope);
    if (!counts) scopes.set(scope, (counts = new Map()));
    counts.set(Number(row.score), count);
  }
  return scopes;
}

/** Per question position, the answers given with their counts and score sums. */
export async function readAnswers(db: Executor, version: number, range: DayRange): Promise<Map<number, AnswerSums[]>> {
  const rows = await db
    .selectFrom('insight_answers')
    .select([
      'position',
      'choice',
      'correct',
      (eb) => eb.fn.sum<number | string>('count').as('count'),
      (eb) => eb.fn.sum<number | string>('score_sum').as('score_sum'),
    ])
    .where('version', '=', version)
    .where(periodsOf('period', range.from, range.to))
    .groupBy(['position', 'choice', 'correct'])
    .execute();
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
  const rows = await db
    .selectFrom('insight_times')
    .select(['question_id', 'bucket', (eb) => eb.fn.sum<number | string>('count').as('count')])
    .where('version', '=', version)
    .where(periodsOf('period', range.from, range.to))
    .groupBy(['question_id', 'bucket'])
    .execute();
  const questions = new Map<string, Map<number, number>>();
  for (const row of rows) {
    let buckets = questions.get(row.question_id);
    if (!buckets) questions.set(row.question_id, (buckets = new Map()));
    buckets.set(Number(row.bucket), toCount(row.count));
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

/** Results of all time per version (their overall score rows' month periods, summed). */
export async function participantsPerVersion(db: Executor): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('insight_scores')
    .select(['version', (eb) => eb.fn.sum<number | string>('count').as('count')])
    .where('scope', '=', -1)
    .where(sql<boolean>`length(period) = 7`)
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

/** Results, passed and the sum of their stored percents over a range of submission days (every version). */
export async function periodTotals(
  db: Executor,
  range: DayRange,
): Promise<{ results: number; passed: number; percentSum: number }> {
  const row = await db
    .selectFrom('result_period_totals')
    .select([
      (eb) => eb.fn.sum<number | string>('results').as('results'),
      (eb) => eb.fn.sum<number | string>('passed').as('passed'),
      (eb) => eb.fn.sum<number | string>('percent_sum').as('percent_sum'),
    ])
    .where(periodsOf('period', range.from, range.to))
    .executeTakeFirst();
  return { results: toCount(row?.results), passed: toCount(row?.passed), percentSum: toCount(row?.percent_sum) };
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
