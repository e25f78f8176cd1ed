// Reliability harness: the servers under test (started like production, one node process each),
// the folder and scratch database of a run, and a direct look at the database they used.

import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { lockFileName } from '../../../src/db/lock';
import { sqliteFileName } from '../../../src/db/sqlite/sqlite';
import type { Database } from '../../../src/db/types';
import { createScratchDatabase, type ScratchDatabase } from '../../helpers/scratch-database';
import { killStarted, spawnServerProcess, startServerProcess, type ServerProcess } from '../../helpers/server-process';
import { destroyAgents } from './http';
import { ADMIN_EMAIL, ADMIN_PASSWORD, JWT_SECRET, makeTempDir, postgresUrl } from './settings';

export { freePort, killStarted, seconds, sleep, type ServerProcess } from '../../helpers/server-process';

/**
 * Where a reliability test file's run keeps its data: `begin()` makes a scratch folder and, on
 * PostgreSQL, a scratch database; after the file's tests the servers, connections, folder and
 * database are all gone.
 */
export function scratchRun(name: string) {
  let dir: string | undefined;
  let scratch: ScratchDatabase | undefined;
  afterAll(async () => {
    destroyAgents();
    await killStarted();
    await scratch?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    async begin(): Promise<{ dir: string; databaseUrl: string | undefined }> {
      dir = makeTempDir(name);
      if (postgresUrl) scratch = await createScratchDatabase(postgresUrl, `prometrica_${name.replace(/-/g, '_')}`);
      return { dir, databaseUrl: scratch?.url };
    },
  };
}

export interface ServerSettings {
  /** For messages: which server this is ("A", "B", "crash"). */
  name: string;
  port: number;
  dataDir: string;
  /** PostgreSQL database URL; SQLite in `dataDir` when absent. */
  databaseUrl?: string | undefined;
}

/** Starts a server with the reliability tests' accounts and secret and waits until it is healthy. */
export function startServer(settings: ServerSettings, healthTimeoutMs = 90_000): Promise<ServerProcess> {
  return startServerProcess({ ...settings, env: serverEnv(settings) }, healthTimeoutMs);
}

/** Spawns such a server without waiting for it to listen. */
export function spawnServer(settings: ServerSettings): ServerProcess {
  return spawnServerProcess({ ...settings, env: serverEnv(settings) });
}

function serverEnv(settings: ServerSettings): Record<string, string> {
  const missing = path.join(settings.dataDir, '..', 'no-dist');
  return {
    DATABASE_URL: settings.databaseUrl ?? '',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    JWT_SECRET,
    // Cheap password hashes (N=2^10), as in the in-process tests: sign-ins are not what is tested.
    PASSWORD_HASH_COST: '10',
    // The front-end builds are not what is tested: never depend on what was last built.
    SHELL_DIST: path.join(missing, 'shell'),
    PARTICIPANT_DIST: path.join(missing, 'participant'),
    ADMIN_DIST: path.join(missing, 'admin'),
  };
}

/** The SQLite lock file of a data directory and the PID in it (null when there is none). */
export function readLockPid(dataDir: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(path.join(dataDir, lockFileName), 'utf8').trim(), 10);
    return Number.isInteger(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** Kysely straight on the database the servers used (SQLite file or PostgreSQL), not through the server. */
export function openDirect(target: { dataDir: string; databaseUrl?: string | undefined }): Kysely<Database> {
  if (target.databaseUrl) {
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: target.databaseUrl, max: 2 }) }),
    });
  }
  const file = path.join(target.dataDir, sqliteFileName);
  const database = new SqliteDatabase(file, { fileMustExist: true });
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
}
