import type { CompiledQuery, Kysely } from 'kysely';
import { isPostgres, runPrepared } from '../postgres/postgres';
import type { Database, Executor } from '../types';
import { conditionHolds, type Conditional } from './condition';
import { keptStatementName } from './statement-cache';

/** A compiled statement that may carry a condition (`StatementCondition`). */
export type ListedStatement = CompiledQuery & Conditional;

/**
 * Runs statements one after another with `run` and gives each one's rows, in order; a statement
 * whose condition does not hold is not run and gives none.
 */
export async function runInOrder(
  statements: readonly ListedStatement[],
  run: (statement: ListedStatement) => Promise<unknown[]>,
): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  for (const statement of statements) rows.push(conditionHolds(statement.when, rows) ? await run(statement) : []);
  return rows;
}

/** Runs compiled statements one after another on `db` (see `runInOrder`). */
export function executeInOrder(db: Executor, statements: readonly ListedStatement[]): Promise<unknown[][]> {
  return runInOrder(statements, async (statement) => (await db.executeQuery(statement)).rows as unknown[]);
}

/**
 * `executeInOrder`, where outside a transaction on PostgreSQL each statement whose text
 * `statementText` kept runs as a prepared statement under its name (see `runPrepared`).
 */
export function executeKept(db: Executor, statements: readonly ListedStatement[]): Promise<unknown[][]> {
  if (db.isTransaction || !isPostgres(db)) return executeInOrder(db, statements);
  return runInOrder(statements, async (statement) => {
    const name = keptStatementName(statement.sql);
    return name === undefined
      ? ((await db.executeQuery(statement)).rows as unknown[])
      : runPrepared(db as Kysely<Database>, { name, text: statement.sql, values: statement.parameters as unknown[] });
  });
}
