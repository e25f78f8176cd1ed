import type { Executor } from '../../db/types';
import { chunks } from '../../lib/chunks';

/** An invitation as the server works with it. */
export interface InvitationRecord {
  id: string;
  participantId: string;
  /** The link's secret. */
  token: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  openedAt: string | null;
  lastSentAt: string | null;
  createdBy: string | null;
}

const columns = [
  'id',
  'participant_id',
  'token',
  'created_at',
  'expires_at',
  'revoked_at',
  'opened_at',
  'last_sent_at',
  'created_by',
] as const;

function toRecord(row: {
  id: string;
  participant_id: string;
  token: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  opened_at: string | null;
  last_sent_at: string | null;
  created_by: string | null;
}): InvitationRecord {
  return {
    id: row.id,
    participantId: row.participant_id,
    token: row.token,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    openedAt: row.opened_at,
    lastSentAt: row.last_sent_at,
    createdBy: row.created_by,
  };
}

export async function findInvitationById(db: Executor, id: string): Promise<InvitationRecord | undefined> {
  const row = await db.selectFrom('invitations').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function findInvitationByToken(db: Executor, token: string): Promise<InvitationRecord | undefined> {
  const row = await db.selectFrom('invitations').select(columns).where('token', '=', token).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** The invitations of these participants (each has at most one). */
export async function findInvitationsOfParticipants(
  db: Executor,
  participantIds: readonly string[],
): Promise<InvitationRecord[]> {
  const found: InvitationRecord[] = [];
  for (const part of chunks(participantIds, 500)) {
    const rows = await db.selectFrom('invitations').select(columns).where('participant_id', 'in', part).execute();
    found.push(...rows.map(toRecord));
  }
  return found;
}

export async function deleteInvitations(db: Executor, ids: readonly string[]): Promise<void> {
  for (const part of chunks(ids, 500)) await db.deleteFrom('invitations').where('id', 'in', part).execute();
}

/** Inserts invitations in a few statements (9 values a row: 200 rows stay under both engines' limits). */
export async function insertInvitations(db: Executor, invitations: readonly InvitationRecord[]): Promise<void> {
  for (const part of chunks(invitations, 200)) {
    await db
      .insertInto('invitations')
      .values(
        part.map((invitation) => ({
          id: invitation.id,
          participant_id: invitation.participantId,
          token: invitation.token,
          created_at: invitation.createdAt,
          expires_at: invitation.expiresAt,
          revoked_at: invitation.revokedAt,
          opened_at: invitation.openedAt,
          last_sent_at: invitation.lastSentAt,
          created_by: invitation.createdBy,
        })),
      )
      .execute();
  }
}

/** Notes the first opening of a link (later ones keep the first time). */
export async function markOpened(db: Executor, id: string, at: string): Promise<void> {
  await db
    .updateTable('invitations')
    .set({ opened_at: at })
    .where('id', '=', id)
    .where('opened_at', 'is', null)
    .execute();
}

export async function markSent(db: Executor, ids: readonly string[], at: string): Promise<void> {
  for (const part of chunks(ids, 500))
    await db.updateTable('invitations').set({ last_sent_at: at }).where('id', 'in', part).execute();
}

/** Withdraws an invitation; false when it already was. */
export async function markRevoked(db: Executor, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
