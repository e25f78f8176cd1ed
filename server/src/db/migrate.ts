import { Migrator, sql, type Kysely } from 'kysely';
import { inCodeMigrationProvider } from './migrations';
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
