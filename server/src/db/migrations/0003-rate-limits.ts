import type { Kysely } from 'kysely';

// Attempt counters of the sign-in and details rate limits. They live in the database, not in a
// process, so every server sharing one PostgreSQL counts the same attempts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('window_started_at', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('rate_limits_pkey', ['kind', 'key'])
    .execute();
  // Pruning deletes the windows that ended.
  await db.schema.createIndex('rate_limits_window_idx').on('rate_limits').column('window_started_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
