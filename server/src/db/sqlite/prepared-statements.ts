import type { Database as SqliteConnection, Statement } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct statements kept prepared (queries with a list of `?` of varying length make more). */
export const preparedStatementLimit = 256;

/**
 * The connection as Kysely's SQLite dialect sees it, with each statement prepared once and reused
 * (least recently used dropped first). Kysely prepares every query it runs, which costs more than
 * running most of them: a submission's writes spent a large share of their time preparing.
 *
 * A cached statement is never shared by two runs at once: `all` and `run` finish before they
 * return, and a streamed query (`iterate`, which stays open until the stream ends) gets a
 * statement of its own.
 */
export class PreparedStatements implements SqliteDatabase {
  private readonly statements = new Map<string, Statement>();

  constructor(
    readonly connection: SqliteConnection,
    private readonly options: {
      /** Most statements kept prepared. */
      limit?: number;
      /** Called when a write was committed: a statement that writes, run outside a transaction, or a commit. */
      onCommit?: () => void;
    } = {},
  ) {}

  prepare(sql: string): SqliteStatement {
    const statement = this.statement(sql);
    return {
      reader: statement.reader,
      // Parameters go as one array, as Kysely's driver passes them.
      all: (parameters) => statement.all(parameters),
      run: (parameters) => {
        const result = statement.run(parameters);
        if (!this.connection.inTransaction) this.options.onCommit?.();
        return result;
      },
      iterate: (parameters) => this.connection.prepare(sql).iterate(parameters),
    };
  }

  /** How many statements are kept prepared now. */
  get size(): number {
    return this.statements.size;
  }

  close(): void {
    this.statements.clear();
    this.connection.close();
  }

  private statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (statement) {
      // Most recently used last: the first key is the one to drop.
      this.statements.delete(sql);
    } else {
      statement = this.connection.prepare(sql);
      if (this.statements.size >= (this.options.limit ?? preparedStatementLimit)) {
        this.statements.delete(this.statements.keys().next().value!);
      }
    }
    this.statements.set(sql, statement);
    return statement;
  }
}
