import { randomUUID } from 'node:crypto';
import type { AgreementBody, AgreementResponse } from '@prometrica/shared-api/contract';
import { isUniqueViolation } from '../../db/errors';
import type { Store } from '../../db/types';
import { conflict } from '../../lib/http-errors';
import type { ParticipantIdentity } from '../../plugins/auth';
import { assertSubmittingSession } from '../quiz/service';
import { insertAgreement } from './repository';

export { findLatestAgreement } from './repository';

export const alreadyConsentedMessage = 'You have already signed the consent form';

/**
 * `POST useragreement/add`: the participant's signed consent, stored against them, once: a second
 * one is a 409 and stores nothing (the database's unique index decides, also for two at once).
 */
export async function addAgreement(
  store: Store,
  who: ParticipantIdentity,
  body: AgreementBody,
): Promise<AgreementResponse> {
  // After a submission only the submitting browser acts for the participant.
  await assertSubmittingSession(store.db, who);
  const agreement = { id: randomUUID(), participantId: who.id, ...body, createdAt: new Date().toISOString() };
  try {
    await insertAgreement(store.db, agreement);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(alreadyConsentedMessage);
    throw error;
  }
  return {
    message: 'Thank you! Your consent has been recorded successfully.',
    agreement: { _id: agreement.id, date: agreement.date, createdAt: agreement.createdAt },
  };
}
