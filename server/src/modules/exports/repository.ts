import { sql } from 'kysely';
import type { Executor } from '../../db/types';
import { toCount } from '../../lib/pagination';
import { matchingResults, type ResultFilter } from '../results/service';

// What the exports read: the results under the list's filters, oldest first, a batch at a time by
// keyset (each batch starts after the last one's `(created_at, id)`, on the results' index of those
// columns), so a batch costs the same at the end of 100,000 results as at the start; and, before the
// first batch, the columns the file needs (cheap reads, never the results' answers).

/** Where a batch starts: after this result in `(created_at, id)` order. */
export interface ResultCursor {
  createdAt: string;
  id: string;
}

/** One exported result as read: the result, its participant, their dates, its report and answers. */
export interface ExportedResultRow {
  id: string;
  participant_id: string;
  name: string;
  email: string;
  phone: string;
  entered_at: string;
  invited_at: string | null;
  consented_at: string | null;
  concerns_at: string | null;
  created_at: string;
  question_set_version: number | null;
  correct: number;
  wrong: number;
  total: number;
  percent: number;
  passed: number;
  categories: string;
  answers: string | null;
  released_at: string | null;
  opened_at: string | null;
}

/** Rows after `cursor` (`(a, b) > (x, y)`: both engines compare row values, on the index). */
const after = (cursor: ResultCursor | undefined) =>
  cursor ? sql<boolean>`(results.created_at, results.id) > (${cursor.createdAt}, ${cursor.id})` : sql<boolean>`1 = 1`;

/** The next batch of results under the filter, oldest first, with everything a row of the file shows. */
export function readResultBatch(
  db: Executor,
  filter: ResultFilter,
  cursor: ResultCursor | undefined,
  size: number,
): Promise<ExportedResultRow[]> {
  return matchingResults(db, filter, true)
    .innerJoin('participants', 'participants.id', 'results.participant_id')
    .leftJoin('invitations', 'invitations.participant_id', 'results.participant_id')
    .leftJoin('agreements', 'agreements.participant_id', 'results.participant_id')
    .leftJoin('concern_submissions', 'concern_submissions.participant_id', 'results.participant_id')
    .leftJoin('reports', 'reports.result_id', 'results.id')
    .leftJoin('result_answers', 'result_answers.result_id', 'results.id')
    .where(after(cursor))
    .select([
      'results.id',
      'results.participant_id',
      'participants.name',
      'participants.email',
      'participants.phone',
      'participants.created_at as entered_at',
      'invitations.created_at as invited_at',
      'agreements.created_at as consented_at',
      'concern_submissions.created_at as concerns_at',
      'results.created_at',
      'results.question_set_version',
      'results.correct',
      'results.wrong',
      'results.total',
      'results.percent',
      'results.passed',
      'results.categories',
      'result_answers.answers',
      'reports.released_at',
      'reports.opened_at',
    ])
    .orderBy('results.created_at')
    .orderBy('results.id')
    .limit(size)
    .execute();
}

/**
 * The next chunk of the results under the filter (oldest first, keyset as the batches), with only
 * what the columns need: their category figures' text and question set version, never their answers.
 */
export function readColumnChunk(
  db: Executor,
  filter: ResultFilter,
  cursor: ResultCursor | undefined,
  size: number,
): Promise<Array<{ id: string; created_at: string; categories: string; question_set_version: number | null }>> {
  return matchingResults(db, filter, true)
    .where(after(cursor))
    .select(['results.id', 'results.created_at', 'results.categories', 'results.question_set_version'])
    .orderBy('results.created_at')
    .orderBy('results.id')
    .limit(size)
    .execute();
}

/** One rated concern of an exported participant, as the concerns sheet shows it. */
export interface ExportedConcernRow {
  result_id: string;
  participant_id: string;
  name: string;
  email: string;
  rated_at: string;
  position: number;
  concern_title: string;
  concern_description: string;
  chosen_options: string;
  status: string;
}

/** Where a batch of concern submissions starts: after this result in `(created_at, id)` order. */
export type ConcernCursor = ResultCursor;

/**
 * The next batch of concern ratings, by the results under the filter (oldest first, keyset as the
 * results): the ratings of up to `size` participants, each participant's in the order given.
 */
export async function readConcernBatch(
  db: Executor,
  filter: ResultFilter,
  cursor: ConcernCursor | undefined,
  size: number,
): Promise<{ rows: ExportedConcernRow[]; last: ConcernCursor | undefined }> {
  const submissions = await matchingResults(db, filter, true)
    .innerJoin('concern_submissions', 'concern_submissions.participant_id', 'results.participant_id')
    .where(after(cursor))
    .select(['results.id', 'results.created_at', 'concern_submissions.id as submission_id'])
    .orderBy('results.created_at')
    .orderBy('results.id')
    .limit(size)
    .execute();
  const lastSubmission = submissions.at(-1);
  if (!lastSubmission) return { rows: [], last: undefined };
  const rows = await db
    .selectFrom('concern_ratings')
    .innerJoin('concern_submissions', 'concern_submissions.id', 'concern_ratings.submission_id')
    .innerJoin('results', 'results.participant_id', 'concern_submissions.participant_id')
    .innerJoin('participants', 'participants.id', 'concern_submissions.participant_id')
    .where(
      'concern_ratings.submission_id',
      'in',
      submissions.map((submission) => submission.submission_id),
    )
    .select([
      'results.id as result_id',
      'participants.id as participant_id',
      'participants.name',
      'participants.email',
      'concern_submissions.created_at as rated_at',
      'concern_ratings.position',
      'concern_ratings.concern_title',
      'concern_ratings.concern_description',
      'concern_ratings.chosen_options',
      'concern_ratings.status',
    ])
    .orderBy('results.created_at')
    .orderBy('results.id')
    .orderBy('concern_ratings.position')
    .execute();
  return { rows, last: { createdAt: lastSubmission.created_at, id: lastSubmission.id } };
}

/** How many concern ratings the participants of the results under the filter gave. */
export async function countConcernRatings(db: Executor, filter: ResultFilter): Promise<number> {
  const row = await matchingResults(db, filter, true)
    .innerJoin('concern_submissions', 'concern_submissions.participant_id', 'results.participant_id')
    .innerJoin('concern_ratings', 'concern_ratings.submission_id', 'concern_submissions.id')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return toCount(row.count);
}

/** The results under the filter whose reports an archive holds (at most `limit`), oldest first. */
export async function readArchiveEntries(
  db: Executor,
  filter: ResultFilter,
  limit: number,
): Promise<Array<{ resultId: string; name: string; createdAt: string }>> {
  const rows = await matchingResults(db, filter, true)
    .innerJoin('participants', 'participants.id', 'results.participant_id')
    .select(['results.id', 'results.created_at', 'participants.name'])
    .orderBy('results.created_at')
    .orderBy('results.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ resultId: row.id, name: row.name, createdAt: row.created_at }));
}
