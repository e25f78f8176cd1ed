import { CompiledQuery, type Kysely, type Selectable } from 'kysely';
import { isPostgres } from '../../db/postgres/postgres';
import { executeKept } from '../../db/statements/execute';
import { statementText } from '../../db/statements/statement-cache';
import type { AccountSessionsTable, Database, Executor, UserRow } from '../../db/types';

/** A session as the server works with it (camelCase). */
export interface SessionRecord {
  id: string;
  userId: string;
  userAgent: string;
  address: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  /** It may only turn the second factor on (an admin the superadmin requires one of). */
  enrolOnly?: boolean;
}

function toRecord(row: Selectable<AccountSessionsTable>): SessionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    userAgent: row.user_agent,
    address: row.address,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
  };
}

export async function insertSession(db: Executor, session: SessionRecord): Promise<void> {
  await db
    .insertInto('account_sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      user_agent: session.userAgent,
      address: session.address,
      created_at: session.createdAt,
      last_seen_at: session.lastSeenAt,
      expires_at: session.expiresAt,
      enrol_only: session.enrolOnly ? 1 : 0,
    })
    .execute();
}

/**
 * The account and, when it is still open, the session a token names, in one read: undefined when
 * the account is gone, `lastSeenAt` null when the session was ended. Every account call makes it,
 * so its text is built once (composed by the query builder on each call, it took three times as
 * long as the read itself) and PostgreSQL runs it as a prepared statement.
 */
export async function findAccountWithSession(
  db: Kysely<Database>,
  userId: string,
  sessionId: string,
): Promise<{ user: UserRow; lastSeenAt: string | null; enrolOnly: boolean } | undefined> {
  const postgres = isPostgres(db);
  const text = statementText(postgres ? 'account-session:postgres' : 'account-session:sqlite', 1, () => {
    const [session, user] = postgres ? ['$1', '$2'] : ['?', '?'];
    return (
      'select users.*, account_sessions.last_seen_at as session_last_seen_at, ' +
      'account_sessions.enrol_only as session_enrol_only from users ' +
      `left join account_sessions on account_sessions.id = ${session} and account_sessions.user_id = users.id ` +
      `where users.id = ${user}`
    );
  });
  const [rows] = await executeKept(db, [CompiledQuery.raw(text, [sessionId, userId])]);
  const row = rows?.[0] as
    (UserRow & { session_last_seen_at: string | null; session_enrol_only: number | string | null }) | undefined;
  if (!row) return undefined;
  const { session_last_seen_at: lastSeenAt, session_enrol_only: enrolOnly, ...user } = row;
  return { user, lastSeenAt, enrolOnly: Number(enrolOnly) === 1 };
}

export async function touchSession(db: Executor, id: string, lastSeenAt: string): Promise<void> {
  await db.updateTable('account_sessions').set({ last_seen_at: lastSeenAt }).where('id', '=', id).execute();
}

/** An account's sessions that have not run out, most recently used first. */
export async function listSessions(db: Executor, userId: string, now: string): Promise<SessionRecord[]> {
  const rows = await db
    .selectFrom('account_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

/** Ends one session of an account; false when the account has no such session. */
export async function deleteSession(db: Executor, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('account_sessions')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every session of an account but `keep` (when given). */
export async function deleteSessionsOf(db: Executor, userId: string, keep?: string): Promise<void> {
  let query = db.deleteFrom('account_sessions').where('user_id', '=', userId);
  if (keep !== undefined) query = query.where('id', '!=', keep);
  await query.execute();
}

/** Forgets every session whose token has run out. */
export async function deleteExpiredSessions(db: Executor, now: string): Promise<void> {
  await db.deleteFrom('account_sessions').where('expires_at', '<=', now).execute();
}
