import { sql } from 'kysely';
import type { Executor, ParticipantsTable } from '../../db/types';
import { normalizeEmail } from '../users/repository';

/** A participant as the server works with it. */
export interface ParticipantRecord {
  id: string;
  name: string;
  email: string;
  phone: string;
  createdAt: string;
  updatedAt: string;
}

function toRecord(row: ParticipantsTable): ParticipantRecord {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function findParticipantById(db: Executor, id: string): Promise<ParticipantRecord | undefined> {
  const row = await db.selectFrom('participants').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function findParticipantByEmail(db: Executor, email: string): Promise<ParticipantRecord | undefined> {
  const row = await db
    .selectFrom('participants')
    .selectAll()
    .where('email_lower', '=', normalizeEmail(email))
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function participantExists(db: Executor, id: string): Promise<boolean> {
  const row = await db.selectFrom('participants').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Inserts the participant unless one with this email (any case) exists; concurrent callers both succeed. */
export async function insertParticipantIfMissing(db: Executor, participant: ParticipantRecord): Promise<void> {
  await db
    .insertInto('participants')
    .values({
      id: participant.id,
      name: participant.name,
      name_lower: participant.name.toLowerCase(),
      email: participant.email,
      email_lower: normalizeEmail(participant.email),
      phone: participant.phone,
      created_at: participant.createdAt,
      updated_at: participant.updatedAt,
    })
    .onConflict((oc) => oc.column('email_lower').doNothing())
    .execute();
}

/**
 * The details a submission carried, written with it. The email changes only if no other
 * participant holds it at that moment (it is theirs: the submission keeps ours rather than fail).
 */
export async function updateCarriedDetails(
  db: Executor,
  id: string,
  changes: { name?: string; email?: string; phone?: string; updatedAt: string },
): Promise<void> {
  await carriedDetailsUpdate(db, id, changes).execute();
}

/** The update `updateCarriedDetails` runs, to narrow or compile (e.g. for a write thread). */
export function carriedDetailsUpdate(
  db: Executor,
  id: string,
  changes: { name?: string; email?: string; phone?: string; updatedAt: string },
) {
  const email = changes.email;
  const emailLower = email === undefined ? undefined : normalizeEmail(email);
  const heldByAnother = (column: 'email' | 'email_lower', value: string) =>
    sql<string>`case when exists (select 1 from participants as other where other.email_lower = ${emailLower} and other.id <> ${id})
      then ${sql.ref(`participants.${column}`)} else ${value} end`;
  return db
    .updateTable('participants')
    .set({
      ...(changes.name !== undefined ? { name: changes.name, name_lower: changes.name.toLowerCase() } : {}),
      ...(email !== undefined ? { email: heldByAnother('email', email), email_lower: heldByAnother('email_lower', emailLower!) } : {}),
      ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
      updated_at: changes.updatedAt,
    })
    .where('id', '=', id);
}

/** Changes the given details; a taken email fails with the engine's unique-violation error. */
export async function updateParticipant(
  db: Executor,
  id: string,
  changes: { name?: string; email?: string; phone?: string; updatedAt: string },
): Promise<void> {
  await db
    .updateTable('participants')
    .set({
      ...(changes.name !== undefined ? { name: changes.name, name_lower: changes.name.toLowerCase() } : {}),
      ...(changes.email !== undefined ? { email: changes.email, email_lower: normalizeEmail(changes.email) } : {}),
      ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
      updated_at: changes.updatedAt,
    })
    .where('id', '=', id)
    .execute();
}
