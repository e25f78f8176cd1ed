import { randomUUID } from 'node:crypto';
import Sqlite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import pg from 'pg';
import { inCodeMigrationProvider } from '../../src/db/migrations';
import { CurrentSchemaPostgresDialect } from '../../src/db/postgres/postgres';
import type { Database } from '../../src/db/types';
import { postgresUrl } from './build';

/** An empty database of its own (a fresh schema on PostgreSQL, in memory on SQLite), for migration tests. */
export interface EmptyDatabase {
  db: Kysely<Database>;
  schema?: string;
  /** Runs the migrations up or down to `name`. */
  migrateTo(name: string): Promise<void>;
  close(): Promise<void>;
}

export async function emptyDatabase(): Promise<EmptyDatabase> {
  const migrateTo = (db: Kysely<Database>, schema?: string) => async (name: string) => {
    const migrator = new Migrator({
      db,
      provider: inCodeMigrationProvider,
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const { error } = await migrator.migrateTo(name);
    if (error) throw error;
  };
  if (!postgresUrl) {
    const sqlite = new Sqlite(':memory:');
    sqlite.pragma('foreign_keys = ON'); // as every connection of the app's own SQLite database
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, migrateTo: migrateTo(db), close: () => db.destroy() };
  }
  const schema = `test_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create schema "${schema}"`);
  const pool = new pg.Pool({ connectionString: postgresUrl, max: 2, options: `-c search_path=${schema}` });
  // Introspects this schema only: Kysely's own introspection reads every schema's tables, and fails
  // when another test drops its schema meanwhile.
  const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
  return {
    db,
    schema,
    migrateTo: migrateTo(db, schema),
    async close() {
      await db.destroy();
      await admin(`drop schema if exists "${schema}" cascade`);
    },
  };
}
