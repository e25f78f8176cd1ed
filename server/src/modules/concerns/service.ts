import { randomUUID } from 'node:crypto';
import type {
  ConcernListResponse,
  ConcernRatingsBody,
  ConcernRatingsResponse,
  ConcernSubmissionListResponse,
  MessageResponse,
} from '@prometrica/shared-api/contract';
import { isUniqueViolation } from '../../db/errors';
import type { Executor, Store } from '../../db/types';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import type { ParticipantIdentity } from '../../plugins/auth';
import { findComplaintsByIds, listComplaints } from '../complaints/repository';
import { standardBotherOptions } from '../complaints/service';
import { sameSession } from '../participants/service';
import { assertSubmittingSession, otherDeviceMessage } from '../quiz/service';
import {
  deleteConcernRating as deleteRatingRow,
  deleteConcernSubmissionIfEmpty,
  findConcernRatingSubmission,
  findConcernSubmissionByParticipant,
  insertConcernRatings,
  insertConcernSubmission,
  listConcernRatings,
  listConcernSubmissions,
  type ConcernRatingRecord,
  type ConcernSubmissionRecord,
} from './repository';

export const recordedMessage = 'Thank you! Your workplace concerns assessment has been recorded successfully.';
export const alreadyRatedMessage = 'You have already submitted your workplace concerns assessment';
export const ratingNotFoundMessage = 'Concern rating not found';

/** `GET complaint-bother/get-all`: the concerns to rate, in the order they were written. */
export async function getConcerns(store: Store): Promise<ConcernListResponse> {
  const complaints = await listComplaints(store.db, 'oldest');
  return {
    complaints: complaints.map((complaint) => ({
      _id: complaint.id,
      title: complaint.title,
      description: complaint.description,
      botherOptions: complaint.botherOptions,
    })),
  };
}

/** Choices keyed by concern, compared ignoring case. */
const choicesOf = (ratings: ReadonlyArray<{ complaintId: string; choice: string }>) =>
  new Map(ratings.map((rating) => [rating.complaintId, rating.choice.toLowerCase()]));

/** Sending the stored ratings again returns the stored submission; different ratings are a conflict. */
async function repeatRatings(
  db: Executor,
  who: ParticipantIdentity,
  submission: ConcernSubmissionRecord,
  sent: ConcernRatingsBody,
): Promise<ConcernRatingsResponse> {
  if (!sameSession(who.sessionId, submission.sessionId)) throw forbidden(otherDeviceMessage);
  const stored = (await listConcernRatings(db, [submission.id])).get(submission.id) ?? [];
  const storedChoices = choicesOf(
    stored.map((rating) => ({ complaintId: rating.complaint.id, choice: rating.botherOptions[0] ?? '' })),
  );
  const sentChoices = choicesOf(sent.map((rating) => ({ complaintId: rating.complaintId, choice: rating.botherOptions[0] ?? '' })));
  const same =
    storedChoices.size === sentChoices.size &&
    [...sentChoices].every(([complaintId, choice]) => storedChoices.get(complaintId) === choice);
  if (!same) throw conflict(alreadyRatedMessage);
  return { message: recordedMessage, submissionId: submission.id };
}

/**
 * `POST complaint-bother/add-complaint`: one submission per participant, each concern rated once
 * with one of its options. Idempotent like answers: the same ratings again return the stored
 * submission (200); different ones are a 409.
 */
export async function submitConcernRatings(
  store: Store,
  who: ParticipantIdentity,
  body: ConcernRatingsBody,
): Promise<{ created: boolean; response: ConcernRatingsResponse }> {
  const ids = body.map((rating) => rating.complaintId);
  const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
  if (repeated.length > 0) {
    throw badRequest(`complaintId: concern ${[...new Set(repeated)].join(', ')} is rated more than once`, 'complaintId');
  }
  await assertSubmittingSession(store.db, who);
  const existing = await findConcernSubmissionByParticipant(store.db, who.id);
  if (existing) return { created: false, response: await repeatRatings(store.db, who, existing, body) };

  const complaints = new Map((await findComplaintsByIds(store.db, ids)).map((complaint) => [complaint.id, complaint]));
  const unknown = ids.filter((id) => !complaints.has(id));
  if (unknown.length > 0) {
    throw badRequest(`complaintId: unknown concern ${unknown.map((id) => `"${id}"`).join(', ')}`, 'complaintId');
  }
  const createdAt = new Date().toISOString();
  const ratings: ConcernRatingRecord[] = body.map((rating) => {
    const complaint = complaints.get(rating.complaintId)!;
    const offered = complaint.botherOptions.length > 0 ? complaint.botherOptions : [...standardBotherOptions];
    const wanted = (rating.botherOptions[0] ?? '').toLowerCase();
    const choice = offered.find((option) => option.toLowerCase() === wanted);
    if (!choice) {
      throw badRequest(
        `botherOptions: "${rating.botherOptions[0]}" is not an option of "${complaint.title}" (${offered.join(', ')})`,
        'botherOptions',
      );
    }
    return {
      id: randomUUID(),
      complaint: {
        id: complaint.id,
        title: complaint.title,
        description: complaint.description,
        botherOptions: complaint.botherOptions,
        createdAt: complaint.createdAt,
      },
      botherOptions: [choice],
      status: 'pending',
    };
  });
  const submission: ConcernSubmissionRecord = { id: randomUUID(), participantId: who.id, sessionId: who.sessionId, createdAt };
  try {
    await store.db.transaction().execute(async (trx) => {
      await insertConcernSubmission(trx, submission);
      await insertConcernRatings(trx, submission.id, ratings, createdAt);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await findConcernSubmissionByParticipant(store.db, who.id);
    if (!winner) throw error;
    return { created: false, response: await repeatRatings(store.db, who, winner, body) };
  }
  return { created: true, response: { message: recordedMessage, submissionId: submission.id } };
}

/** `GET complaint-bother/get-all-complaints` (admins): submissions newest first, with the participant. */
export async function getConcernSubmissions(store: Store): Promise<ConcernSubmissionListResponse> {
  const submissions = await listConcernSubmissions(store.db);
  const ratings = await listConcernRatings(
    store.db,
    submissions.map((submission) => submission.id),
  );
  return {
    message: 'Concern submissions fetched successfully',
    data: submissions.map((submission) => ({
      _id: submission.id,
      user: {
        _id: submission.participant.id,
        name: submission.participant.name,
        email: submission.participant.email,
        phoneNumber: submission.participant.phone,
      },
      createdAt: submission.createdAt,
      bothers: (ratings.get(submission.id) ?? []).map((rating) => ({
        _id: rating.id,
        complaintId: {
          _id: rating.complaint.id,
          title: rating.complaint.title,
          description: rating.complaint.description,
          botherOptions: rating.complaint.botherOptions,
          createdAt: rating.complaint.createdAt,
        },
        botherOptions: rating.botherOptions,
        status: rating.status,
      })),
    })),
  };
}

/** `DELETE complaint-bother/delete-user-complaint/{id}` (admins): one rating; an emptied submission goes too. */
export async function deleteConcernRating(store: Store, ratingId: string): Promise<MessageResponse> {
  return store.db.transaction().execute(async (trx) => {
    const submissionId = await findConcernRatingSubmission(trx, ratingId);
    if (!submissionId) throw notFound(ratingNotFoundMessage);
    await deleteRatingRow(trx, ratingId);
    const emptied = await deleteConcernSubmissionIfEmpty(trx, submissionId);
    return { message: emptied ? 'Concern rating and its empty submission deleted' : 'Concern rating deleted successfully' };
  });
}
