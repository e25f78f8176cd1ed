import { sql } from 'kysely';
import type { Dialect, Executor } from '../../db/types';
import { toCount } from '../../lib/pagination';
import { subtractParticipant } from '../insights/service';

// Everything stored about one participant, read for the export and deleted by the erasure. Every
// table that refers to a participant is here (migrations 0002, 0005, 0009, 0011 and 0016): agreements,
// progress_answers, results (with result_answers), concern_submissions (with concern_ratings),
// invitations, and the doctor's reports (with report_versions and report_links); the rate limits
// count an email under its hash.

const parseList = (text: string): string[] => {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.map(String) : [];
};

export interface ConcernSubmissionExport {
  id: string;
  createdAt: string;
  ratings: {
    concernId: string;
    title: string;
    description: string;
    ratingOptions: string[];
    chosenOptions: string[];
    status: string;
    ratedAt: string;
  }[];
}

export async function findConcernSubmission(
  db: Executor,
  participantId: string,
): Promise<ConcernSubmissionExport | undefined> {
  const submission = await db
    .selectFrom('concern_submissions')
    .select(['id', 'created_at'])
    .where('participant_id', '=', participantId)
    .executeTakeFirst();
  if (!submission) return undefined;
  const ratings = await db
    .selectFrom('concern_ratings')
    .selectAll()
    .where('submission_id', '=', submission.id)
    .orderBy('position')
    .execute();
  return {
    id: submission.id,
    createdAt: submission.created_at,
    ratings: ratings.map((rating) => ({
      concernId: rating.concern_id,
      title: rating.concern_title,
      description: rating.concern_description,
      ratingOptions: parseList(rating.concern_rating_options),
      chosenOptions: parseList(rating.chosen_options),
      status: rating.status,
      ratedAt: rating.created_at,
    })),
  };
}

export async function listInvitations(db: Executor, participantId: string) {
  return db
    .selectFrom('invitations')
    .select(['id', 'created_at', 'expires_at', 'revoked_at', 'opened_at', 'last_sent_at'])
    .where('participant_id', '=', participantId)
    .orderBy('created_at')
    .execute();
}

/** How many rows of each kind an erasure removed. */
export interface ErasedCounts {
  consents: number;
  progressAnswers: number;
  results: number;
  concernSubmissions: number;
  concernRatings: number;
  invitations: number;
  /** The doctor's report (with its saved comment versions) and the links to it. */
  reports: number;
  reportLinks: number;
}

const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

/**
 * Deletes the participant and every row that refers to them, children first (so it does not rest
 * on the engines' cascades), plus the rate-limit counts kept under their email's hash. Undefined
 * when there is no such participant. Run it inside a transaction.
 *
 * SQLite: the deletes run with `secure_delete` on, so the removed rows' bytes are overwritten in the
 * file rather than left in free space; and the result search's FTS5 table (migration 0004), whose
 * trigger removes a result's row, has its own `secure-delete` on, so its index forgets the removed
 * text at once instead of at a later merge. PostgreSQL keeps the search text in the result row
 * itself; its deleted rows are overwritten when VACUUM (autovacuum) reclaims them.
 */
export async function deleteParticipantRows(
  trx: Executor,
  dialect: Dialect,
  participantId: string,
  emailHash: string,
): Promise<ErasedCounts | undefined> {
  if (dialect !== 'sqlite') return deleteRows(trx, participantId, emailHash);
  await sql`pragma secure_delete = on`.execute(trx);
  try {
    await sql`insert into result_search(result_search, rank) values ('secure-delete', 1)`.execute(trx);
    return await deleteRows(trx, participantId, emailHash);
  } finally {
    await sql`pragma secure_delete = off`.execute(trx);
  }
}

async function deleteRows(trx: Executor, participantId: string, emailHash: string): Promise<ErasedCounts | undefined> {
  const submissions = trx.selectFrom('concern_submissions').select('id').where('participant_id', '=', participantId);
  const results = trx.selectFrom('results').select('id').where('participant_id', '=', participantId);
  const concernRatings = deleted(
    await trx.deleteFrom('concern_ratings').where('submission_id', 'in', submissions).executeTakeFirst(),
  );
  const concernSubmissions = deleted(
    await trx.deleteFrom('concern_submissions').where('participant_id', '=', participantId).executeTakeFirst(),
  );
  const reportLinks = deleted(
    await trx.deleteFrom('report_links').where('participant_id', '=', participantId).executeTakeFirst(),
  );
  await trx
    .deleteFrom('report_versions')
    .where('result_id', 'in', trx.selectFrom('reports').select('result_id').where('participant_id', '=', participantId))
    .execute();
  const reports = deleted(
    await trx.deleteFrom('reports').where('participant_id', '=', participantId).executeTakeFirst(),
  );
  // The results leave the aggregates (Insights, the results page's totals, percentiles) with them.
  await subtractParticipant(trx, participantId);
  await trx.deleteFrom('result_answers').where('result_id', 'in', results).execute();
  const resultCount = deleted(
    await trx.deleteFrom('results').where('participant_id', '=', participantId).executeTakeFirst(),
  );
  const consents = deleted(
    await trx.deleteFrom('agreements').where('participant_id', '=', participantId).executeTakeFirst(),
  );
  const progressAnswers = deleted(
    await trx.deleteFrom('progress_answers').where('participant_id', '=', participantId).executeTakeFirst(),
  );
  const invitations = deleted(
    await trx.deleteFrom('invitations').where('participant_id', '=', participantId).executeTakeFirst(),
  );
  const participants = deleted(await trx.deleteFrom('participants').where('id', '=', participantId).executeTakeFirst());
  if (participants === 0) return undefined;
  await trx.deleteFrom('rate_limits').where('key', '=', emailHash).execute();
  return {
    consents,
    progressAnswers,
    results: resultCount,
    concernSubmissions,
    concernRatings,
    invitations,
    reports,
    reportLinks,
  };
}

/** A participant whose submission is older than the retention allows. */
export interface ExpiredParticipant {
  id: string;
  name: string;
  email: string;
  submittedAt: string;
}

/** Participants who submitted before `cutoff`, oldest submission first; at most `limit`. */
export async function listSubmittedBefore(db: Executor, cutoff: string, limit: number): Promise<ExpiredParticipant[]> {
  const rows = await db
    .selectFrom('results')
    .innerJoin('participants', 'participants.id', 'results.participant_id')
    .select(['participants.id', 'participants.name', 'participants.email', 'results.created_at'])
    .where('results.created_at', '<', cutoff)
    .orderBy('results.created_at')
    .orderBy('participants.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, email: row.email, submittedAt: row.created_at }));
}

export async function countSubmittedBefore(db: Executor, cutoff: string): Promise<number> {
  const row = await db
    .selectFrom('results')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('created_at', '<', cutoff)
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}

/**
 * PostgreSQL: takes the retention run's advisory lock for the rest of the transaction, or answers
 * false at once when another process holds it. SQLite has one server process per database.
 */
export async function tryRetentionLock(trx: Executor, dialect: Dialect): Promise<boolean> {
  if (dialect !== 'postgres') return true;
  const { rows } = await sql<{ locked: boolean }>`
    select pg_try_advisory_xact_lock(hashtext('prometrica-retention')) as locked`.execute(trx);
  return rows[0]?.locked === true;
}
