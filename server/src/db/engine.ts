import { PostgresAdapter } from 'kysely';

/**
 * True when `db` (a database, a transaction on it, or the one a migration gets) talks to
 * PostgreSQL: for the statements and migrations that differ by engine. A module of its own so
 * that migrations can import it without importing the code that runs them.
 */
export function isPostgres(db: { getExecutor(): { readonly adapter: unknown } }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
