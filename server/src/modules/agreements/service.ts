import { createHash, randomUUID } from 'node:crypto';
import {
  consentTextCanonical,
  currentConsentText,
  findConsentText,
  type AgreementResponse,
  type agreementBodySchema,
  type SignedAgreement,
} from '@prometrica/shared-api/contract';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import type { Store } from '../../db/types';
import { badRequest, conflict, HttpError } from '../../lib/http-errors';
import type { ParticipantIdentity } from '../../plugins/auth';
import { claimParticipant, findParticipantById, pinQuestionSetVersion } from '../participants/service';
import { questionSet } from '../questions/service';
import { insertAgreement, type findLatestAgreement } from './repository';

export { findLatestAgreement, hasAgreement } from './repository';

/** A stored consent as the API shows it: the evidence, with the signature image. */
export function toSignedAgreement(
  agreement: NonNullable<Awaited<ReturnType<typeof findLatestAgreement>>>,
): SignedAgreement {
  return {
    _id: agreement.id,
    date: agreement.date,
    imageBase64: agreement.image_base64,
    createdAt: agreement.created_at,
    textVersion: agreement.text_version,
    textSha256: agreement.text_sha256,
    signedName: agreement.signed_name,
    method: agreement.method,
    clientAddress: agreement.client_address,
  };
}

export const alreadyConsentedMessage = 'You have already signed the consent form';
export const consentRequiredMessage = 'Please sign the consent form before answering.';

/** 403 with `error: 'consent_required'`: answers and submissions wait for the consent (the app goes to its form). */
export const consentRequired = () => new HttpError(403, consentRequiredMessage, 'consent_required');

type AgreementInput = z.output<typeof agreementBodySchema>;

/** SHA-256 (hex) of each version's canonical text, computed once. */
const textHashes = new Map<string, string>();
function textSha256(version: string, text: string): string {
  let hash = textHashes.get(version);
  if (hash === undefined) {
    hash = createHash('sha256').update(text, 'utf8').digest('hex');
    textHashes.set(version, hash);
  }
  return hash;
}

/**
 * `POST useragreement/add`: the participant's signed consent, kept as evidence (what was agreed to:
 * the text's version and the SHA-256 of its canonical text; by whom, how, when and from where),
 * once: a second one is a 409 and stores nothing (the database's unique index decides, also for two
 * at once). Consent is the participant's first write: it claims them for this session, and pins the
 * question set they answer to the current one, all in one transaction.
 */
export async function addAgreement(
  store: Store,
  who: ParticipantIdentity,
  body: AgreementInput,
  clientAddress: string,
): Promise<AgreementResponse> {
  const textVersion = body.textVersion || currentConsentText.version;
  const text = findConsentText(textVersion);
  if (!text) {
    throw badRequest(`textVersion: unknown consent text version "${textVersion.slice(0, 32)}"`, 'textVersion');
  }
  const questions = await questionSet(store).latest();
  const createdAt = new Date().toISOString();
  const id = randomUUID();
  try {
    await store.db.transaction().execute(async (trx) => {
      await claimParticipant(trx, who);
      const participant = await findParticipantById(trx, who.id);
      await insertAgreement(trx, {
        id,
        participantId: who.id,
        imageBase64: body.imageBase64,
        date: body.date,
        createdAt,
        textVersion: text.version,
        textSha256: textSha256(text.version, consentTextCanonical(text)),
        signedName: body.signedName || (participant?.name ?? ''),
        method: body.method,
        clientAddress,
      });
      await pinQuestionSetVersion(trx, who.id, questions.version);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(alreadyConsentedMessage);
    throw error;
  }
  return {
    message: 'Thank you! Your consent has been recorded successfully.',
    agreement: { _id: id, date: body.date, createdAt },
  };
}
