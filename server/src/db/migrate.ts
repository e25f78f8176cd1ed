import { Migrator, sql, type Kysely } from 'kysely';
import { inCodeMigrationProvider, migrations } from './migrations';
import type { Dialect } from './types';

/**
 * Brings the schema up to date; concurrent servers on PostgreSQL wait on Kysely's migration lock.
 * On PostgreSQL the migration tables are pinned to the current schema: otherwise Kysely's table
 * lookup also sees another schema's `kysely_migration` in the same database and skips creating ours.
 */
export async function migrateToLatest(db: Kysely<unknown>, dialect: Dialect): Promise<string[]> {
  let migrationTableSchema: string | undefined;
  if (dialect === 'postgres') {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema;
  }
  const migrator = new Migrator({
    db,
    provider: inCodeMigrationProvider,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? 'unknown error');
    const name = failed ? ` ${failed.migrationName}` : '';
    throw new Error(`Database migration${name} failed: ${cause}`, { cause: error });
  }
  return (results ?? []).map((result) => result.migrationName);
}

/** How the database's applied migrations compare with this code's. */
export interface MigrationState {
  /** The last migration applied (by name order), or null on an empty database. */
  latest: string | null;
  /** This code's migrations the database has not had: the code needs what they make. */
  pending: string[];
  /** Migrations the database has had that this code does not know: a newer version migrated it. */
  unknown: string[];
}

/**
 * Reads the applied migrations (Kysely's table, in the current schema on PostgreSQL) and compares
 * them with this code's. One indexed read of a table of a few rows, cheap enough for every
 * readiness probe.
 */
export async function migrationState(db: Kysely<unknown>): Promise<MigrationState> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  const applied = new Set(rows.map((row) => row.name));
  const known = Object.keys(migrations);
  return {
    latest: rows.at(-1)?.name ?? null,
    pending: known.filter((name) => !applied.has(name)),
    unknown: [...applied].filter((name) => !(name in migrations)),
  };
}
