import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { consentTextCanonical, currentConsentText } from '@prometrica/shared-api/contract';
import type { Database } from '../../src/db/types';
import { signaturePng } from './png';

/** Rows of one statement: well inside either engine's parameter limit (10 values an agreement). */
const chunk = 500;

/**
 * Makes stored participants ones who may answer and submit, as consent through the API would: held
 * by `sessionId`, each with a signed consent of the current text. Written straight to the
 * database, for tests that store submissions without the API.
 */
export async function consentedFor(db: Kysely<Database>, participantIds: readonly string[], sessionId: string) {
  const createdAt = new Date().toISOString();
  const sha256 = createHash('sha256').update(consentTextCanonical(currentConsentText), 'utf8').digest('hex');
  for (let start = 0; start < participantIds.length; start += chunk) {
    const ids = participantIds.slice(start, start + chunk);
    await db.updateTable('participants').set({ owner_session: sessionId }).where('id', 'in', ids).execute();
    await db
      .insertInto('agreements')
      .values(
        ids.map((id) => ({
          id: randomUUID(),
          participant_id: id,
          image_base64: signaturePng,
          date: createdAt.slice(0, 10),
          created_at: createdAt,
          text_version: currentConsentText.version,
          text_sha256: sha256,
          signed_name: '',
          method: 'typed' as const,
          client_address: '127.0.0.1',
        })),
      )
      .execute();
  }
}
