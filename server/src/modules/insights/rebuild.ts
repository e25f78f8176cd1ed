import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../../db/postgres/postgres';
import type { Database, Executor } from '../../db/types';
import type { VersionedQuestion } from '../questions/service';
import { decodeAnswers, decodeCategories } from '../results/service';
import {
  aggregateLayouts,
  insightCodes,
  submissionPeriods,
  timeBucket,
  type AggregateTable,
  type InsightCodes,
} from './aggregates';
import { findVersionRecords } from './repository';

// The aggregates (migration 0017) computed in JavaScript from the stored results, their answers and
// the saved answers' times: the whole of them (`rebuildAggregates`), or one participant's part to
// take away before an erasure (`subtractParticipant`). The submission's statements add the same
// figures in SQL (aggregates.ts); the tests hold the two to agreeing exactly.

/** A stored result as the aggregates read it. */
interface StoredResult {
  id: string;
  participant_id: string;
  correct: number;
  percent: number;
  passed: number;
  created_at: string;
  categories: string;
  question_set_version: number | null;
  answers: string | null;
}

/** Aggregate rows by key (the key's columns joined by a separator no value holds). */
export class AggregateRows {
  readonly periodTotals = new Map<string, { results: number; passed: number; percentSum: number }>();
  readonly percents = new Map<string, number>();
  readonly scores = new Map<string, number>();
  readonly answers = new Map<string, { count: number; scoreSum: number }>();
  readonly times = new Map<string, number>();

  get size(): number {
    return this.periodTotals.size + this.percents.size + this.scores.size + this.answers.size + this.times.size;
  }
}

const sep = '\u0000';
const bump = (map: Map<string, number>, key: string, by: number) => map.set(key, (map.get(key) ?? 0) + by);

/** Adds (sign 1) or takes away (sign -1) one result's part. */
export function addResult(
  rows: AggregateRows,
  result: StoredResult,
  codes: InsightCodes | undefined,
  times: readonly { questionId: string; timeMs: number }[],
  sign: 1 | -1,
): void {
  bump(rows.percents, `${sep}${Number(result.percent)}`, sign);
  for (const figure of decodeCategories(result.categories)) {
    bump(rows.percents, `${figure.categoryName}${sep}${Math.round(figure.percent)}`, sign);
  }
  for (const period of submissionPeriods(result.created_at)) addToPeriod(rows, result, codes, times, sign, period);
}

function addToPeriod(
  rows: AggregateRows,
  result: StoredResult,
  codes: InsightCodes | undefined,
  times: readonly { questionId: string; timeMs: number }[],
  sign: 1 | -1,
  period: string,
): void {
  const total = rows.periodTotals.get(period) ?? { results: 0, passed: 0, percentSum: 0 };
  total.results += sign;
  total.passed += sign * Number(result.passed);
  total.percentSum += sign * Number(result.percent);
  rows.periodTotals.set(period, total);
  const version = result.question_set_version;
  if (version === null) return;
  const at = `${version}${sep}${period}${sep}`;
  const score = Number(result.correct);
  bump(rows.scores, `${at}-1${sep}${score}`, sign);
  codes?.categories.forEach((categoryScore, scope) => bump(rows.scores, `${at}${scope}${sep}${categoryScore}`, sign));
  codes?.items.forEach((code, position) => {
    const key = `${at}${position}${sep}${Math.floor(code / 2) - 1}${sep}${code % 2}`;
    const item = rows.answers.get(key) ?? { count: 0, scoreSum: 0 };
    item.count += sign;
    item.scoreSum += sign * score;
    rows.answers.set(key, item);
  });
  for (const { questionId, timeMs } of times) {
    if (timeMs > 0) bump(rows.times, `${at}${questionId}${sep}${timeBucket(timeMs)}`, sign);
  }
}

/** Adds the rows to the tables (a key already there is summed into). */
export async function writeRows(db: Executor, rows: AggregateRows, shard = 0): Promise<void> {
  const chunk = 400;
  const upsert = async <T extends Record<string, unknown>>(table: AggregateTable, values: T[]) => {
    const { key, added } = aggregateLayouts[table];
    for (let start = 0; start < values.length; start += chunk) {
      await db
        .insertInto(table)
        .values(values.slice(start, start + chunk) as never)
        .onConflict((conflict) =>
          conflict
            .columns([...key, 'shard'] as never)
            .doUpdateSet(
              Object.fromEntries(
                added.map((column) => [column, sql`${sql.ref(`${table}.${column}`)} + excluded.${sql.ref(column)}`]),
              ) as never,
            ),
        )
        .execute();
    }
  };
  const split = (key: string) => key.split(sep);
  await upsert(
    'result_period_totals',
    [...rows.periodTotals].map(([period, total]) => ({
      period,
      shard,
      results: total.results,
      passed: total.passed,
      percent_sum: total.percentSum,
    })),
  );
  await upsert(
    'result_percent_counts',
    [...rows.percents].map(([key, count]) => {
      const [scope, percent] = split(key);
      return { scope, percent: Number(percent), shard, count };
    }),
  );
  await upsert(
    'insight_scores',
    [...rows.scores].map(([key, count]) => {
      const [version, period, scope, score] = split(key);
      return { version: Number(version), period, scope: Number(scope), score: Number(score), shard, count };
    }),
  );
  await upsert(
    'insight_answers',
    [...rows.answers].map(([key, item]) => {
      const [version, period, position, choice, correct] = split(key);
      return {
        version: Number(version),
        period,
        position: Number(position),
        choice: Number(choice),
        correct: Number(correct),
        shard,
        count: item.count,
        score_sum: item.scoreSum,
      };
    }),
  );
  await upsert(
    'insight_times',
    [...rows.times].map(([key, count]) => {
      const [version, period, questionId, bucket] = split(key);
      return { version: Number(version), period, question_id: questionId, bucket: Number(bucket), shard, count };
    }),
  );
}

/** Version records, read once per version. */
function versionReader(db: Executor) {
  const read = new Map<number, Promise<readonly VersionedQuestion[] | undefined>>();
  return (version: number) => {
    let found = read.get(version);
    if (!found) {
      found = findVersionRecords(db, version).then((row) =>
        row ? (JSON.parse(row.questions) as VersionedQuestion[]) : undefined,
      );
      read.set(version, found);
    }
    return found;
  };
}

/** The results (with their answers) of one page of ids after `after`, or of one participant. */
function storedResults(db: Executor) {
  return db
    .selectFrom('results')
    .leftJoin('result_answers', 'result_answers.result_id', 'results.id')
    .select([
      'results.id',
      'results.participant_id',
      'results.correct',
      'results.percent',
      'results.passed',
      'results.created_at',
      'results.categories',
      'results.question_set_version',
      'result_answers.answers',
    ]);
}

/** Adds `results` to `rows`, reading their version records and their participants' saved times. */
async function addResults(
  db: Executor,
  rows: AggregateRows,
  results: readonly StoredResult[],
  records: ReturnType<typeof versionReader>,
  sign: 1 | -1,
): Promise<void> {
  const participants = results.filter((r) => r.question_set_version !== null).map((r) => r.participant_id);
  const times = new Map<string, { questionId: string; timeMs: number }[]>();
  if (participants.length > 0) {
    const saved = await db
      .selectFrom('progress_answers')
      .select(['participant_id', 'question_id', 'time_ms'])
      .where('participant_id', 'in', participants)
      .where('time_ms', '>', 0)
      .execute();
    for (const row of saved) {
      const list = times.get(row.participant_id) ?? [];
      list.push({ questionId: row.question_id, timeMs: Number(row.time_ms) });
      times.set(row.participant_id, list);
    }
  }
  for (const result of results) {
    const version = result.question_set_version === null ? null : Number(result.question_set_version);
    const versionRecords = version === null ? undefined : await records(version);
    const codes =
      versionRecords && result.answers !== null
        ? insightCodes(versionRecords, decodeAnswers(result.answers))
        : undefined;
    addResult(rows, { ...result, question_set_version: version }, codes, times.get(result.participant_id) ?? [], sign);
  }
}

/** The aggregate tables, emptied by a rebuild. */
export const aggregateTables = Object.keys(aggregateLayouts) as readonly AggregateTable[];

/**
 * Computes every aggregate again from the stored results, answers and saved times, in one
 * transaction (readers see the old figures until it commits), and returns how many results it
 * counted. Reads the results a page of ids at a time.
 */
export async function rebuildAggregates(db: Kysely<Database>, page = 2000): Promise<number> {
  // A migration on PostgreSQL runs in a transaction already.
  if (db.isTransaction) return rebuildIn(db, page);
  return db.transaction().execute((trx) => rebuildIn(trx, page));
}

async function rebuildIn(trx: Executor, page: number): Promise<number> {
  // PostgreSQL: submissions and erasures wait until the rebuild commits, so none is counted twice
  // or missed (SQLite has one writer at a time already).
  if (isPostgres(trx)) await sql`lock table results in share mode`.execute(trx);
  for (const table of aggregateTables) await trx.deleteFrom(table).execute();
  const rows = new AggregateRows();
  const records = versionReader(trx);
  let after = '';
  let counted = 0;
  for (;;) {
    const results = (await storedResults(trx)
      .where('results.id', '>', after)
      .orderBy('results.id')
      .limit(page)
      .execute()) as StoredResult[];
    if (results.length === 0) break;
    await addResults(trx, rows, results, records, 1);
    counted += results.length;
    after = results.at(-1)!.id;
  }
  await writeRows(trx, rows);
  return counted;
}

/**
 * Takes a participant's results out of the aggregates, in the caller's transaction, before they
 * are deleted (erasure): the same figures their submission added.
 */
export async function subtractParticipant(trx: Executor, participantId: string): Promise<void> {
  const results = (await storedResults(trx)
    .where('results.participant_id', '=', participantId)
    .execute()) as StoredResult[];
  if (results.length === 0) return;
  const rows = new AggregateRows();
  await addResults(trx, rows, results, versionReader(trx), -1);
  await writeRows(trx, rows);
}
