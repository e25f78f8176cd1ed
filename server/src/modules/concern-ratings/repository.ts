import type { Executor } from '../../db/types';
import { fromJsonList, toJsonList } from '../../lib/json-text';

/** A participant's concern-ratings submission. */
export interface ConcernSubmissionRecord {
  id: string;
  participantId: string;
  /** The browser session that submitted. */
  sessionId: string;
  createdAt: string;
}

/** One rated concern, with the concern as it was when rated. */
export interface ConcernRatingRecord {
  id: string;
  concern: { id: string; title: string; description: string; ratingOptions: string[]; createdAt: string };
  /** The participant's choice (a list of one). */
  chosenOptions: string[];
  status: string;
}

/** A submission with its participant, as the admin list shows it. */
export interface ConcernSubmissionWithParticipant extends ConcernSubmissionRecord {
  participant: { id: string; name: string; email: string; phone: string };
}

export async function findConcernSubmissionByParticipant(
  db: Executor,
  participantId: string,
): Promise<ConcernSubmissionRecord | undefined> {
  const row = await db
    .selectFrom('concern_submissions')
    .selectAll()
    .where('participant_id', '=', participantId)
    .executeTakeFirst();
  return row
    ? { id: row.id, participantId: row.participant_id, sessionId: row.session_id, createdAt: row.created_at }
    : undefined;
}

/** Writes the submission row; a second one for the participant fails with a unique violation. */
export async function insertConcernSubmission(db: Executor, submission: ConcernSubmissionRecord): Promise<void> {
  await db
    .insertInto('concern_submissions')
    .values({
      id: submission.id,
      participant_id: submission.participantId,
      session_id: submission.sessionId,
      created_at: submission.createdAt,
    })
    .execute();
}

export async function insertConcernRatings(
  db: Executor,
  submissionId: string,
  ratings: readonly ConcernRatingRecord[],
  createdAt: string,
): Promise<void> {
  if (ratings.length === 0) return;
  await db
    .insertInto('concern_ratings')
    .values(
      ratings.map((rating, position) => ({
        id: rating.id,
        submission_id: submissionId,
        position,
        concern_id: rating.concern.id,
        concern_title: rating.concern.title,
        concern_description: rating.concern.description,
        concern_rating_options: toJsonList(rating.concern.ratingOptions),
        concern_created_at: rating.concern.createdAt,
        chosen_options: toJsonList(rating.chosenOptions),
        status: rating.status,
        created_at: createdAt,
      })),
    )
    .execute();
}

/** The ratings of several submissions at once, in the order they were given. */
export async function listConcernRatings(
  db: Executor,
  submissionIds: readonly string[],
): Promise<Map<string, ConcernRatingRecord[]>> {
  const bySubmission = new Map<string, ConcernRatingRecord[]>();
  if (submissionIds.length === 0) return bySubmission;
  const rows = await db
    .selectFrom('concern_ratings')
    .selectAll()
    .where('submission_id', 'in', submissionIds)
    .orderBy('submission_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const list = bySubmission.get(row.submission_id) ?? [];
    list.push({
      id: row.id,
      concern: {
        id: row.concern_id,
        title: row.concern_title,
        description: row.concern_description,
        ratingOptions: fromJsonList(row.concern_rating_options),
        createdAt: row.concern_created_at,
      },
      chosenOptions: fromJsonList(row.chosen_options),
      status: row.status,
    });
    bySubmission.set(row.submission_id, list);
  }
  return bySubmission;
}

/** Every submission with its participant, newest first. */
export async function listConcernSubmissions(db: Executor): Promise<ConcernSubmissionWithParticipant[]> {
  const rows = await db
    .selectFrom('concern_submissions')
    .innerJoin('participants', 'participants.id', 'concern_submissions.participant_id')
    .select([
      'concern_submissions.id',
      'concern_submissions.participant_id',
      'concern_submissions.session_id',
      'concern_submissions.created_at',
      'participants.name',
      'participants.email',
      'participants.phone',
    ])
    .orderBy('concern_submissions.created_at', 'desc')
    .orderBy('concern_submissions.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    participantId: row.participant_id,
    sessionId: row.session_id,
    createdAt: row.created_at,
    participant: { id: row.participant_id, name: row.name, email: row.email, phone: row.phone },
  }));
}

export async function findConcernRatingSubmission(db: Executor, ratingId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('concern_ratings')
    .select('submission_id')
    .where('id', '=', ratingId)
    .executeTakeFirst();
  return row?.submission_id;
}

export async function deleteConcernRating(db: Executor, ratingId: string): Promise<void> {
  await db.deleteFrom('concern_ratings').where('id', '=', ratingId).execute();
}

/** Deletes the submission when no rating is left in it; true when it did. */
export async function deleteConcernSubmissionIfEmpty(db: Executor, submissionId: string): Promise<boolean> {
  const left = await db
    .selectFrom('concern_ratings')
    .select('id')
    .where('submission_id', '=', submissionId)
    .limit(1)
    .executeTakeFirst();
  if (left) return false;
  await db.deleteFrom('concern_submissions').where('id', '=', submissionId).execute();
  return true;
}
