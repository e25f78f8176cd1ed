import { randomUUID } from 'node:crypto';
import type { AccountSessionListResponse, MessageResponse } from '@prometrica/shared-api/contract';
import type { Kysely } from 'kysely';
import type { Database, Executor, UserRow } from '../../db/types';
import { notFound } from '../../lib/http-errors';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../lib/tokens';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteSessionsOf,
  findAccountWithSession,
  insertSession,
  listSessions,
  touchSession,
} from './repository';

/** How often a session's "last seen" is written while it is used (at most). */
export const sessionTouchIntervalMs = 60_000;
/** How much of a `User-Agent` is kept. */
export const userAgentMaxLength = 512;
/** How many sessions a process remembers having touched (a few hundred KB at most). */
const touchedCacheSize = 10_000;

export const sessionNotFoundMessage = 'Session not found';

/** Where a sign-in comes from, kept with its session for the sessions list. */
export interface SessionClient {
  userAgent?: string | undefined;
  address?: string | undefined;
  /** The session may only turn the second factor on. */
  enrolOnly?: boolean | undefined;
}

/**
 * Opens a session for an account that has just signed in and returns its id, which the account
 * token carries. Sessions that ran out (of any account) are forgotten on the way.
 */
export async function startSession(
  db: Executor,
  userId: string,
  client: SessionClient,
  at = new Date(),
): Promise<string> {
  const now = at.toISOString();
  await deleteExpiredSessions(db, now);
  const id = randomUUID();
  await insertSession(db, {
    id,
    userId,
    userAgent: (client.userAgent ?? '').slice(0, userAgentMaxLength),
    address: client.address ?? '',
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(at.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000).toISOString(),
    enrolOnly: client.enrolOnly === true,
  });
  return id;
}

/** What a token's account and session are now: open (with the account), ended, or the account is gone. */
export type SessionState = { open: true; user: UserRow; enrolOnly: boolean } | { open: false };

/**
 * The check every account request makes: the account and its session in one read (so an ended
 * session is refused at once by every process sharing the database, at no extra read), and "last
 * seen" written at most once a minute per session.
 */
export function createSessionCheck(db: Kysely<Database>, now: () => number = Date.now) {
  const touched = new Map<string, number>();
  return async (userId: string, sessionId: string): Promise<SessionState | undefined> => {
    const found = await findAccountWithSession(db, userId, sessionId);
    if (!found) return undefined;
    if (found.lastSeenAt === null) return { open: false };
    const at = now();
    const written = touched.get(sessionId) ?? 0;
    if (at - Date.parse(found.lastSeenAt) >= sessionTouchIntervalMs && at - written >= sessionTouchIntervalMs) {
      touched.delete(sessionId);
      if (touched.size >= touchedCacheSize) touched.delete(touched.keys().next().value!);
      touched.set(sessionId, at);
      await touchSession(db, sessionId, new Date(at).toISOString());
    }
    return { open: true, user: found.user, enrolOnly: found.enrolOnly };
  };
}

/** Ends every session of an account but `keep` (the one making the change, when it is theirs). */
export async function endSessionsOf(db: Executor, userId: string, keep?: string | undefined): Promise<void> {
  await deleteSessionsOf(db, userId, keep);
}

/** `POST auth/logout`: ends the session the call was made with. */
export async function signOut(db: Executor, userId: string, sessionId: string): Promise<MessageResponse> {
  await deleteSession(db, userId, sessionId);
  return { message: 'Logged out' };
}

/** `GET auth/sessions`: the account's open sessions, the current one first. */
export async function listOwnSessions(
  db: Executor,
  userId: string,
  currentSessionId: string,
): Promise<AccountSessionListResponse> {
  const sessions = await listSessions(db, userId, new Date().toISOString());
  const listed = sessions.map((session) => ({
    _id: session.id,
    userAgent: session.userAgent,
    address: session.address,
    createdAt: session.createdAt,
    lastSeenAt: session.lastSeenAt,
    current: session.id === currentSessionId,
  }));
  return { sessions: [...listed.filter((s) => s.current), ...listed.filter((s) => !s.current)] };
}

/** `DELETE auth/sessions/{id}`: ends one of the account's own sessions; 404 for any other id. */
export async function endOwnSession(db: Executor, userId: string, id: string): Promise<MessageResponse> {
  if (!(await deleteSession(db, userId, id))) throw notFound(sessionNotFoundMessage);
  return { message: 'Session ended' };
}
