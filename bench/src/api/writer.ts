// Bulk writes straight to the tables through the driver: prepared statements inside big
// transactions on SQLite, `insert ... select * from unnest(...)` (one array per column) on PostgreSQL.
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import type { BenchDatabase } from './database';

type ColumnType = 'text' | 'integer';

export const tables = {
  settings: { key: 'text', value: 'text' },
  categories: { id: 'text', name: 'text', name_lower: 'text', created_at: 'text', updated_at: 'text' },
  questions: {
    id: 'text',
    question: 'text',
    question_lower: 'text',
    correct_answer: 'text',
    question_type: 'text',
    options: 'text',
    category_id: 'text',
    created_at: 'text',
    updated_at: 'text',
  },
  participants: {
    id: 'text',
    name: 'text',
    name_lower: 'text',
    email: 'text',
    email_lower: 'text',
    phone: 'text',
    created_at: 'text',
    updated_at: 'text',
    owner_session: 'text',
  },
  agreements: {
    id: 'text',
    participant_id: 'text',
    image_base64: 'text',
    date: 'text',
    created_at: 'text',
    text_version: 'text',
    text_sha256: 'text',
    signed_name: 'text',
    method: 'text',
    client_address: 'text',
  },
  results: {
    id: 'text',
    participant_id: 'text',
    session_id: 'text',
    correct: 'integer',
    wrong: 'integer',
    total: 'integer',
    percent: 'integer',
    passed: 'integer',
    created_at: 'text',
    categories: 'text',
    question_set_version: 'integer',
  },
  result_answers: { result_id: 'text', answers: 'text' },
  question_set_versions: { version: 'integer', content_hash: 'text', questions: 'text', created_at: 'text' },
} satisfies Record<string, Record<string, ColumnType>>;

export type TableName = keyof typeof tables;
export type Row = ReadonlyArray<string | number>;

export interface Writer {
  /** Appends rows (values in the table's column order) inside the current transaction. */
  insert(table: TableName, rows: readonly Row[]): Promise<void>;
  /** Runs `fn` in one transaction. */
  transaction(fn: () => Promise<void>): Promise<void>;
  /** Appends rows to a scratch table of the loader (all values bound as they are). */
  insertInto(table: string, rows: readonly Row[]): Promise<void>;
  /** Plain SQL (portable statements only). */
  exec(sql: string): Promise<void>;
  /** The first column of the first row of a query. */
  scalar(sql: string): Promise<unknown>;
  /** Every row of a query, as objects. */
  rows(sql: string): Promise<unknown[]>;
  close(): Promise<void>;
}

const columnsOf = (table: TableName) => Object.keys(tables[table]);

/**
 * SQLite: one connection, WAL; `durable` keeps the server's synchronous=FULL (the write
 * baseline), otherwise commits are not synced (the bulk loader; the file is synced at close).
 */
export function sqliteWriter(file: string, options: { durable: boolean }): Writer & { raw: Sqlite.Database } {
  const db = new Sqlite(file, { timeout: 5000 });
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.durable ? 'FULL' : 'OFF'}`);
  // Random UUID keys land all over the indexes: a big page cache keeps the load in memory.
  if (!options.durable) db.pragma('cache_size = -1000000');
  // The loader writes consistent rows by construction; the write baseline checks keys like the server.
  db.pragma(`foreign_keys = ${options.durable ? 'ON' : 'OFF'}`);
  const statements = new Map<TableName, Sqlite.Statement>();
  const statement = (table: TableName) => {
    let prepared = statements.get(table);
    if (!prepared) {
      const columns = columnsOf(table);
      prepared = db.prepare(
        `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
      );
      statements.set(table, prepared);
    }
    return prepared;
  };
  return {
    raw: db,
    async insert(table, rows) {
      const prepared = statement(table);
      for (const row of rows) prepared.run(...row);
    },
    async transaction(fn) {
      db.exec('begin');
      try {
        await fn();
        db.exec('commit');
      } catch (error) {
        db.exec('rollback');
        throw error;
      }
    },
    async insertInto(table, rows) {
      if (rows.length === 0) return;
      const prepared = db.prepare(`insert into ${table} values (${rows[0]!.map(() => '?').join(', ')})`);
      for (const row of rows) prepared.run(...row);
    },
    async exec(sql) {
      const t = performance.now();
      db.exec(sql);
      if (process.env.BENCH_TRACE) console.log(`${(performance.now() - t).toFixed(0)} ms ${sql.trim().slice(0, 60)}`);
    },
    async scalar(sql) {
      return db.prepare(sql).pluck().get();
    },
    async rows(sql) {
      return db.prepare(sql).all();
    },
    async close() {
      if (!options.durable) db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}

/** The multi-row insert of a table: one array parameter per column. */
function unnestInsert(table: TableName): string {
  const spec = tables[table] as Record<string, ColumnType>;
  const columns = Object.keys(spec);
  const arrays = columns.map((column, index) => `$${index + 1}::${spec[column]}[]`);
  return `insert into ${table} (${columns.join(', ')}) select * from unnest(${arrays.join(', ')})`;
}

/** Column arrays of rows. */
function toColumns(table: TableName, rows: readonly Row[]): unknown[][] {
  const columns = columnsOf(table).map(() => [] as unknown[]);
  for (const row of rows) row.forEach((value, index) => columns[index]!.push(value));
  return columns;
}

/** PostgreSQL: one client; `chunk` rows per statement. */
export async function postgresWriter(
  url: string,
  options: { durable: boolean; chunk?: number },
): Promise<Writer & { client: pg.Client }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // The bulk loader does not wait for each commit to reach the disk (a crash would only lose the seed).
  if (!options.durable) {
    await client.query('set synchronous_commit = off');
    // Triggers stay on: the schema keeps derived data with them (search text, monthly counts).
    await client.query("set temp_buffers = '64MB'");
    await client.query("set maintenance_work_mem = '256MB'");
  }
  const chunk = options.chunk ?? 20000;
  return {
    client,
    async insert(table, rows) {
      const text = unnestInsert(table);
      for (let start = 0; start < rows.length; start += chunk) {
        await client.query({ text, values: toColumns(table, rows.slice(start, start + chunk)) });
      }
    },
    async transaction(fn) {
      await client.query('begin');
      try {
        await fn();
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      }
    },
    async insertInto(table, rows) {
      if (rows.length === 0) return;
      // Scratch tables take text and integers; the types are read off the first row.
      const types = rows[0]!.map((value) => (typeof value === 'number' ? 'integer' : 'text'));
      const columns = types.map(() => [] as unknown[]);
      for (const row of rows) row.forEach((value, index) => columns[index]!.push(value));
      await client.query({
        text: `insert into ${table} select * from unnest(${types.map((type, index) => `$${index + 1}::${type}[]`).join(', ')})`,
        values: columns,
      });
    },
    async exec(sql) {
      const t = performance.now();
      await client.query(sql);
      if (process.env.BENCH_TRACE) console.log(`${(performance.now() - t).toFixed(0)} ms ${sql.trim().slice(0, 60)}`);
    },
    async scalar(sql) {
      const result = await client.query({ text: sql, rowMode: 'array' });
      return (result.rows[0] as unknown[] | undefined)?.[0];
    },
    async rows(sql) {
      return (await client.query(sql)).rows;
    },
    async close() {
      await client.end();
    },
  };
}

export async function openWriter(database: BenchDatabase, options: { durable: boolean }): Promise<Writer> {
  if (database.engine === 'sqlite') return sqliteWriter(database.sqliteFile!, options);
  return postgresWriter(database.databaseUrl!, options);
}

export { unnestInsert, toColumns };
