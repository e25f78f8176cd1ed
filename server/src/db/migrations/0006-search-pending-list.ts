import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../postgres/postgres';

// PostgreSQL: new results reach the trigram index of the result search (migration 0004) through the
// GIN index's pending list, which every search reads in full until it is merged into the index.
// With the default limit (4 MB) a few thousand new submissions made each results-page search scan
// thousands of pending entries (slow at one connection and far slower under load, as `pnpm bench`
// measured after its submission load); a limit of 256 kB merges them in small steps instead.
// SQLite: nothing.

/** The index exists only where pg_trgm could be created (migration 0004). */
async function searchIndexExists(db: Kysely<unknown>): Promise<boolean> {
  const { rows } = await sql<{
    found: boolean;
  }>`select to_regclass('results_search_trgm_idx') is not null as found`.execute(db);
  return rows[0]?.found === true;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db) || !(await searchIndexExists(db))) return;
  await sql`alter index results_search_trgm_idx set (gin_pending_list_limit = 256)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db) || !(await searchIndexExists(db))) return;
  await sql`alter index results_search_trgm_idx reset (gin_pending_list_limit)`.execute(db);
}
