import { randomUUID } from 'node:crypto';
import type {
  ConcernRatingsBody,
  ConcernRatingsResponse,
  ConcernSubmissionListResponse,
  MessageResponse,
  RatableConcernListResponse,
  UserResponseSummary,
} from '@prometrica/shared-api/contract';
import { isUniqueViolation } from '../../db/errors';
import type { Executor, Store } from '../../db/types';
import { badRequest, conflict, forbidden, found } from '../../lib/http-errors';
import type { ParticipantIdentity } from '../../plugins/auth';
import { findConcernsByIds, listConcerns, standardRatingOptions } from '../concerns/service';
import { claimParticipant, sameSession } from '../participants/service';
import { otherDeviceMessage } from '../quiz/service';
import {
  deleteConcernRating as deleteRatingRow,
  deleteConcernSubmissionIfEmpty,
  findConcernRatingSubmission,
  findConcernSubmissionByParticipant,
  insertConcernRatings,
  insertConcernSubmission,
  listConcernRatings,
  listConcernSubmissions,
} from './repository';
import type { ConcernRatingRecord, ConcernSubmissionRecord } from './repository';

export const recordedMessage = 'Thank you! Your workplace concerns assessment has been recorded successfully.';
export const alreadyRatedMessage = 'You have already submitted your workplace concerns assessment';
export const ratingNotFoundMessage = 'Concern rating not found';

/** `GET complaint-bother/get-all`: the concerns to rate, in the order they were written. */
export async function getRatableConcerns(store: Store): Promise<RatableConcernListResponse> {
  const concerns = await listConcerns(store.db, 'oldest');
  return {
    complaints: concerns.map((concern) => ({
      _id: concern.id,
      title: concern.title,
      description: concern.description,
      botherOptions: concern.ratingOptions,
    })),
  };
}

/** Choices keyed by concern, compared ignoring case. */
const choicesOf = (ratings: ReadonlyArray<{ concernId: string; choice: string }>) =>
  new Map(ratings.map((rating) => [rating.concernId, rating.choice.toLowerCase()]));

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
    stored.map((rating) => ({ concernId: rating.concern.id, choice: rating.chosenOptions[0] ?? '' })),
  );
  const sentChoices = choicesOf(
    sent.map((rating) => ({ concernId: rating.complaintId, choice: rating.botherOptions[0] ?? '' })),
  );
  const same =
    storedChoices.size === sentChoices.size &&
    [...sentChoices].every(([concernId, choice]) => storedChoices.get(concernId) === choice);
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
    throw badRequest(
      `complaintId: concern ${[...new Set(repeated)].join(', ')} is rated more than once`,
      'complaintId',
    );
  }
  // A participant write: claims the participant for this session, or refuses another's (403).
  await claimParticipant(store.db, who);
  const existing = await findConcernSubmissionByParticipant(store.db, who.id);
  if (existing) return { created: false, response: await repeatRatings(store.db, who, existing, body) };

  const concerns = new Map((await findConcernsByIds(store.db, ids)).map((concern) => [concern.id, concern]));
  const unknown = ids.filter((id) => !concerns.has(id));
  if (unknown.length > 0) {
    throw badRequest(`complaintId: unknown concern ${unknown.map((id) => `"${id}"`).join(', ')}`, 'complaintId');
  }
  const createdAt = new Date().toISOString();
  const ratings: ConcernRatingRecord[] = body.map((rating) => {
    const concern = concerns.get(rating.complaintId)!;
    const offered = concern.ratingOptions.length > 0 ? concern.ratingOptions : [...standardRatingOptions];
    const wanted = (rating.botherOptions[0] ?? '').toLowerCase();
    const choice = offered.find((option) => option.toLowerCase() === wanted);
    if (!choice) {
      throw badRequest(
        `botherOptions: "${rating.botherOptions[0]}" is not an option of "${concern.title}" (${offered.join(', ')})`,
        'botherOptions',
      );
    }
    return {
      id: randomUUID(),
      concern: {
        id: concern.id,
        title: concern.title,
        description: concern.description,
        ratingOptions: concern.ratingOptions,
        createdAt: concern.createdAt,
      },
      chosenOptions: [choice],
      status: 'pending',
    };
  });
  const submission: ConcernSubmissionRecord = {
    id: randomUUID(),
    participantId: who.id,
    sessionId: who.sessionId,
    createdAt,
  };
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
          _id: rating.concern.id,
          title: rating.concern.title,
          description: rating.concern.description,
          botherOptions: rating.concern.ratingOptions,
          createdAt: rating.concern.createdAt,
        },
        botherOptions: rating.chosenOptions,
        status: rating.status,
      })),
    })),
  };
}

/** `DELETE complaint-bother/delete-user-complaint/{id}` (admins): one rating; an emptied submission goes too. */
export async function deleteConcernRating(store: Store, ratingId: string): Promise<MessageResponse> {
  return store.db.transaction().execute(async (trx) => {
    const submissionId = found(await findConcernRatingSubmission(trx, ratingId), ratingNotFoundMessage);
    await deleteRatingRow(trx, ratingId);
    const emptied = await deleteConcernSubmissionIfEmpty(trx, submissionId);
    return {
      message: emptied ? 'Concern rating and its empty submission deleted' : 'Concern rating deleted successfully',
    };
  });
}

/** `GET user/getuserresponse`'s concerns part: the participant's own ratings, for the submitting session only. */
export async function ownConcernRatings(
  db: Executor,
  who: ParticipantIdentity,
): Promise<Pick<UserResponseSummary, 'concerns' | 'concernsSubmittedAt'>> {
  const submission = await findConcernSubmissionByParticipant(db, who.id);
  if (!submission) return { concerns: [], concernsSubmittedAt: null };
  if (!sameSession(who.sessionId, submission.sessionId)) throw forbidden(otherDeviceMessage);
  const ratings = (await listConcernRatings(db, [submission.id])).get(submission.id) ?? [];
  return {
    concerns: ratings.map((rating) => ({ title: rating.concern.title, botherOptions: rating.chosenOptions })),
    concernsSubmittedAt: submission.createdAt,
  };
}

/** A participant's concern ratings as the doctor's report lists them (any session: the report is the admin's). */
export async function participantConcernRatings(
  db: Executor,
  participantId: string,
): Promise<{ concerns: Array<{ title: string; description: string; rating: string }>; submittedAt: string | null }> {
  const submission = await findConcernSubmissionByParticipant(db, participantId);
  if (!submission) return { concerns: [], submittedAt: null };
  const ratings = (await listConcernRatings(db, [submission.id])).get(submission.id) ?? [];
  return {
    concerns: ratings.map((rating) => ({
      title: rating.concern.title,
      description: rating.concern.description,
      rating: rating.chosenOptions.join(', '),
    })),
    submittedAt: submission.createdAt,
  };
}
