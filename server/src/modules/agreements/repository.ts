import type { Executor } from '../../db/types';

/** A signed consent as stored, with what makes it evidence (migration 0011). */
export interface NewAgreement {
  id: string;
  participantId: string;
  imageBase64: string;
  date: string;
  createdAt: string;
  textVersion: string;
  textSha256: string;
  signedName: string;
  method: 'typed' | 'drawn';
  clientAddress: string;
}

/** Stores a signed consent; a second one for the participant fails with a unique violation. */
export async function insertAgreement(db: Executor, agreement: NewAgreement): Promise<void> {
  await db
    .insertInto('agreements')
    .values({
      id: agreement.id,
      participant_id: agreement.participantId,
      image_base64: agreement.imageBase64,
      date: agreement.date,
      created_at: agreement.createdAt,
      text_version: agreement.textVersion,
      text_sha256: agreement.textSha256,
      signed_name: agreement.signedName,
      method: agreement.method,
      client_address: agreement.clientAddress,
    })
    .execute();
}

/** Whether the participant has signed the consent. */
export async function hasAgreement(db: Executor, participantId: string): Promise<boolean> {
  const row = await db
    .selectFrom('agreements')
    .select('id')
    .where('participant_id', '=', participantId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The participant's signed consent (one since migration 0010; the newest, should there be more). */
export async function findLatestAgreement(db: Executor, participantId: string) {
  return db
    .selectFrom('agreements')
    .select([
      'id',
      'date',
      'image_base64',
      'created_at',
      'text_version',
      'text_sha256',
      'signed_name',
      'method',
      'client_address',
    ])
    .where('participant_id', '=', participantId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
