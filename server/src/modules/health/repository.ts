import { sql, type Kysely } from 'kysely';
import { migrationState, type MigrationState } from '../../db/migrate';
import { sqliteWriteThread } from '../../db/sqlite/sqlite';
import type { Database, Executor } from '../../db/types';

/** One round trip to the database. */
export async function pingDatabase(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * On SQLite, an empty transaction through the write thread: it takes the write lock and commits,
 * so it fails (after SQLite's busy timeout) while the thread is gone or another connection holds
 * the lock, as every submission and answer save would. Nothing on PostgreSQL.
 */
export async function pingWriter(db: Kysely<Database>): Promise<void> {
  await sqliteWriteThread(db)?.transaction([]);
}

/** The applied migrations compared with this code's (reading them is the database's round trip). */
export function readMigrationState(db: Kysely<Database>): Promise<MigrationState> {
  return migrationState(db as Kysely<unknown>);
}
