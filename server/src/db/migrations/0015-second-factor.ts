import type { Kysely } from 'kysely';

// A second factor for accounts (TOTP, RFC 6238), docs/operations.md#second-factor:
// - account_second_factors: the authenticator secret, encrypted with a key derived from the token
//   signing secret; `enabled_at` null while enrolment waits for its first code; `last_step`, the
//   last time step a code was accepted for, so a code cannot be used twice.
// - account_recovery_codes: ten per account, SHA-256 hashes of high-entropy codes, each used once.
// - account_sessions.enrol_only: a session opened by an admin who must turn the second factor on
//   (the superadmin requires it) and has not: it may only enrol.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_second_factors')
    .addColumn('user_id', 'text', (column) => column.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (column) => column.notNull())
    .addColumn('enabled_at', 'text')
    .addColumn('last_step', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('account_recovery_codes')
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .addPrimaryKeyConstraint('account_recovery_codes_pkey', ['user_id', 'code_hash'])
    .execute();
  await db.schema
    .alterTable('account_sessions')
    .addColumn('enrol_only', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account_sessions').dropColumn('enrol_only').execute();
  await db.schema.dropTable('account_recovery_codes').execute();
  await db.schema.dropTable('account_second_factors').execute();
}
