import { randomUUID } from 'node:crypto';
import type { ValidateUserBody, ValidateUserResponse } from '@prometrica/shared-api/contract';
import type { Store } from '../../db/types';
import type { TokenService } from '../../lib/tokens';
import type { ParticipantIdentity } from '../../plugins/auth';
import {
  findResultByParticipant,
  findResultCategories,
  listAnswers,
  toCategoryFigure,
  toTotals,
} from '../results/service';
import {
  findParticipantByEmail,
  insertParticipantIfMissing,
  updateParticipant,
  type ParticipantRecord,
} from './repository';

// The submission batch writes the details a submission carried in its own statement (results).
export { carriedDetailsRows, carriedDetailsTable, carriedDetailsUpdate, type CarriedDetails } from './repository';

/** True when a token's session is the stored one; a token without a session never matches. */
export const sameSession = (holder: string, stored: string) => holder !== '' && holder === stored;

/** Creates the participant on first sight; finds it by email (any case) otherwise. */
async function findOrCreateParticipant(store: Store, body: ValidateUserBody, now: string): Promise<ParticipantRecord> {
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
 * `POST auth/validateuser`: a participant enters their details and gets a participant token.
 * `status` says whether this email already submitted. The stored answers and scores come back only
 * to the browser session that submitted them (it sends its token along); knowing the email is not
 * enough, and the token issued to anyone else cannot read them later either.
 */
export async function validateParticipant(
  store: Store,
  tokens: TokenService,
  body: ValidateUserBody,
  holder: ParticipantIdentity | null,
): Promise<ValidateUserResponse> {
  const now = new Date().toISOString();
  const participant = await findOrCreateParticipant(store, body, now);
  const result = await findResultByParticipant(store.db, participant.id);
  // The same browser keeps its session across re-validations; anyone else starts a new one.
  const continued = holder && holder.id === participant.id && holder.sessionId !== '' ? holder.sessionId : undefined;
  const token = tokens.issueParticipantToken(participant.id, continued);
  const proven = result !== undefined && continued !== undefined && sameSession(continued, result.sessionId);
  // Until the assessment is submitted, whoever types the email may also answer it, so their name
  // and phone are taken. After that only the browser that submitted may change them: knowing an
  // email must not rewrite the details the doctor's report goes out with.
  if (!result || proven) await updateDetails(store, participant, body, now);
  if (!result || !proven) {
    return {
      message: result ? 'You have already completed the assessment' : 'Participant details saved',
      status: result !== undefined,
      token,
      response: [],
      results: null,
    };
  }
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
