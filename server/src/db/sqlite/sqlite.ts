import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import { acquireDataDirLock } from '../lock';
import type { Database } from '../types';
import { SqliteCheckpointer } from './checkpointer';
import { PreparedStatements } from './prepared-statements';
import { SqliteWriteThread } from './write-thread';

export const sqliteFileName = 'prometrica.sqlite';

/** How long a connection waits for another connection's write to finish. */
const busyTimeoutMs = 5000;

/**
 * Pages each connection keeps in memory, in KiB (SQLite's default is 2 MiB). With 100,000
 * participants every submission updates index pages spread over tens of MB (a participant's unique
 * index, the figures' index, the search index): a 2 MiB cache read most of them back from the file
 * on each batch, and measured on such a database the larger cache gave more submissions a second at
 * a lower p99. Memory grows to this only as pages are used.
 */
export const sqliteCacheKib = 64 * 1024;

/**
 * Every connection's settings (the app's, its write thread's and its checkpointer's). WAL lets
 * readers run beside the writer; FULL syncs every commit so a power cut loses nothing acknowledged.
 * Checkpoints run on a thread of their own (`SqliteCheckpointer`), never inside a commit.
 * Temporary data stays in memory: a multi-row insert inside a transaction keeps a statement journal
 * (to undo itself alone if it fails halfway), and with the default that meant a file created,
 * written and deleted in the temporary directory for every commit (seen with strace under load).
 */
export const sqlitePragmas = [
  'journal_mode = WAL',
  'synchronous = FULL',
  `busy_timeout = ${busyTimeoutMs}`,
  'foreign_keys = ON',
  `cache_size = -${sqliteCacheKib}`,
  'wal_autocheckpoint = 0',
  'temp_store = MEMORY',
];

const writeThreads = new WeakMap<Kysely<Database>, SqliteWriteThread>();
const checkpointers = new WeakMap<Kysely<Database>, SqliteCheckpointer>();

/** The write thread of a SQLite database opened by `openSqlite` (none for PostgreSQL). */
export function sqliteWriteThread(db: Kysely<Database>): SqliteWriteThread | undefined {
  return writeThreads.get(db);
}

/** The checkpointer of a SQLite database opened by `openSqlite` (none for PostgreSQL). */
export function sqliteCheckpointer(db: Kysely<Database>): SqliteCheckpointer | undefined {
  return checkpointers.get(db);
}

/**
 * Transactions on the app's connection take the write lock when they begin (`begin immediate`).
 * A deferred transaction that read first could not take it later if the write thread committed in
 * between (SQLite refuses: its snapshot is stale); one that begins with the lock waits its turn.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly config: SqliteDialectConfig) {
    super(config);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export interface OpenSqlite {
  db: Kysely<Database>;
  /** Lets the writes already sent finish, then stops the threads. */
  stopThreads(): Promise<void>;
  /** Releases the data directory's lock. */
  release(): void;
}

/**
 * Opens (creating if needed) the SQLite database in `dataDir`, holding the directory's lock.
 * `onCheckpointError`: told when a checkpoint fails (the WAL grows until one succeeds).
 */
export function openSqlite(dataDir: string, onCheckpointError?: (message: string) => void): OpenSqlite {
  // 0700: the directory also holds the generated JWT secret.
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lock = acquireDataDirLock(dataDir);
  try {
    const file = path.join(dataDir, sqliteFileName);
    const sqlite = new SqliteDatabase(file, { timeout: busyTimeoutMs });
    for (const pragma of sqlitePragmas) sqlite.pragma(pragma);
    const checkpointer = new SqliteCheckpointer(file, sqlitePragmas, onCheckpointError);
    const committed = () => checkpointer.nudge();
    const db = new Kysely<Database>({
      dialect: new ImmediateSqliteDialect({ database: new PreparedStatements(sqlite, { onCommit: committed }) }),
    });
    const writeThread = new SqliteWriteThread(file, sqlitePragmas, committed);
    writeThreads.set(db, writeThread);
    checkpointers.set(db, checkpointer);
    const stopThreads = async () => {
      await writeThread.close();
      await checkpointer.close();
    };
    return { db, stopThreads, release: lock.release };
  } catch (error) {
    lock.release();
    throw error;
  }
}
