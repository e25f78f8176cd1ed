import type { Executor } from '../../db/types';

/** An account's second factor as stored: `enabledAt` null while enrolment waits for its first code. */
export interface SecondFactorRecord {
  userId: string;
  secret: string;
  enabledAt: string | null;
  lastStep: number;
}

export async function findSecondFactor(db: Executor, userId: string): Promise<SecondFactorRecord | undefined> {
  const row = await db
    .selectFrom('account_second_factors')
    .select(['user_id', 'secret', 'enabled_at', 'last_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { userId: row.user_id, secret: row.secret, enabledAt: row.enabled_at, lastStep: Number(row.last_step) };
}

/** Starts (or starts again) an enrolment: a new secret, not enabled yet. */
export async function upsertPendingSecondFactor(db: Executor, userId: string, secret: string, now: string) {
  await db
    .insertInto('account_second_factors')
    .values({ user_id: userId, secret, enabled_at: null, last_step: 0, created_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, enabled_at: null, last_step: 0, created_at: now }))
    .execute();
}

/**
 * Takes a code's time step as used: false when that step or a later one was used already (the
 * same code again, on any process), so each code opens one sign-in at most.
 */
export async function claimStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('account_second_factors')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('last_step', '<', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function enableSecondFactor(db: Executor, userId: string, now: string): Promise<void> {
  await db.updateTable('account_second_factors').set({ enabled_at: now }).where('user_id', '=', userId).execute();
}

export async function deleteSecondFactor(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('account_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('account_second_factors').where('user_id', '=', userId).execute();
}

/** Replaces an account's recovery codes with these hashes. */
export async function replaceRecoveryCodes(db: Executor, userId: string, hashes: readonly string[]): Promise<void> {
  await db.deleteFrom('account_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('account_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
    .execute();
}

/** Marks a recovery code used; false when the account has no such unused code. */
export async function useRecoveryCode(db: Executor, userId: string, hash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('account_recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countUnusedRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('account_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Sessions of admins without a second factor may only enrol (`restrict`), or every session may do anything. */
export async function setEnrolOnlySessions(db: Executor, restrict: boolean): Promise<void> {
  if (!restrict) {
    await db.updateTable('account_sessions').set({ enrol_only: 0 }).where('enrol_only', '=', 1).execute();
    return;
  }
  await db
    .updateTable('account_sessions')
    .set({ enrol_only: 1 })
    .where('user_id', 'in', (eb) =>
      eb
        .selectFrom('users')
        .select('users.id')
        .where('users.role', '=', 'admin')
        .where('users.id', 'not in', (inner) =>
          inner
            .selectFrom('account_second_factors')
            .select('account_second_factors.user_id')
            .where('account_second_factors.enabled_at', 'is not', null),
        ),
    )
    .execute();
}

/** An account's sessions may do anything again (it turned the second factor on). */
export async function releaseEnrolOnlySessions(db: Executor, userId: string): Promise<void> {
  await db.updateTable('account_sessions').set({ enrol_only: 0 }).where('user_id', '=', userId).execute();
}
