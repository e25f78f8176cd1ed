import type { CompiledQuery, Kysely } from 'kysely';
import { isPostgres, runPrepared } from '../postgres/postgres';
import type { Database, Executor } from '../types';
import { conditionHolds, conditionOf } from './condition';
import { keptStatementName } from './statement-cache';

/**
 * Runs compiled statements one after another on `db` and gives each one's rows, in order; a
 * statement whose condition (`StatementCondition`) does not hold is not run and gives none.
 */
export async function executeInOrder(db: Executor, statements: readonly CompiledQuery[]): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  for (const statement of statements) {
    rows.push(
      conditionHolds(conditionOf(statement), rows) ? ((await db.executeQuery(statement)).rows as unknown[]) : [],
    );
  }
  return rows;
}

/**
 * `executeInOrder` outside a transaction, where on PostgreSQL each statement whose text
 * `statementText` kept runs as a prepared statement under its name (see `runPrepared`).
 */
export async function executeKept(db: Kysely<Database>, statements: readonly CompiledQuery[]): Promise<unknown[][]> {
  if (!isPostgres(db)) return executeInOrder(db, statements);
  const rows: unknown[][] = [];
  for (const statement of statements) {
    if (!conditionHolds(conditionOf(statement), rows)) {
      rows.push([]);
      continue;
    }
    const name = keptStatementName(statement.sql);
    rows.push(
      name === undefined
        ? ((await db.executeQuery(statement)).rows as unknown[])
        : await runPrepared(db, { name, text: statement.sql, values: statement.parameters as unknown[] }),
    );
  }
  return rows;
}
