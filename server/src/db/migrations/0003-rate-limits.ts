import type { Kysely } from 'kysely';
import { createIndex, notNull } from './tables';

// Attempt counters of the sign-in and details rate limits. They live in the database, not in a
// process, so every server sharing one PostgreSQL counts the same attempts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .$call(notNull('text', ['kind', 'key', 'window_started_at']))
    .$call(notNull('integer', ['attempts']))
    .addPrimaryKeyConstraint('rate_limits_pkey', ['kind', 'key'])
    .execute();
  // Pruning deletes the windows that ended.
  await createIndex(db, 'rate_limits_window_idx', 'rate_limits', ['window_started_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
