import type { Kysely } from 'kysely';
import { migrateToLatest } from './migrate';
import { openPostgres } from './postgres/postgres';
import { openSqlite } from './sqlite/sqlite';
import type { Database, Dialect } from './types';

export { isPostgres } from './postgres/postgres';
export type { Database, Dialect, Executor } from './types';

/** An open, migrated database and how to close it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Names of the migrations applied by this open (empty when already up to date). */
  applied: string[];
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL only: isolate this instance in its own schema (created if missing). */
  schema?: string;
  onPoolError?: (error: Error) => void;
  /** SQLite only: a checkpoint failed (the WAL grows until one succeeds). */
  onCheckpointError?: (message: string) => void;
}

/** Opens the configured engine (PostgreSQL when a URL is given, else SQLite in `dataDir`) and migrates it. */
export async function openDatabase(
  settings: { dataDir: string; databaseUrl: string | null },
  options: OpenDatabaseOptions = {},
): Promise<DatabaseHandle> {
  let db: Kysely<Database>;
  let dialect: Dialect;
  let release = () => {};
  let stopWriting = async () => {};
  if (settings.databaseUrl) {
    db = await openPostgres(settings.databaseUrl, options);
    dialect = 'postgres';
  } else {
    const sqlite = openSqlite(settings.dataDir, options.onCheckpointError);
    db = sqlite.db;
    release = sqlite.release;
    stopWriting = sqlite.stopThreads;
    dialect = 'sqlite';
  }

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    try {
      await stopWriting().finally(() => db.destroy());
    } finally {
      release();
    }
  };

  try {
    const applied = await migrateToLatest(db as Kysely<unknown>, dialect);
    return { db, dialect, applied, close };
  } catch (error) {
    await close();
    throw error;
  }
}
