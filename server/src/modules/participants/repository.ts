import { valuesRows, type ListColumn } from '../../db/statements/values-list';
import type { Dialect, Executor, ParticipantsTable } from '../../db/types';
import { normalizeEmail } from '../../lib/email';

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
 * Details a submission carried that may replace the stored ones: real values, never the
 * placeholders the participant app sends for a detail left out.
 */
export interface CarriedDetails {
  name?: string;
  email?: string;
  phone?: string;
}

/** The details one submission carried, written only if its result was stored. */
export interface CarriedDetailsWrite {
  participantId: string;
  resultId: string;
  details: CarriedDetails;
  updatedAt: string;
}

/** The details many submissions carried as the rows of a VALUES list: only those that carry some. */
export interface CarriedDetailsRows {
  count: number;
  parameters: unknown[];
}

export function carriedDetailsRows(writes: readonly CarriedDetailsWrite[]): CarriedDetailsRows {
  const parameters: unknown[] = [];
  for (const {
    participantId,
    resultId,
    details: { name, email, phone },
    updatedAt,
  } of writes) {
    if (name === undefined && email === undefined && phone === undefined) continue;
    parameters.push(
      participantId,
      resultId,
      name ?? null,
      name?.toLowerCase() ?? null,
      phone ?? null,
      email ?? null,
      email === undefined ? null : normalizeEmail(email),
      updatedAt,
    );
  }
  return { count: parameters.length / carriedTypes.length, parameters };
}

const carriedTypes: ListColumn[] = ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'text'];

/** The `carried` table of `carriedDetailsUpdate`: `count` rows, parameters numbered from `firstParameter`. */
export function carriedDetailsTable(dialect: Dialect, count: number, firstParameter = 1): string {
  return `carried (participant_id, result_id, name, name_lower, phone, email, email_lower, updated_at) as (
    values ${valuesRows(dialect, count, carriedTypes, { firstParameter })})`;
}

/**
 * Writes the details in `carried` (see `carriedDetailsTable`), each only if its result is in
 * `stored` (a table or a query's name, with an `id` column). A detail equal to the stored one
 * changes nothing, and a participant none of whose details change keeps its `updated_at`. An email
 * another participant holds at that moment is left out: it is theirs, and the submission keeps ours
 * rather than fail.
 */
export function carriedDetailsUpdate(stored: string): string {
  const emailKept = `(carried.email is null or exists (
    select 1 from participants as other where other.email_lower = carried.email_lower and other.id <> participants.id))`;
  return `
    update participants set
      name = coalesce(carried.name, participants.name),
      name_lower = coalesce(carried.name_lower, participants.name_lower),
      phone = coalesce(carried.phone, participants.phone),
      email = case when ${emailKept} then participants.email else carried.email end,
      email_lower = case when ${emailKept} then participants.email_lower else carried.email_lower end,
      updated_at = carried.updated_at
    from carried
    where participants.id = carried.participant_id
      and exists (select 1 from ${stored} where ${stored}.id = carried.result_id)
      and (carried.name <> participants.name or carried.phone <> participants.phone
        or (carried.email <> participants.email and not ${emailKept}))`;
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
