import { randomUUID } from 'node:crypto';
import type {
  AccountCounts,
  ChangePasswordBody,
  CreateUserBody,
  MessageResponse,
  Role,
  UpdateUserBody,
  User,
  UserListResponse,
  UserResponse,
} from '@prometrica/shared-api/contract';
import { isUniqueViolation } from '../../db/errors';
import type { Executor, Store } from '../../db/types';
import { badRequest, conflict, forbidden, found, HttpError } from '../../lib/http-errors';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/password';
import { checkNewPassword } from '../../lib/password-policy';
import { endSessionsOf } from '../sessions/service';
import {
  countAccountsByRole,
  countSuperadminsForUpdate,
  deleteUser,
  findUserById,
  insertUser,
  listUsers,
  replacePasswordHash,
  updatePasswordHash,
  updateUser,
  type CountNowAndBefore,
  type UserRecord,
} from './repository';

export { findUserByEmail } from './repository';

export const duplicateEmailMessage = 'A user with this email already exists';

/** An account without its password hash: what the server keeps on an authenticated request. */
export type Account = Omit<UserRecord, 'passwordHash'>;

/** Drops the password hash. */
export function toAccount({ passwordHash: _passwordHash, ...account }: UserRecord): Account {
  return account;
}

/** The account as the API sends it (`_id`, never the password). */
export function toPublicUser(account: Account): User {
  return {
    _id: account.id,
    name: account.name,
    email: account.email,
    phoneNumber: account.phoneNumber,
    role: account.role,
    createdAt: account.createdAt,
    updatedAt: account.updatedAt,
  };
}

export interface NewUser {
  name: string;
  email: string;
  phoneNumber: string;
  role: Role;
  password: string;
}

/**
 * Creates an account with a hashed password; 400 when the password breaks the rules for a new one
 * (`lib/password-policy.ts`), 409 when the email (ignoring case) is taken.
 */
export async function createUser(db: Executor, input: NewUser): Promise<UserRecord> {
  checkNewPassword(input.password, input, 'password');
  const now = new Date().toISOString();
  const user: UserRecord = {
    id: randomUUID(),
    name: input.name.trim(),
    email: input.email.trim(),
    phoneNumber: input.phoneNumber.trim(),
    role: input.role,
    passwordHash: await hashPassword(input.password),
    createdAt: now,
    updatedAt: now,
  };
  try {
    await insertUser(db, user);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(duplicateEmailMessage, 'email');
    throw error;
  }
  return user;
}

export const adminRoleMessage = 'Only a superadmin can grant or remove the admin role';
export const superadminProtectedMessage = 'Only a superadmin can change or delete a superadmin account';
export const adminProfileMessage = "Only a superadmin can change another admin's account";
export const adminDeletionMessage = 'Only a superadmin can delete an admin account';
export const ownAccountMessage = 'You cannot delete your own account';
export const lastSuperadminMessage = 'There must always be at least one superadmin';
export const userNotFoundMessage = 'User not found';

/** `POST admin/createuser`: only a superadmin creates an admin (the schema already refuses superadmin). */
export async function createAccount(store: Store, actor: Account, body: CreateUserBody): Promise<UserResponse> {
  if (body.role === 'admin' && actor.role !== 'superadmin') throw forbidden(adminRoleMessage);
  const user = await createUser(store.db, body);
  return { message: 'User created successfully', user: toPublicUser(toAccount(user)) };
}

/** Account counts from the per-role counts: `now`, or as they stood `before` the moment counted from. */
function accountCountsAt(byRole: Record<Role, CountNowAndBefore>, when: keyof CountNowAndBefore): AccountCounts {
  const { user, admin, superadmin } = byRole;
  return {
    accounts: user[when] + admin[when] + superadmin[when],
    users: user[when],
    admins: admin[when] + superadmin[when],
  };
}

/**
 * Staff accounts (never participants) counted the one way every screen shows them (the users
 * list and the overview): now, as they stood before `moment`, and per role.
 */
export async function countAccounts(
  db: Executor,
  moment = new Date().toISOString(),
): Promise<{ now: AccountCounts; before: AccountCounts; byRole: Record<Role, number> }> {
  const byRole = await countAccountsByRole(db, moment);
  return {
    now: accountCountsAt(byRole, 'now'),
    before: accountCountsAt(byRole, 'before'),
    byRole: { user: byRole.user.now, admin: byRole.admin.now, superadmin: byRole.superadmin.now },
  };
}

/** `GET admin/getallusers`: every account, filtered on name, email or role, with the counts of all accounts. */
export async function listAccounts(store: Store, search: string): Promise<UserListResponse> {
  const [records, counts] = await Promise.all([listUsers(store.db, search), countAccounts(store.db)]);
  const users = records.map((user) => toPublicUser(toAccount(user)));
  return { users, totalUsers: users.length, counts: counts.now };
}

/**
 * `PUT admin/updateuser/{id}`. An admin edits their own account and users', never another admin's
 * or a superadmin's; granting or removing the admin role takes a superadmin; nobody makes a
 * superadmin through the API (an existing one keeps the role); the last superadmin cannot be demoted.
 */
export async function updateAccount(
  store: Store,
  actor: Account,
  id: string,
  body: UpdateUserBody,
  /** The session making the change: kept when an account changes its own role. */
  actorSession?: string,
): Promise<UserResponse> {
  try {
    return await store.db.transaction().execute(async (trx) => {
      const target = found(await findUserById(trx, id), userNotFoundMessage);
      if (target.role === 'superadmin' && actor.role !== 'superadmin') throw forbidden(superadminProtectedMessage);
      // Everyone may edit their own profile; another admin's only a superadmin.
      if (target.role === 'admin' && target.id !== actor.id && actor.role !== 'superadmin') {
        throw forbidden(adminProfileMessage);
      }
      if (body.role === 'superadmin' && target.role !== 'superadmin') {
        throw badRequest('role: role must be user or admin', 'role');
      }
      const roleChanges = body.role !== target.role;
      if (roleChanges && (body.role === 'admin' || target.role === 'admin') && actor.role !== 'superadmin') {
        throw forbidden(adminRoleMessage);
      }
      if (roleChanges && target.role === 'superadmin' && (await countSuperadminsForUpdate(trx, store.dialect)) <= 1) {
        throw conflict(lastSuperadminMessage, 'role');
      }
      const updatedAt = new Date().toISOString();
      const changes = {
        name: body.name,
        email: body.email,
        phoneNumber: body.phoneNumber,
        role: body.role,
        updatedAt,
      };
      await updateUser(trx, id, changes);
      // A changed role ends the account's other sessions: it signs in again with the new role.
      if (roleChanges) await endSessionsOf(trx, id, actorSession);
      const updated: Account = { ...toAccount(target), ...changes };
      return { message: 'User updated successfully', user: toPublicUser(updated) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(duplicateEmailMessage, 'email');
    throw error;
  }
}

/** `DELETE admin/deleteuser/{id}`: never your own account, never the last superadmin. */
export async function deleteAccount(store: Store, actor: Account, id: string): Promise<UserResponse> {
  return store.db.transaction().execute(async (trx) => {
    const target = found(await findUserById(trx, id), userNotFoundMessage);
    if (target.id === actor.id) throw conflict(ownAccountMessage);
    if (target.role === 'superadmin' && actor.role !== 'superadmin') throw forbidden(superadminProtectedMessage);
    if (target.role === 'admin' && actor.role !== 'superadmin') throw forbidden(adminDeletionMessage);
    if (target.role === 'superadmin' && (await countSuperadminsForUpdate(trx, store.dialect)) <= 1) {
      throw conflict(lastSuperadminMessage);
    }
    await deleteUser(trx, id);
    return { message: 'User deleted successfully', user: toPublicUser(toAccount(target)) };
  });
}

/**
 * After a successful sign-in with `password`: a hash made with weaker parameters than today's
 * (N=2^14 before, say) is replaced by one made now. Best effort: when the server is too busy to
 * hash it (503) the old hash stays, and the next sign-in tries again.
 */
export async function upgradePasswordHash(db: Executor, user: UserRecord, password: string): Promise<boolean> {
  if (!needsRehash(user.passwordHash)) return false;
  let stronger: string;
  try {
    stronger = await hashPassword(password);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 503) return false;
    throw error;
  }
  await replacePasswordHash(db, user.id, user.passwordHash, stronger);
  return true;
}

/**
 * Refuses (400) a new password for `account` that breaks the rules: checked before the current
 * password, outside the attempt limit, so trying a weak password is not counted as a guess.
 */
export function checkNewPasswordOf(account: Pick<Account, 'email' | 'name'>, newPassword: string): void {
  checkNewPassword(newPassword, account, 'newPassword');
}

/**
 * `POST user/change-password` for the signed-in account; the current password must be given and
 * the new one must follow the rules (`checkNewPasswordOf`). Every other session of the account
 * ends (`actorSession`, the one making the change, stays).
 */
export async function changePassword(
  store: Store,
  actor: Account,
  body: ChangePasswordBody,
  actorSession?: string,
): Promise<MessageResponse> {
  const user = found(await findUserById(store.db, actor.id), userNotFoundMessage);
  checkNewPasswordOf(user, body.newPassword);
  if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
    throw badRequest('Current password is incorrect', 'currentPassword');
  }
  await updatePasswordHash(store.db, user.id, await hashPassword(body.newPassword), new Date().toISOString());
  await endSessionsOf(store.db, user.id, actorSession);
  return { message: 'Password changed successfully!' };
}
