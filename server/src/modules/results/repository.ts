import { PostgresAdapter, sql } from 'kysely';
import type { Executor, IntBoolean } from '../../db/types';
import { containsPattern, toCount } from '../../lib/pagination';

/** A participant's stored result: totals computed once, at submission. */
export interface ResultRecord {
  id: string;
  participantId: string;
  /** The browser session that submitted. */
  sessionId: string;
  correct: number;
  wrong: number;
  total: number;
  percent: number;
  passed: boolean;
  createdAt: string;
}

/** One category's figures inside a result. */
export interface ResultCategoryRecord {
  categoryName: string;
  correct: number;
  wrong: number;
  total: number;
  percent: number;
}

/** A submitted answer with the snapshot of its question. */
export interface AnswerRecord {
  questionId: string;
  questionText: string;
  userAnswer: string;
  correctAnswer: string;
  categoryName: string;
  isCorrect: boolean;
}

/** A result with the participant it belongs to, as lists show it. */
export interface ResultWithParticipant extends ResultRecord {
  participant: { id: string; name: string; email: string; phone: string; createdAt: string };
}

const bit = (value: boolean): IntBoolean => (value ? 1 : 0);

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
] as const;

interface ResultRow {
  id: string;
  participant_id: string;
  session_id: string;
  correct: number;
  wrong: number;
  total: number;
  percent: number;
  passed: number;
  created_at: string;
}

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
  };
}

export async function findResultByParticipant(db: Executor, participantId: string): Promise<ResultRecord | undefined> {
  const row = await db
    .selectFrom('results')
    .select(resultColumns)
    .where('participant_id', '=', participantId)
    .executeTakeFirst();
  return row ? toResult(row) : undefined;
}

/** Writes the result row; a second result for the participant fails with a unique violation. */
export async function insertResult(db: Executor, result: ResultRecord): Promise<void> {
  await db
    .insertInto('results')
    .values({
      id: result.id,
      participant_id: result.participantId,
      session_id: result.sessionId,
      correct: result.correct,
      wrong: result.wrong,
      total: result.total,
      percent: result.percent,
      passed: bit(result.passed),
      created_at: result.createdAt,
    })
    .execute();
}

/**
 * Rows of one table written with a single parameter: a JSON array of rows (arrays of values in
 * `columns` order). One short statement instead of one placeholder per value (270 for 30 answers):
 * both engines parse and plan it once per call in a fraction of the time, and the submission's
 * transaction (which holds SQLite's only writer) is shorter.
 */
async function insertJsonRows(
  db: Executor,
  table: 'answers' | 'result_categories',
  columns: ReadonlyArray<readonly [name: string, type: 'text' | 'integer']>,
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
): Promise<void> {
  const names = sql.join(columns.map(([name]) => sql.ref(name)));
  const json = JSON.stringify(rows);
  if (isPostgres(db)) {
    const values = sql.join(columns.map(([, type], index) => (type === 'integer' ? sql`(row ->> ${sql.lit(index)})::integer` : sql`row ->> ${sql.lit(index)}`)));
    await sql`insert into ${sql.table(table)} (${names}) select ${values} from jsonb_array_elements(${json}::jsonb) as row`.execute(db);
  } else {
    const values = sql.join(columns.map((_, index) => sql`value ->> ${sql.lit(index)}`));
    await sql`insert into ${sql.table(table)} (${names}) select ${values} from json_each(${json})`.execute(db);
  }
}

export async function insertResultCategories(
  db: Executor,
  resultId: string,
  figures: ReadonlyArray<ResultCategoryRecord & { id: string }>,
): Promise<void> {
  if (figures.length === 0) return;
  await insertJsonRows(
    db,
    'result_categories',
    [['id', 'text'], ['result_id', 'text'], ['position', 'integer'], ['category_name', 'text'], ['correct', 'integer'], ['wrong', 'integer'], ['total', 'integer'], ['percent', 'integer']],
    figures.map((figure, position) => [figure.id, resultId, position, figure.categoryName, figure.correct, figure.wrong, figure.total, figure.percent]),
  );
}

export async function insertAnswers(
  db: Executor,
  resultId: string,
  answers: ReadonlyArray<AnswerRecord & { id: string }>,
): Promise<void> {
  if (answers.length === 0) return;
  await insertJsonRows(
    db,
    'answers',
    [
      ['id', 'text'], ['result_id', 'text'], ['position', 'integer'], ['question_id', 'text'], ['question_text', 'text'],
      ['user_answer', 'text'], ['correct_answer', 'text'], ['category_name', 'text'], ['is_correct', 'integer'],
    ],
    answers.map((answer, position) => [
      answer.id, resultId, position, answer.questionId, answer.questionText, answer.userAnswer, answer.correctAnswer,
      answer.categoryName, bit(answer.isCorrect),
    ]),
  );
}

/** A result's answers in the order they were submitted. */
export async function listAnswers(db: Executor, resultId: string): Promise<AnswerRecord[]> {
  const rows = await db
    .selectFrom('answers')
    .select(['question_id', 'question_text', 'user_answer', 'correct_answer', 'category_name', 'is_correct'])
    .where('result_id', '=', resultId)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    questionId: row.question_id,
    questionText: row.question_text,
    userAnswer: row.user_answer,
    correctAnswer: row.correct_answer,
    categoryName: row.category_name,
    isCorrect: Number(row.is_correct) === 1,
  }));
}

/** The category figures of several results at once (one query for a whole page). */
export async function listResultCategories(
  db: Executor,
  resultIds: readonly string[],
): Promise<Map<string, ResultCategoryRecord[]>> {
  const byResult = new Map<string, ResultCategoryRecord[]>();
  if (resultIds.length === 0) return byResult;
  const rows = await db
    .selectFrom('result_categories')
    .select(['result_id', 'category_name', 'correct', 'wrong', 'total', 'percent'])
    .where('result_id', 'in', resultIds)
    .orderBy('result_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const list = byResult.get(row.result_id) ?? [];
    list.push({
      categoryName: row.category_name,
      correct: Number(row.correct),
      wrong: Number(row.wrong),
      total: Number(row.total),
      percent: Number(row.percent),
    });
    byResult.set(row.result_id, list);
  }
  return byResult;
}

export interface ResultFilter {
  /** Substring of the participant's name or email, any case. */
  search: string;
  passed?: boolean;
}

/** An FTS5 phrase: the text in double quotes, its own quotes doubled. */
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;
const isPostgres = (db: Executor) => db.getExecutor().adapter instanceof PostgresAdapter;

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

/** Results matching the filter (no join: filtering needs only the results table). */
function matchingResults(db: Executor, filter: ResultFilter, usePassed: boolean) {
  let query = db.selectFrom('results');
  if (filter.search) query = query.where(resultMatches(db, filter.search));
  if (usePassed && filter.passed !== undefined) query = query.where('results.passed', '=', bit(filter.passed));
  return query;
}

export async function countResults(db: Executor, filter: ResultFilter): Promise<number> {
  // One full-text row per result: without a pass filter, SQLite counts the index's matches alone.
  const text = filter.search.toLowerCase();
  if (filter.search && filter.passed === undefined && !isPostgres(db) && [...text].length >= 3) {
    const { rows } = await sql<{ count: number }>`select count(*) as count from result_search where result_search match ${ftsPhrase(text)}`.execute(db);
    return toCount(rows[0]?.count);
  }
  const row = await matchingResults(db, filter, true)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return toCount(row.count);
}

/** One page of results with their participants, newest first. */
export async function listResults(
  db: Executor,
  filter: ResultFilter,
  page: { limit: number; offset: number },
): Promise<ResultWithParticipant[]> {
  // With a search, the page's result ids are chosen from the matching results alone (an index
  // read each), and only those 25 are joined to their participants.
  const pageIds = filter.search
    ? matchingResults(db, filter, true)
        .select('results.id')
        .orderBy('results.created_at', 'desc')
        .orderBy('results.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
    : undefined;
  const rows = await db
    .selectFrom('results')
    .innerJoin('participants', 'participants.id', 'results.participant_id')
    .$if(pageIds !== undefined, (query) => query.where('results.id', 'in', pageIds!))
    .$if(pageIds === undefined && filter.passed !== undefined, (query) => query.where('results.passed', '=', bit(filter.passed!)))
    .select([
      ...resultColumns,
      'participants.name as participant_name',
      'participants.email as participant_email',
      'participants.phone as participant_phone',
      'participants.created_at as participant_created_at',
    ])
    .orderBy('results.created_at', 'desc')
    .orderBy('results.id', 'desc')
    .$if(pageIds === undefined, (query) => query.limit(page.limit).offset(page.offset))
    .execute();
  return rows.map((row) => ({
    ...toResult(row),
    participant: {
      id: row.participant_id,
      name: row.participant_name,
      email: row.participant_email,
      phone: row.participant_phone,
      createdAt: row.participant_created_at,
    },
  }));
}

/** One result with its participant. */
export async function findResultWithParticipant(db: Executor, id: string): Promise<ResultWithParticipant | undefined> {
  const row = await db
    .selectFrom('results')
    .innerJoin('participants', 'participants.id', 'results.participant_id')
    .select([
      ...resultColumns,
      'participants.name as participant_name',
      'participants.email as participant_email',
      'participants.phone as participant_phone',
      'participants.created_at as participant_created_at',
    ])
    .where('results.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...toResult(row),
    participant: {
      id: row.participant_id,
      name: row.participant_name,
      email: row.participant_email,
      phone: row.participant_phone,
      createdAt: row.participant_created_at,
    },
  };
}

/** Totals over every result matching the search (whatever the pass filter), in SQL. */
export async function summarizeResults(
  db: Executor,
  filter: ResultFilter,
): Promise<{ total: number; passed: number; averagePercent: number }> {
  const row = await matchingResults(db, filter, false)
    .select((eb) => [
      eb.fn.countAll().as('total'),
      eb.fn.sum('results.passed').as('passed'),
      eb.fn.avg('results.percent').as('average'),
    ])
    .executeTakeFirstOrThrow();
  return { total: toCount(row.total), passed: toCount(row.passed), averagePercent: Math.round(toCount(row.average)) };
}
