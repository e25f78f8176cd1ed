import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type TableMetadata,
} from 'kysely';
import pg from 'pg';
import type { Database } from '../types';

/**
 * True when `db` (a database, a transaction on it, or the one a migration gets) talks to
 * PostgreSQL: for the statements and migrations that differ by engine.
 */
export function isPostgres(db: { getExecutor(): { readonly adapter: unknown } }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const schemaName = /^[a-z_][a-z0-9_]{0,62}$/;

/** The pool behind each database `openPostgres` opened. */
const pools = new WeakMap<Kysely<Database>, pg.Pool>();

/** The connection pool of a database opened by `openPostgres` (none for SQLite): for the metrics. */
export function postgresPool(db: Kysely<Database>): pg.Pool | undefined {
  return pools.get(db);
}

/** A statement to run as a named prepared statement: `name` always stands for this same `text`. */
export interface PreparedStatement {
  name: string;
  text: string;
  values: unknown[];
}

/**
 * Runs `statement` on a pooled connection of `db` (opened by `openPostgres`) as a named prepared
 * statement: each connection parses and plans a name once, then only binds and executes it (after
 * five runs PostgreSQL keeps one generic plan). For hot statements whose text is long: a batch of
 * submissions cost PostgreSQL less than when parsed and planned each time.
 */
export async function runPrepared(db: Kysely<Database>, statement: PreparedStatement): Promise<unknown[]> {
  const pool = pools.get(db);
  if (!pool) throw new Error('runPrepared needs a database opened by openPostgres');
  return (await pool.query(statement)).rows as unknown[];
}

/** PostgreSQL could not be reached at start; the message names the server (never the password). */
export class DatabaseUnavailableError extends Error {
  constructor(connectionString: string, cause: unknown) {
    let target = 'the configured server';
    try {
      const url = new URL(connectionString);
      target = `${url.hostname}:${url.port || '5432'}${url.pathname}`;
    } catch {
      // Config validation already checked the URL; keep the generic wording if it still fails.
    }
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`Could not connect to PostgreSQL at ${target}: ${reason}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * Connects to PostgreSQL. With `schema`, every pooled connection uses that schema (created if
 * missing), which lets test files share one database without seeing each other's tables.
 */
export async function openPostgres(
  connectionString: string,
  options: { schema?: string; onPoolError?: (error: Error) => void } = {},
): Promise<Kysely<Database>> {
  const { schema } = options;
  if (schema !== undefined && !schemaName.test(schema)) {
    throw new Error(`Invalid PostgreSQL schema name "${schema}": use lowercase letters, digits and _.`);
  }
  const pool = new pg.Pool({
    connectionString,
    // Set at connection start-up, so no query on any pooled connection can run before it applies.
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => options.onPoolError?.(error));
  // Nor one in use: the pool listens only to idle clients, and a client whose connection ends
  // while it is checked out (PostgreSQL restarted, the network cut mid-query) emits an 'error'
  // that nobody heard, which ended the process. Its query rejects with that same error, and the
  // pool drops the client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  try {
    if (schema) await pool.query(`create schema if not exists "${schema}"`);
    else await pool.query('select 1');
  } catch (error) {
    await pool.end();
    throw new DatabaseUnavailableError(connectionString, error);
  }
  const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}

/**
 * Kysely's PostgreSQL introspection lists the tables of every schema in the database, and fails
 * ("schema ... does not exist") when another session drops a schema while it runs: the migrator,
 * which uses it to find its own tables, then failed when tests dropped their schemas while others
 * migrated. Tables are listed from the current schema only (names, without columns: what the
 * migrator needs; nothing else here introspects).
 */
class CurrentSchemaIntrospector extends PostgresIntrospector {
  constructor(private readonly db: Kysely<unknown>) {
    super(db);
  }

  override async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, ns.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class as c join pg_catalog.pg_namespace as ns on ns.oid = c.relnamespace
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p', 'm')
      order by c.relname`.execute(this.db);
    return rows
      .filter((row) => options.withInternalKyselyTables || !row.name.startsWith('kysely_'))
      .map((row) => ({
        name: row.name,
        schema: row.schema,
        isView: row.kind === 'v' || row.kind === 'm',
        columns: [],
      }));
  }
}

/** PostgreSQL through `CurrentSchemaIntrospector`: what the app and the migration tests migrate with. */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
