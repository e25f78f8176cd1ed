import { CompiledQuery, sql } from 'kysely';
import { executeKept } from '../../db/statements/execute';
import { statementText } from '../../db/statements/statement-cache';
import { isPostgres } from '../../db/postgres/postgres';
import type { ReportStatus } from '@prometrica/shared-api/contract';
import type { Executor, ResultsTable } from '../../db/types';
import { containsPattern, toCount } from '../../lib/pagination';
import { periodRanges, periodTotals, periodTotalsText, toPeriodTotals, type PeriodTotals } from '../insights/service';
import { bit, decodeAnswers, decodeCategories } from './codecs';
import type { AnswerRecord, ResultCategoryRecord, ResultRecord, ResultWithParticipant } from './records';

const resultColumns = [
  'results.id',
  'results.participant_id',
  'results.session_id',
  'results.correct',
  'results.wrong',
  'results.total',
  'results.percent',
  'results.passed',
  'results.created_at',
  'results.question_set_version',
] as const;

/** A result row as read (without the figures, decoded apart). */
type ResultRow = Omit<ResultsTable, 'categories'>;

function toResult(row: ResultRow): ResultRecord {
  return {
    id: row.id,
    participantId: row.participant_id,
    sessionId: row.session_id,
    correct: Number(row.correct),
    wrong: Number(row.wrong),
    total: Number(row.total),
    percent: Number(row.percent),
    passed: Number(row.passed) === 1,
    createdAt: row.created_at,
    questionSetVersion: row.question_set_version === null ? null : Number(row.question_set_version),
  };
}

/** What lists show of a result: its columns, its figures and its participant. */
const listedColumns = [
  ...resultColumns,
  'results.categories',
  'participants.name as participant_name',
  'participants.email as participant_email',
  'participants.phone as participant_phone',
  'participants.created_at as participant_created_at',
] as const;

function toListed(
  row: ResultRow & {
    categories: string;
    participant_name: string;
    participant_email: string;
    participant_phone: string;
    participant_created_at: string;
    report_released_at: string | null;
    report_opened_at: string | null;
  },
): ResultWithParticipant {
  return {
    ...toResult(row),
    report: { releasedAt: row.report_released_at, openedAt: row.report_opened_at },
    categories: decodeCategories(row.categories),
    participant: {
      id: row.participant_id,
      name: row.participant_name,
      email: row.participant_email,
      phone: row.participant_phone,
      createdAt: row.participant_created_at,
    },
  };
}

/**
 * Whether the participant is there and, if so, their result (undefined when they have none), in
 * one read; undefined when the participant is gone.
 */
export async function findParticipantResult(
  db: Executor,
  participantId: string,
): Promise<{ result: ResultRecord | undefined } | undefined> {
  const row = await db
    .selectFrom('participants')
    .leftJoin('results', 'results.participant_id', 'participants.id')
    .select(resultColumns)
    .where('participants.id', '=', participantId)
    .executeTakeFirst();
  if (!row) return undefined;
  // Left join: the result's columns are all null when there is none.
  return { result: row.id === null ? undefined : toResult(row as ResultRow) };
}

export async function findResultByParticipant(db: Executor, participantId: string): Promise<ResultRecord | undefined> {
  const row = await db
    .selectFrom('results')
    .select(resultColumns)
    .where('participant_id', '=', participantId)
    .executeTakeFirst();
  return row ? toResult(row) : undefined;
}

/** A result's category figures. */
export async function findResultCategories(db: Executor, resultId: string): Promise<ResultCategoryRecord[]> {
  const row = await db.selectFrom('results').select('categories').where('id', '=', resultId).executeTakeFirst();
  return row ? decodeCategories(row.categories) : [];
}

/** A result's answers in the order they were submitted. */
export async function listAnswers(db: Executor, resultId: string): Promise<AnswerRecord[]> {
  const row = await db
    .selectFrom('result_answers')
    .select('answers')
    .where('result_id', '=', resultId)
    .executeTakeFirst();
  return row ? decodeAnswers(row.answers) : [];
}

export interface ResultFilter {
  /** Substring of the participant's name or email, any case. */
  search: string;
  passed?: boolean;
  /** First and last submission day (`YYYY-MM-DD`, UTC), both included. */
  from?: string;
  to?: string;
  report?: ReportStatus;
}

/** Whether the filter narrows the results beyond the search and the pass filter. */
const narrowsFurther = (filter: ResultFilter) =>
  filter.from !== undefined || filter.to !== undefined || filter.report !== undefined;

/** An FTS5 phrase: the text in double quotes, its own quotes doubled. */
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * Results whose participant's name or email contains `search` (any case), through a trigram index
 * (migration 0004). SQLite: the `result_search` full-text table holds the lowercased name and email
 * under each result's rowid; a trigram phrase query is a substring match, so a search of three
 * characters or more is answered by the index alone, without reading participants; shorter ones
 * (no trigram to look up) use LIKE on participants. PostgreSQL: LIKE on the same text kept on each
 * result, served by a pg_trgm GIN index.
 */
function resultMatches(db: Executor, search: string) {
  const pattern = containsPattern(search);
  const text = search.toLowerCase();
  if (!isPostgres(db) && [...text].length >= 3) {
    return sql<boolean>`results.rowid in (select rowid from result_search where result_search match ${ftsPhrase(text)})`;
  }
  // PostgreSQL: the participant's name and email are kept on the result (`search_text`, one per
  // line), under a pg_trgm GIN index that serves this LIKE.
  if (isPostgres(db)) return sql<boolean>`results.search_text like ${pattern} escape '\\'`;
  return sql<boolean>`results.participant_id in (
    select id from participants where name_lower like ${pattern} escape '\\' or email_lower like ${pattern} escape '\\')`;
}

/** The first instant after day `day` (`YYYY-MM-DD`), as stored timestamps are written. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/**
 * Results whose report is in `status`: no report row, or one not released, is a draft. Released
 * and opened reports are few beside the results, so the condition reads them (an index each,
 * migration 0016) rather than joining every result.
 */
function reportIn(status: ReportStatus) {
  if (status === 'draft') {
    return sql<boolean>`results.id not in (select result_id from reports where released_at is not null)`;
  }
  const opened = status === 'opened' ? sql`opened_at is not null` : sql`opened_at is null`;
  return sql<boolean>`results.id in (select result_id from reports where released_at is not null and ${opened})`;
}

/**
 * The conditions on submission days and report status, each only when asked for, so a list
 * without them runs the statements it always ran. The days compare the stored ISO text, which
 * sorts as time does, on the `(created_at, id)` index.
 */
export function narrowingConditions(filter: ResultFilter) {
  const conditions = [];
  if (filter.from !== undefined) conditions.push(sql<boolean>`results.created_at >= ${`${filter.from}T00:00:00.000Z`}`);
  if (filter.to !== undefined) conditions.push(sql<boolean>`results.created_at < ${dayAfter(filter.to)}`);
  if (filter.report !== undefined) conditions.push(reportIn(filter.report));
  return conditions;
}

/** Results matching the filter (no join: filtering needs only the results table). */
export function matchingResults(db: Executor, filter: ResultFilter, usePassed: boolean) {
  let query = db.selectFrom('results');
  if (filter.search) query = query.where(resultMatches(db, filter.search));
  if (usePassed && filter.passed !== undefined) query = query.where('results.passed', '=', bit(filter.passed));
  for (const condition of narrowingConditions(filter)) query = query.where(condition);
  return query;
}

/**
 * Whether the aggregates of submission days (migration 0017) answer a filter: they count results by
 * day, whether passed, and percent, so a range of days and the pass filter; a search or a report
 * status needs the rows.
 */
const totalsAnswer = (filter: ResultFilter) => !filter.search && filter.report === undefined;

/** The results the totals count under a pass filter (all of them without one). */
export const countOf = (totals: PeriodTotals, passed: boolean | undefined) =>
  passed === undefined ? totals.results : passed ? totals.passed : totals.results - totals.passed;

/** The list's summary from the totals: results, passed and the mean of their percents, rounded. */
export const summaryOf = (totals: PeriodTotals) => ({
  total: totals.results,
  passed: totals.passed,
  averagePercent: totals.results === 0 ? 0 : Math.round(totals.percentSum / totals.results),
});

export async function countResults(db: Executor, filter: ResultFilter): Promise<number> {
  if (totalsAnswer(filter)) return countOf(await periodTotals(db, filter), filter.passed);
  // One full-text row per result: without a pass filter, SQLite counts the index's matches alone.
  const text = filter.search.toLowerCase();
  if (
    filter.search &&
    filter.passed === undefined &&
    !narrowsFurther(filter) &&
    !isPostgres(db) &&
    [...text].length >= 3
  ) {
    const { rows } = await sql<{
      count: number;
    }>`select count(*) as count from result_search where result_search match ${ftsPhrase(text)}`.execute(db);
    return toCount(rows[0]?.count);
  }
  const row = await matchingResults(db, filter, true)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return toCount(row.count);
}

/** A page of the list as rows: how many, after how many. */
export interface PageSlice {
  limit: number;
  offset: number;
}

/** The names `listedColumns` gives its columns, in a statement written as text. */
const listedColumnsText = listedColumns.join(', ');

/** Whether a filter is the pass filter alone (or nothing): the list as the results screen opens it. */
export const passFilterOnly = (filter: ResultFilter) => !filter.search && !narrowsFurther(filter);

/**
 * A page chosen by the pass filter alone, read in one statement with the totals of every result
 * from the aggregates of submission days (one row of them, joined to each of the page's rows, or
 * alone when the page is empty): the list as the results screen opens it, and most of its calls.
 *
 * Written as text rather than built by the query builder on each call, which cost the event loop
 * more than PostgreSQL took to run it, and one statement rather than two, each a round trip with
 * its own system calls. A first page is kept per dialect, pass filter and page size, its size and
 * offset written in, and PostgreSQL runs it as a prepared statement that it plans once: with the
 * size and offset as parameters the plan kept for every run could not know them (PostgreSQL then
 * takes a tenth of the rows to be wanted, and planned a parallel scan eight times as slow), so it
 * planned each run anew. Later pages, of many offsets, are planned with their values each time.
 */
export async function passFilteredPage(
  db: Executor,
  passed: boolean | undefined,
  page: PageSlice,
): Promise<{ rows: ResultWithParticipant[]; totals: PeriodTotals }> {
  const postgres = isPostgres(db);
  const first = page.offset === 0 && Number.isSafeInteger(page.limit) && page.limit > 0;
  // Every submission day: one range of period keys.
  const [[firstPeriod, lastPeriod]] = periodRanges() as [[string, string]];
  // The values in the order the text names them (SQLite's placeholders are by position).
  const values: unknown[] = [firstPeriod, lastPeriod];
  if (passed !== undefined) values.push(bit(passed));
  if (!first) values.push(page.limit, page.offset);
  const build = () => {
    let n = 0;
    const place = () => (postgres ? `$${++n}` : '?');
    const totals = periodTotalsText(place(), place());
    const pass = passed === undefined ? '' : `where results.passed = ${place()} `;
    const [limit, offset] = first ? [String(page.limit), '0'] : [place(), place()];
    return (
      'select totals.results as totals_results, totals.passed as totals_passed, ' +
      'totals.percent_sum as totals_percent_sum, page.*, ' +
      'reports.released_at as report_released_at, reports.opened_at as report_opened_at ' +
      `from (${totals}) as totals left join (` +
      `select ${listedColumnsText} from results inner join participants on participants.id = results.participant_id ` +
      pass +
      `order by results.created_at desc, results.id desc limit ${limit} offset ${offset}) as page on 1 = 1 ` +
      'left join reports on reports.result_id = page.id order by page.created_at desc, page.id desc'
    );
  };
  const key = `results-page:${postgres ? 'postgres' : 'sqlite'}:${passed === undefined ? 'all' : 'passed'}`;
  const text = first ? statementText(key, page.limit, build) : build();
  const [read = []] = await executeKept(db, [CompiledQuery.raw(text, values)]);
  const rows = read as Array<
    Parameters<typeof toListed>[0] & Record<`totals_${'results' | 'passed' | 'percent_sum'}`, unknown>
  >;
  const head = rows[0];
  return {
    rows: rows.filter((row) => row.id !== null).map(toListed),
    totals: toPeriodTotals({
      results: head?.totals_results,
      passed: head?.totals_passed,
      percent_sum: head?.totals_percent_sum,
    }),
  };
}

/** One page of results with their participants and report status, newest first. */
export async function listResults(
  db: Executor,
  filter: ResultFilter,
  page: PageSlice,
): Promise<ResultWithParticipant[]> {
  // With a search, the page's result ids are chosen from the matching results alone (an index
  // read each), and only those are joined to their participants.
  const pageIds = filter.search
    ? matchingResults(db, filter, true)
        .select('results.id')
        .orderBy('results.created_at', 'desc')
        .orderBy('results.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
    : undefined;
  const pageRows = db
    .selectFrom('results')
    .innerJoin('participants', 'participants.id', 'results.participant_id')
    .$if(pageIds !== undefined, (query) => query.where('results.id', 'in', pageIds!))
    .$if(pageIds === undefined && filter.passed !== undefined, (query) =>
      query.where('results.passed', '=', bit(filter.passed!)),
    )
    .$if(pageIds === undefined, (query) =>
      narrowingConditions(filter).reduce((narrowed, condition) => narrowed.where(condition), query),
    )
    .select(listedColumns)
    .orderBy('results.created_at', 'desc')
    .orderBy('results.id', 'desc')
    .$if(pageIds === undefined, (query) => query.limit(page.limit).offset(page.offset));
  // The report is joined to the page's rows alone, after they are chosen.
  const rows = await db
    .selectFrom(pageRows.as('page'))
    .leftJoin('reports', 'reports.result_id', 'page.id')
    .selectAll('page')
    .select(['reports.released_at as report_released_at', 'reports.opened_at as report_opened_at'])
    .orderBy('page.created_at', 'desc')
    .orderBy('page.id', 'desc')
    .execute();
  return rows.map(toListed);
}

/** One result with its participant. */
export async function findResultWithParticipant(db: Executor, id: string): Promise<ResultWithParticipant | undefined> {
  const row = await db
    .selectFrom('results')
    .innerJoin('participants', 'participants.id', 'results.participant_id')
    .leftJoin('reports', 'reports.result_id', 'results.id')
    .select(listedColumns)
    .select(['reports.released_at as report_released_at', 'reports.opened_at as report_opened_at'])
    .where('results.id', '=', id)
    .executeTakeFirst();
  return row ? toListed(row) : undefined;
}

/**
 * Totals over every result matching the search, submission days and report status (whatever the
 * pass filter): from the aggregates of submission days when no search or report status is asked
 * for (a few dozen rows, whatever the number of results), else counted over the matching rows.
 */
export async function summarizeResults(
  db: Executor,
  filter: ResultFilter,
): Promise<{ total: number; passed: number; averagePercent: number }> {
  if (totalsAnswer(filter)) return summaryOf(await periodTotals(db, filter));
  const row = await matchingResults(db, filter, false)
    .select((eb) => [
      eb.fn.countAll().as('total'),
      eb.fn.sum('results.passed').as('passed'),
      eb.fn.avg('results.percent').as('average'),
    ])
    .executeTakeFirstOrThrow();
  return { total: toCount(row.total), passed: toCount(row.passed), averagePercent: Math.round(toCount(row.average)) };
}
