// A fresh database per run: SQLite in a temporary data directory, or a new PostgreSQL database
// (`CREATE DATABASE bench_<random>` on the server DATABASE_URL points at), dropped at the end.
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../../server/src/db';
import { sqliteFileName } from '../../../server/src/db/sqlite/sqlite';

export type Engine = 'sqlite' | 'postgres';

export interface BenchDatabase {
  engine: Engine;
  /** Scratch directory: the SQLite data directory, or the server's DATA_DIR on PostgreSQL. */
  dataDir: string;
  /** SQLite file (sqlite only). */
  sqliteFile: string | null;
  /** Connection string of the fresh database (postgres only). */
  databaseUrl: string | null;
  /** What the server process needs in its environment to use this database. */
  serverEnv: Record<string, string>;
  /** Drops the database and removes the scratch directory. */
  drop(): Promise<void>;
  /**
   * Puts what the bulk loads left in memory on disk (PostgreSQL: a checkpoint; SQLite: the file
   * synced), so that writing it back does not land in the middle of a measurement.
   */
  settle(): Promise<void>;
}

/** The connection string with another database name. */
function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Creates an empty database and brings it to the server's latest schema (its own migrations). */
export async function createDatabase(engine: Engine, adminUrl?: string): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'prometrica-bench-'));
  let database: BenchDatabase;
  if (engine === 'sqlite') {
    const sqliteFile = join(dataDir, sqliteFileName);
    database = {
      engine,
      dataDir,
      sqliteFile,
      databaseUrl: null,
      serverEnv: { DATA_DIR: dataDir, DATABASE_URL: '' },
      async drop() {
        rmSync(dataDir, { recursive: true, force: true });
      },
      async settle() {
        const fd = openSync(sqliteFile, 'r+');
        try {
          fsyncSync(fd);
        } finally {
          closeSync(fd);
        }
      },
    };
  } else {
    if (!adminUrl) throw new Error('PostgreSQL needs DATABASE_URL');
    const name = `bench_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database "${name}"`);
    } finally {
      await admin.end();
    }
    const databaseUrl = withDatabase(adminUrl, name);
    database = {
      engine,
      dataDir,
      sqliteFile: null,
      databaseUrl,
      serverEnv: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
      async drop() {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        try {
          await client.query(`drop database if exists "${name}" with (force)`);
        } finally {
          await client.end();
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
      async settle() {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          // Needs superuser or pg_checkpoint; without either the measurement just runs unsettled.
          await client.query('checkpoint').catch(() => {});
        } finally {
          await client.end();
        }
      },
    };
  }
  try {
    const handle = await openDatabase({ dataDir, databaseUrl: database.databaseUrl });
    await handle.close();
  } catch (error) {
    await database.drop().catch(() => {});
    throw error;
  }
  return database;
}
