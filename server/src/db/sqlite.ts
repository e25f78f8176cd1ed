import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { acquireDataDirLock } from './lock';
import { PreparedStatements } from './sqlite-statements';
import type { Database } from './types';

export const sqliteFileName = 'prometrica.sqlite';

/** Opens (creating if needed) the SQLite database in `dataDir`, holding the directory's lock. */
export function openSqlite(dataDir: string): { db: Kysely<Database>; release: () => void } {
  // 0700: the directory also holds the generated JWT secret.
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lock = acquireDataDirLock(dataDir);
  try {
    const sqlite = new SqliteDatabase(path.join(dataDir, sqliteFileName), { timeout: 5000 });
    // WAL lets readers run beside the writer; FULL syncs every commit so a power cut loses nothing acknowledged.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new PreparedStatements(sqlite) }) });
    return { db, release: lock.release };
  } catch (error) {
    lock.release();
    throw error;
  }
}
