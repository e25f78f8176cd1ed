import { sql } from 'kysely';
import type { Role } from '@prometrica/shared-api/contract';
import type { Dialect, Executor, UserRow } from '../../db/types';
import { containsPattern, likeLower, toCount } from '../../lib/pagination';
import { normalizeEmail } from '../../lib/email';

/** An account as the server works with it (camelCase, hash included). */
export interface UserRecord {
  id: string;
  name: string;
  email: string;
  phoneNumber: string;
  role: Role;
  passwordHash: string;
  createdAt: string;
  updatedAt: string;
}

export function toRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phone_number,
    role: row.role,
    passwordHash: row.password_hash,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function findUserById(db: Executor, id: string): Promise<UserRecord | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRecord | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('email_lower', '=', normalizeEmail(email))
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  // PostgreSQL returns count(*) as a bigint string.
  return Number(row.count);
}

/** Inserts a user; a duplicate email fails with the engine's unique-violation error. */
export async function insertUser(db: Executor, user: UserRecord): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: user.id,
      name: user.name,
      email: user.email,
      email_lower: normalizeEmail(user.email),
      name_lower: user.name.toLowerCase(),
      phone_number: user.phoneNumber,
      role: user.role,
      password_hash: user.passwordHash,
      created_at: user.createdAt,
      updated_at: user.updatedAt,
    })
    .execute();
}

/** Accounts whose name, email or role contains `search` (any case), newest first. */
export async function listUsers(db: Executor, search: string): Promise<UserRecord[]> {
  let query = db.selectFrom('users').selectAll();
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) =>
      eb.or([likeLower('name_lower', pattern), likeLower('email_lower', pattern), likeLower('role', pattern)]),
    );
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toRecord);
}

/** Changes an account's details; a duplicate email fails with the engine's unique-violation error. */
export async function updateUser(
  db: Executor,
  id: string,
  changes: { name: string; email: string; phoneNumber: string; role: Role; updatedAt: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      name: changes.name,
      name_lower: changes.name.toLowerCase(),
      email: changes.email,
      email_lower: normalizeEmail(changes.email),
      phone_number: changes.phoneNumber,
      role: changes.role,
      updated_at: changes.updatedAt,
    })
    .where('id', '=', id)
    .execute();
}

export async function updatePasswordHash(db: Executor, id: string, passwordHash: string, updatedAt: string) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: updatedAt })
    .where('id', '=', id)
    .execute();
}

/**
 * Replaces a hash by a stronger one of the same password, unless the password was changed
 * meanwhile (`current` is no longer stored); the account's `updated_at` stays, nothing it shows changed.
 */
export async function replacePasswordHash(db: Executor, id: string, current: string, stronger: string) {
  await db
    .updateTable('users')
    .set({ password_hash: stronger })
    .where('id', '=', id)
    .where('password_hash', '=', current)
    .execute();
}

export async function deleteUser(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/**
 * How many superadmins there are, inside a transaction. On PostgreSQL their rows are locked, so two
 * concurrent demotions cannot both see "2" and leave none; SQLite runs one transaction at a time.
 */
export async function countSuperadminsForUpdate(db: Executor, dialect: Dialect): Promise<number> {
  let query = db.selectFrom('users').select('id').where('role', '=', 'superadmin');
  if (dialect === 'postgres') query = query.forUpdate();
  return (await query.execute()).length;
}

/** A count now and as it stood before a moment. */
export interface CountNowAndBefore {
  now: number;
  before: number;
}

/** Accounts per role, now and created before `moment` (ISO text; timestamps compare as strings). */
export async function countAccountsByRole(db: Executor, moment: string): Promise<Record<Role, CountNowAndBefore>> {
  const rows = await db
    .selectFrom('users')
    .select((eb) => [
      'role',
      eb.fn.countAll().as('now'),
      sql<number>`sum(case when created_at < ${moment} then 1 else 0 end)`.as('before'),
    ])
    .groupBy('role')
    .execute();
  const counts: Record<Role, CountNowAndBefore> = {
    user: { now: 0, before: 0 },
    admin: { now: 0, before: 0 },
    superadmin: { now: 0, before: 0 },
  };
  for (const row of rows) counts[row.role] = { now: toCount(row.now), before: toCount(row.before) };
  return counts;
}
