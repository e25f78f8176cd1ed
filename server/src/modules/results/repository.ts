import { CompiledQuery, sql } from 'kysely';
import { isPostgres } from '../../db/postgres/postgres';
import { valuesRows, type ListColumn } from '../../db/statements/values-list';
import { statementText } from '../../db/statements/statement-cache';
import { carriedDetailsRows, carriedDetailsTable, carriedDetailsUpdate, type CarriedDetails } from '../participants/repository';
import { executeInOrder } from '../../db/statements/execute';
import type { Dialect, Executor, IntBoolean, ResultsTable } from '../../db/types';
import { TextPerQuestion } from '../../lib/kept-text';
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

/** A result with its category figures and the participant it belongs to, as lists show it. */
export interface ResultWithParticipant extends ResultRecord {
  categories: ResultCategoryRecord[];
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
  row: ResultRow & { categories: string; participant_name: string; participant_email: string; participant_phone: string; participant_created_at: string },
): ResultWithParticipant {
  return {
    ...toResult(row),
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
export async function findParticipantResult(db: Executor, participantId: string): Promise<{ result: ResultRecord | undefined } | undefined> {
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

/** How `results.categories` holds one figure (migration 0005). */
type StoredCategory = [name: string, correct: number, wrong: number, total: number, percent: number];
/** How `result_answers.answers` holds one answer, in submission order (migration 0005). */
type StoredAnswer = [questionId: string, questionText: string, userAnswer: string, correctAnswer: string, categoryName: string, isCorrect: boolean];

/** The stored text of a result's category figures. */
export function encodeCategories(figures: readonly ResultCategoryRecord[]): string {
  const stored: StoredCategory[] = figures.map((figure) => [figure.categoryName, figure.correct, figure.wrong, figure.total, figure.percent]);
  return JSON.stringify(stored);
}

export function decodeCategories(text: string): ResultCategoryRecord[] {
  return storedList<StoredCategory>(text, 'categories', 5).map(([categoryName, correct, wrong, total, percent]) => ({
    categoryName,
    correct,
    wrong,
    total,
    percent,
  }));
}

/**
 * The stored text of a result's answers: the JSON of `StoredAnswer` tuples. Each tuple but its
 * user's answer and correctness is the same for every submission of a question, so that text is
 * made once per question and kept (a third of the time of encoding the whole list each time).
 */
export function encodeAnswers(answers: readonly AnswerRecord[]): string {
  let text = '[';
  for (let index = 0; index < answers.length; index += 1) {
    const answer = answers[index]!;
    const { head, tail } = answerTexts.get(answer.questionId, answer.questionText, answer.correctAnswer, answer.categoryName);
    text += `${index === 0 ? '' : ','}${head}${JSON.stringify(answer.userAnswer)}${tail}${answer.isCorrect ? 'true]' : 'false]'}`;
  }
  return `${text}]`;
}

/** A question's part of its stored answers: the text before and after the user's answer. */
const answerTexts = new TextPerQuestion((id, questionText, correctAnswer, categoryName) => ({
  // `["id","text",` and `,"correct","category",`.
  head: `${JSON.stringify([id, questionText]).slice(0, -1)},`,
  tail: `,${JSON.stringify([correctAnswer, categoryName]).slice(1, -1)},`,
}));

export function decodeAnswers(text: string): AnswerRecord[] {
  return storedList<StoredAnswer>(text, 'answers', 6).map(([questionId, questionText, userAnswer, correctAnswer, categoryName, isCorrect]) => ({
    questionId,
    questionText,
    userAnswer,
    correctAnswer,
    categoryName,
    isCorrect,
  }));
}

/** A stored JSON list of tuples; anything else is a damaged row, reported as such. */
function storedList<T extends unknown[]>(text: string, column: string, width: number): T[] {
  const list: unknown = JSON.parse(text);
  if (!Array.isArray(list) || !list.every((item) => Array.isArray(item) && item.length === width)) {
    throw new Error(`Stored ${column} are not a list of ${width}-item entries`);
  }
  return list as T[];
}

/** A submission to store: its result with the category figures, and its answers. */
export interface NewSubmission {
  result: ResultRecord;
  categories: readonly ResultCategoryRecord[];
  answers: readonly AnswerRecord[];
  /** The participant's details it carried, written only if it is stored (see `carriedDetailsUpdate`). */
  details?: CarriedDetails;
}

/**
 * The most submissions one call of `submissionStatements` stores: each value is a parameter of its
 * own, and a statement takes at most 32,766 on SQLite (10 per result) and 65,535 on PostgreSQL
 * (11 per submission). The group commit sends at most `submissionsPerBatch`.
 */
export const submissionsPerStatement = 3000;

/**
 * The statements that store many submissions, each value a parameter of its own: one on
 * PostgreSQL, two or three on SQLite. The first gives the `id` of each result it stored. A
 * submission is skipped, not an error, when its participant already has a result (they keep it) or
 * is gone; its id is then missing from those rows, and neither its answers nor the details it
 * carried are written. So a submission needs no read before it is written: the reason for a skip is
 * read afterwards, for the few that are skipped.
 *
 * On PostgreSQL the one statement is also its own transaction: one round trip for a batch, where
 * a transaction around the statements took four, each waiting for the event loop to take its
 * answer. On SQLite the caller's transaction (the write thread's commit) holds them.
 *
 * Parameters, not one JSON document of all the rows: both databases parsed such a document again
 * for each value taken from it, and SQLite also rendered each answer list back to text (PostgreSQL
 * spent a third of its time writing a batch on it; SQLite's write thread a fifth).
 */
export function submissionStatements(db: Executor, submissions: readonly NewSubmission[]): CompiledQuery[] {
  if (submissions.length > submissionsPerStatement) {
    throw new RangeError(`At most ${submissionsPerStatement} submissions are stored in one statement, not ${submissions.length}`);
  }
  const count = submissions.length;
  const carried = carriedDetailsRows(
    submissions.map(({ result, details = {} }) => ({ participantId: result.participantId, resultId: result.id, details, updatedAt: result.createdAt })),
  );
  if (isPostgres(db)) {
    const parameters: unknown[] = [];
    for (const { result, categories, answers } of submissions) {
      parameters.push(...resultValues(result, categories), encodeAnswers(answers));
    }
    // The carried details' parameters follow the submissions'.
    const firstCarried = parameters.length + 1;
    parameters.push(...carried.parameters);
    const text = statementText(`submissions:postgres:${carried.count}`, count, () => `
      with submitted (position, ${submittedColumns}, answers) as (
        values ${valuesRows('postgres', count, [...submittedTypes, 'text'], { position: true })}),
      stored as (${storeSubmitted('postgres')}),
      answered as (
        insert into result_answers (result_id, answers)
        select submitted.id, submitted.answers from submitted join stored on stored.id = submitted.id
        returning result_id)${carried.count === 0 ? '' : `,
      ${carriedDetailsTable('postgres', carried.count, firstCarried)},
      detailed as (${carriedDetailsUpdate('stored')})`}
      select id from stored`);
    return [CompiledQuery.raw(text, parameters)];
  }
  const results: unknown[] = [];
  const answers: unknown[] = [];
  for (const { result, categories, answers: list } of submissions) {
    results.push(...resultValues(result, categories));
    answers.push(result.id, encodeAnswers(list));
  }
  // A result id of the batch that is not in the table was skipped (ids are new, so one that is
  // there was stored just now). SQLite names the columns of a VALUES list column1, column2.
  const statements = [
    CompiledQuery.raw(
      statementText('submissions:sqlite', count, () => `
        with submitted (position, ${submittedColumns}) as (values ${valuesRows('sqlite', count, submittedTypes, { position: true })})
        ${storeSubmitted('sqlite')}`),
      results,
    ),
    CompiledQuery.raw(
      statementText('submission-answers:sqlite', count, () => `
        insert into result_answers (result_id, answers)
        select column1, column2 from (values ${valuesRows('sqlite', count, ['text', 'text'])})
        where exists (select 1 from results where results.id = column1)`),
      answers,
    ),
  ];
  if (carried.count > 0) {
    const text = statementText('carried-details:sqlite', carried.count, () => `
      with ${carriedDetailsTable('sqlite', carried.count)} ${carriedDetailsUpdate('results')}`);
    statements.push(CompiledQuery.raw(text, carried.parameters));
  }
  return statements;
}

/** The columns of a result as `submissionStatements` writes them, and their types. */
const submittedColumns = 'id, participant_id, session_id, correct, wrong, total, percent, passed, created_at, categories';
const submittedTypes: ListColumn[] = ['text', 'text', 'text', 'integer', 'integer', 'integer', 'integer', 'integer', 'text', 'text'];

function resultValues(result: ResultRecord, categories: readonly ResultCategoryRecord[]): unknown[] {
  return [
    result.id, result.participantId, result.sessionId, result.correct, result.wrong, result.total, result.percent,
    bit(result.passed), result.createdAt, encodeCategories(categories),
  ];
}

/**
 * Stores the results of `submitted` whose participant is there; one who has a result keeps it. In
 * the order given, so the first of two submissions of one participant in a batch is the one stored.
 * On PostgreSQL each result also gets its search text (migration 0004) from the participant row it
 * is checked against, instead of from a row trigger (migration 0008). (`where true`: SQLite's
 * documented form for an upsert whose rows come from a select, so that `on conflict` is never read
 * as the `on` of a join.)
 */
function storeSubmitted(dialect: Dialect): string {
  const searchText = dialect === 'postgres';
  return `
    insert into results (${submittedColumns}${searchText ? ', search_text' : ''})
    select ${submittedColumns.split(', ').map((column) => `submitted.${column}`).join(', ')}${
      searchText ? ', participants.name_lower || chr(10) || participants.email_lower' : ''}
    from submitted join participants on participants.id = submitted.participant_id
    where true
    order by submitted.position
    on conflict (participant_id) do nothing
    returning id`;
}

/** The ids the first of `submissionStatements` gave: the results stored. */
export function storedResultIds(rows: readonly unknown[]): Set<string> {
  return new Set(rows.map((row) => (row as { id: string }).id));
}

/** Stores many submissions (see `submissionStatements`); the ids of the results stored. */
export async function insertSubmissions(db: Executor, submissions: readonly NewSubmission[]): Promise<Set<string>> {
  const [stored = []] = await executeInOrder(db, submissionStatements(db, submissions));
  return storedResultIds(stored);
}

/** Stores one submission; false when the participant already has a result (nothing is written). */
export async function insertSubmission(db: Executor, submission: NewSubmission): Promise<boolean> {
  return (await insertSubmissions(db, [submission])).size === 1;
}

/** A result's category figures. */
export async function findResultCategories(db: Executor, resultId: string): Promise<ResultCategoryRecord[]> {
  const row = await db.selectFrom('results').select('categories').where('id', '=', resultId).executeTakeFirst();
  return row ? decodeCategories(row.categories) : [];
}

/** A result's answers in the order they were submitted. */
export async function listAnswers(db: Executor, resultId: string): Promise<AnswerRecord[]> {
  const row = await db.selectFrom('result_answers').select('answers').where('result_id', '=', resultId).executeTakeFirst();
  return row ? decodeAnswers(row.answers) : [];
}

export interface ResultFilter {
  /** Substring of the participant's name or email, any case. */
  search: string;
  passed?: boolean;
}

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
    .select(listedColumns)
    .orderBy('results.created_at', 'desc')
    .orderBy('results.id', 'desc')
    .$if(pageIds === undefined, (query) => query.limit(page.limit).offset(page.offset))
    .execute();
  return rows.map(toListed);
}

/** One result with its participant. */
export async function findResultWithParticipant(db: Executor, id: string): Promise<ResultWithParticipant | undefined> {
  const row = await db
    .selectFrom('results')
    .innerJoin('participants', 'participants.id', 'results.participant_id')
    .select(listedColumns)
    .where('results.id', '=', id)
    .executeTakeFirst();
  return row ? toListed(row) : undefined;
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
