import type { Executor } from '../../db/types';

/** Stores a signed consent; a second one for the participant fails with a unique violation. */
export async function insertAgreement(
  db: Executor,
  agreement: { id: string; participantId: string; imageBase64: string; date: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('agreements')
    .values({
      id: agreement.id,
      participant_id: agreement.participantId,
      image_base64: agreement.imageBase64,
      date: agreement.date,
      created_at: agreement.createdAt,
    })
    .execute();
}

/** The participant's signed consent (one since migration 0010; the newest, should there be more). */
export async function findLatestAgreement(db: Executor, participantId: string) {
  return db
    .selectFrom('agreements')
    .select(['id', 'date', 'image_base64', 'created_at'])
    .where('participant_id', '=', participantId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
