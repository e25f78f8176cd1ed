import { randomUUID } from 'node:crypto';
import type { AgreementBody, AgreementResponse } from '@prometrica/shared-api/contract';
import type { Store } from '../../db/types';
import type { ParticipantIdentity } from '../../plugins/auth';
import { assertSubmittingSession } from '../quiz/service';
import { insertAgreement } from './repository';

/** `POST useragreement/add`: the participant's signed consent, stored against them. */
export { findLatestAgreement } from './repository';

export async function addAgreement(
  store: Store,
  who: ParticipantIdentity,
  body: AgreementBody,
): Promise<AgreementResponse> {
  // After a submission only the submitting browser acts for the participant.
  await assertSubmittingSession(store.db, who);
  const agreement = { id: randomUUID(), participantId: who.id, ...body, createdAt: new Date().toISOString() };
  await insertAgreement(store.db, agreement);
  return {
    message: 'Thank you! Your consent has been recorded successfully.',
    agreement: { _id: agreement.id, date: agreement.date, createdAt: agreement.createdAt },
  };
}
