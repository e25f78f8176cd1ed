import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { acquireDataDirLock } from '../db/lock';
import { migrations } from '../db/migrations';
import { sqliteFileName } from '../db/sqlite/sqlite';

/** A backup or restore refused for a reason the operator fixes from the message alone. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** A time as file names carry it: sorts in time order, no characters file systems dislike. */
export const fileTimestamp = (now: Date) => now.toISOString().replace(/[:.]/g, '-');

/** `prometrica-2026-11-21T14-25-25-123Z.sqlite`. */
export const backupFileName = (now = new Date()) => `prometrica-${fileTimestamp(now)}.sqlite`;

export interface BackupResult {
  /** The backup file written. */
  file: string;
  bytes: number;
}

export interface RestoreResult {
  /** The database file the server will open. */
  database: string;
  /** Where the database it replaced was kept, if there was one. */
  previous: string | null;
}

/**
 * Checks that `file` is a whole SQLite database this server can open: `integrity_check` passes,
 * the Prometrica tables are there, and no migration is newer than this server knows.
 */
export function checkBackupFile(file: string): void {
  let db: SqliteDatabase.Database;
  try {
    db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} cannot be opened as a SQLite database: ${(error as Error).message}`);
  }
  try {
    let integrity: unknown;
    try {
      integrity = db.pragma('integrity_check', { simple: true });
    } catch (error) {
      throw new BackupError(`${file} is not a usable SQLite database: ${(error as Error).message}`);
    }
    if (integrity !== 'ok') throw new BackupError(`${file} failed SQLite's integrity check: ${String(integrity)}`);
    const tables = new Set(
      db
        .prepare("select name from sqlite_master where type = 'table'")
        .all()
        .map((row) => (row as { name: string }).name),
    );
    if (!tables.has('users') || !tables.has('kysely_migration')) {
      throw new BackupError(`${file} is not a Prometrica database (it has no users or migrations table).`);
    }
    const applied = db.prepare('select name from kysely_migration').all() as Array<{ name: string }>;
    const unknown = applied.map((row) => row.name).filter((name) => !(name in migrations));
    if (unknown.length > 0) {
      throw new BackupError(
        `${file} was written by a newer Prometrica (migrations ${unknown.join(', ')}): upgrade this server first.`,
      );
    }
  } finally {
    db.close();
  }
}

/** Flushes a directory entry (a rename) to disk, where the platform allows it. */
function syncDirectory(directory: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(directory, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Not every platform opens directories; the rename itself is still atomic.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Copies `source` with SQLite's backup API into `target` (a new file), as one self-contained file. */
async function copyDatabase(source: string, target: string): Promise<void> {
  const from = new SqliteDatabase(source, { readonly: true, fileMustExist: true, timeout: 5000 });
  try {
    // All pages in one step, inside one read transaction: a consistent snapshot that a busy server's
    // writes cannot keep restarting (WAL lets the server write meanwhile).
    await from.backup(target, { progress: () => 0x7fffffff });
  } finally {
    from.close();
  }
  // The copy carries the live database's WAL mode; a rollback journal keeps it one file at rest.
  const copy = new SqliteDatabase(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Backs up the SQLite database in `dataDir` to `target` while a server may be using it: SQLite's
 * online backup through a read-only connection of its own, so the data directory's lock is not
 * needed. The copy is written beside `target`, checked, and only then renamed into place, so a
 * file at `target` is always a whole, checked backup.
 */
export async function backupSqlite(dataDir: string, target: string): Promise<BackupResult> {
  const source = path.join(dataDir, sqliteFileName);
  if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source} to back up (check DATA_DIR).`);
  if (fs.existsSync(target)) throw new BackupError(`${target} already exists: name another file.`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    await copyDatabase(source, partial);
    checkBackupFile(partial);
    fs.renameSync(partial, target);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  syncDirectory(path.dirname(target));
  return { file: target, bytes: fs.statSync(target).size };
}

/** Moves a database and its WAL files (if any) to `target` and its matching names. */
function moveDatabase(file: string, target: string): void {
  fs.renameSync(file, target);
  for (const suffix of ['-wal', '-shm']) {
    if (fs.existsSync(`${file}${suffix}`)) fs.renameSync(`${file}${suffix}`, `${target}${suffix}`);
  }
}

/**
 * Restores `backup` as the database of `dataDir`. Refuses while a server holds the directory
 * (`DataDirLockedError`) and when the backup fails its checks; keeps the database it replaces as
 * `prometrica.sqlite.before-restore-<time>`, with its last writes folded in.
 */
export async function restoreSqlite(dataDir: string, backup: string, now = new Date()): Promise<RestoreResult> {
  if (!fs.existsSync(backup)) throw new BackupError(`There is no backup at ${backup}.`);
  checkBackupFile(backup);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lock = acquireDataDirLock(dataDir);
  try {
    const database = path.join(dataDir, sqliteFileName);
    const incoming = `${database}.restoring`;
    fs.rmSync(incoming, { force: true });
    try {
      await copyDatabase(backup, incoming);
      checkBackupFile(incoming);
    } catch (error) {
      fs.rmSync(incoming, { force: true });
      throw error;
    }

    let previous: string | null = null;
    if (fs.existsSync(database)) {
      try {
        // Folds the WAL into the file, so the kept copy is complete on its own.
        const current = new SqliteDatabase(database, { fileMustExist: true });
        try {
          current.pragma('wal_checkpoint(TRUNCATE)');
        } finally {
          current.close();
        }
      } catch {
        // A damaged database is kept as it is, WAL files and all.
      }
      previous = `${database}.before-restore-${fileTimestamp(now)}`;
      moveDatabase(database, previous);
    }
    fs.renameSync(incoming, database);
    syncDirectory(dataDir);
    return { database, previous };
  } finally {
    lock.release();
  }
}

/** What to do instead when the data lives in PostgreSQL (these commands handle SQLite only). */
export function postgresGuidance(command: 'backup' | 'restore', now = new Date()): string {
  const file = `backups/prometrica-${fileTimestamp(now)}.dump`;
  const lines = [
    `DATABASE_URL is set: the data lives in PostgreSQL, so \`pnpm ${command}\` does nothing; use PostgreSQL's own tools.`,
    '',
    'Back up (safe while the servers run; a consistent snapshot):',
    `  mkdir -p backups && pg_dump --format=custom --file=${file} "$DATABASE_URL"`,
    '',
    'Restore (stop every Prometrica server first; --clean replaces the tables that are there):',
    `  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${file}`,
    '',
    'pg_dump and pg_restore come with the PostgreSQL client (Debian: apt-get install postgresql-client);',
    'use the version of the server or newer. Managed databases also offer scheduled snapshots.',
  ];
  return lines.join('\n');
}
