import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type {
  ParticipantSessionResponse,
  ProgressResponse,
  ResumeBody,
  ValidateUserBody,
  ValidateUserResponse,
} from '@prometrica/shared-api/contract';
import type { Store } from '../../db/types';
import { conflict, HttpError, unauthorized } from '../../lib/http-errors';
import { normalizeResumeCode } from '../../lib/resume-code';
import type { TokenService } from '../../lib/tokens';
import type { ParticipantIdentity } from '../../plugins/auth';
import { questionSet } from '../questions/service';
import type { RateLimiter } from '../rate-limits/service';
import {
  findResultByParticipant,
  findResultCategories,
  listAnswers,
  toCategoryFigure,
  toTotals,
} from '../results/service';
import { openEntrySetting } from '../settings/service';
import { startedElsewhereMessage } from './ownership';
import {
  findConsentTextVersion,
  findParticipantByEmail,
  findParticipantById,
  findParticipantOverview,
  holdParticipant,
  insertParticipantIfMissing,
  listSavedAnswers,
  updateParticipant,
  type HeldParticipantRecord,
  type ParticipantOverview,
  type ParticipantRecord,
} from './repository';

// The submission batch writes the details a submission carried in its own statement (results).
export { carriedDetailsRows, carriedDetailsTable, carriedDetailsUpdate, type CarriedDetails } from './repository';
// Who acts for a participant: every participant write claims them, reads check the holder.
export {
  assertOwner,
  claimParticipant,
  findParticipantHold,
  holds,
  pinQuestionSetVersion,
  startedElsewhere,
  startedElsewhereMessage,
} from './ownership';
export { findParticipantById, listSavedAnswers } from './repository';
// Inviting and the admin's list of participants (the invitations module).
export {
  countParticipantOverviews,
  findInvitees,
  findParticipantOverview,
  insertInvitees,
  listParticipantOverviews,
  reinviteParticipant,
  reholdUnstartedParticipant,
  type NewInvitee,
  type OverviewFilter,
  type ParticipantOverview,
} from './repository';

/** validateuser with open entry off, for an email nobody invited. */
export const invitationOnlyMessage = 'This assessment is by invitation. Please use the link in your invitation.';
/** 403 with `error: 'invitation_only'`: the details page tells the participant to use their link. */
const invitationOnly = () => new HttpError(403, invitationOnlyMessage, 'invitation_only');
/** A wrong email or resume code (one message, so it does not tell which emails take part). */
export const wrongResumeCodeMessage = 'The email or resume code is not right';

/** True when a token's session is the stored one; a token without a session never matches. */
export const sameSession = (holder: string, stored: string) => holder !== '' && holder === stored;

/** Creates the participant on first sight; finds it by email (any case) otherwise. */
async function findOrCreateParticipant(
  store: Store,
  body: ValidateUserBody,
  now: string,
): Promise<HeldParticipantRecord> {
  await insertParticipantIfMissing(store.db, {
    id: randomUUID(),
    name: body.name ?? '',
    email: body.email,
    phone: body.phone ?? '',
    createdAt: now,
    updatedAt: now,
  });
  const participant = await findParticipantByEmail(store.db, body.email);
  if (!participant) throw new Error('participant vanished right after it was stored');
  return participant;
}

/** Stores the name and phone given when they differ from the stored ones. */
async function updateDetails(
  store: Store,
  participant: ParticipantRecord,
  body: ValidateUserBody,
  now: string,
): Promise<void> {
  const changes = {
    ...(body.name && body.name !== participant.name ? { name: body.name } : {}),
    ...(body.phone && body.phone !== participant.phone ? { phone: body.phone } : {}),
  };
  if (Object.keys(changes).length > 0)
    await updateParticipant(store.db, participant.id, { ...changes, updatedAt: now });
}

/**
 * `POST auth/validateuser`: a participant enters their details and gets a participant token
 * (docs/participation.md, "Who acts for a participant").
 *
 * - Nobody holds the participant yet (open entry, not started): whoever types the email may enter,
 *   and their name and phone are taken; the same browser keeps its session, anyone else gets a new
 *   one. With open entry off, only an invited (so held) participant gets this far: 403 otherwise.
 * - A session holds them (they started, or were invited): a token of that session is the same
 *   person and may update name and phone; any other changes nothing and gets 409
 *   (`startedElsewhereMessage`), except after submission, where the spec's "already completed"
 *   reply with `status: true` stays (still changing nothing).
 *
 * The stored answers and scores come back only to the holding session; knowing an email is not
 * enough, and a token issued to anyone else cannot read them later either.
 */
export async function validateParticipant(
  store: Store,
  tokens: TokenService,
  body: ValidateUserBody,
  holder: ParticipantIdentity | null,
): Promise<ValidateUserResponse> {
  const now = new Date().toISOString();
  const openEntry = await openEntrySetting(store).get();
  const stored = await findParticipantByEmail(store.db, body.email);
  if (!stored && !openEntry) throw invitationOnly();
  const participant = stored ?? (await findOrCreateParticipant(store, body, now));
  const result = await findResultByParticipant(store.db, participant.id);
  // Results stored before sessions held participants name the session that submitted.
  const owner = participant.ownerSession ?? result?.sessionId ?? null;
  const holderSession =
    holder && holder.id === participant.id && holder.sessionId !== '' ? holder.sessionId : undefined;

  if (owner === null) {
    if (!openEntry) throw invitationOnly();
    await updateDetails(store, participant, body, now);
    return {
      message: 'Participant details saved',
      status: false,
      token: tokens.issueParticipantToken(participant.id, holderSession),
      response: [],
      results: null,
    };
  }

  if (holderSession === undefined || !sameSession(holderSession, owner)) {
    if (!result) throw conflict(startedElsewhereMessage, 'started_elsewhere');
    return {
      message: 'You have already completed the assessment',
      status: true,
      // A session of its own, which holds nothing: it reads nothing of theirs.
      token: tokens.issueParticipantToken(participant.id),
      response: [],
      results: null,
    };
  }

  await updateDetails(store, participant, body, now);
  const token = tokens.issueParticipantToken(participant.id, owner);
  if (!result) return { message: 'Participant details saved', status: false, token, response: [], results: null };
  const [answers, categories] = await Promise.all([
    listAnswers(store.db, result.id),
    findResultCategories(store.db, result.id),
  ]);
  return {
    message: 'You have already completed the assessment',
    status: true,
    token,
    response: answers.map((answer) => ({ questionId: answer.questionId, userAnswer: answer.userAnswer })),
    results: { userTotals: toTotals(result), categories: categories.map(toCategoryFigure) },
  };
}

/** Answers saved and the size of the participant's question set (`answering n of N`). */
export async function answeredOf(
  store: Store,
  overview: ParticipantOverview,
): Promise<{ answered: number; questionCount: number }> {
  // A submission answered its whole set (results from before saved answers have none saved).
  if (overview.result) return { answered: overview.result.total, questionCount: overview.result.total };
  const pinned =
    overview.questionSetVersion === null ? undefined : await questionSet(store).version(overview.questionSetVersion);
  const records = pinned ? pinned.records : await questionSet(store).records();
  return { answered: overview.answered, questionCount: records.length };
}

/**
 * Everything a device needs to resume (`ProgressResponse`), or undefined when the participant is
 * gone. The question set version is the pinned one, or the current one before consent pins it.
 */
export async function participantProgress(store: Store, participantId: string): Promise<ProgressResponse | undefined> {
  const [overview, participant, answers, textVersion] = await Promise.all([
    findParticipantOverview(store.db, participantId),
    findParticipantById(store.db, participantId),
    listSavedAnswers(store.db, participantId),
    findConsentTextVersion(store.db, participantId),
  ]);
  if (!overview || !participant) return undefined;
  return {
    participant: { name: overview.name, email: overview.email, phone: overview.phone },
    resumeCode: participant.resumeCode,
    stage: overview.stage,
    consent:
      overview.consentedAt === null
        ? null
        : // Consents from before text versions were kept have none: '' says so.
          { signedAt: overview.consentedAt, textVersion: textVersion ?? '' },
    questionSetVersion: overview.questionSetVersion ?? (await questionSet(store).latest()).version,
    answers,
    submittedAt: overview.result?.createdAt ?? null,
    concernsSubmittedAt: overview.concernsSubmittedAt,
  };
}

/**
 * A participant token of the session that holds the participant (a new one claims them when
 * nobody does), with their progress: what opening an invitation link and resuming reply.
 * Undefined when the participant is gone.
 */
export async function participantSession(
  store: Store,
  tokens: TokenService,
  participantId: string,
  message: string,
): Promise<ParticipantSessionResponse | undefined> {
  const session = await holdParticipant(store.db, participantId, randomUUID());
  const progress = session === undefined ? undefined : await participantProgress(store, participantId);
  if (session === undefined || !progress) return undefined;
  return { message, token: tokens.issueParticipantToken(participantId, session), progress };
}

/** Equal codes, compared in constant time (as SHA-256 digests, so the lengths match too). */
function sameResumeCode(typed: string, stored: string): boolean {
  const digest = (code: string) => createHash('sha256').update(normalizeResumeCode(code)).digest();
  // A participant without a code ('' from before codes were given) matches nothing.
  return timingSafeEqual(digest(typed), digest(stored)) && normalizeResumeCode(stored) !== '';
}

/**
 * `POST auth/resume`: the email and the resume code give a token of the session that holds the
 * participant, on any device. Attempts are counted before the code is checked; five wrong ones from
 * an address or against an email refuse further attempts for a while (429).
 */
export async function resumeParticipant(
  store: Store,
  tokens: TokenService,
  rateLimiter: RateLimiter,
  body: ResumeBody,
  address: string | undefined,
): Promise<ParticipantSessionResponse> {
  const attempt = await rateLimiter.startResume(address, body.email);
  const participant = await findParticipantByEmail(store.db, body.email);
  // An unknown email is compared too, so the time taken does not tell which emails take part.
  const matches = sameResumeCode(body.code, participant?.resumeCode ?? '');
  if (!participant || !matches) throw unauthorized(wrongResumeCodeMessage);
  await attempt.succeeded();
  const session = await participantSession(store, tokens, participant.id, 'Welcome back: continue where you left off');
  // Deleted between the check and now: as if the email were unknown.
  if (!session) throw unauthorized(wrongResumeCodeMessage);
  return session;
}
