import type { CompiledQuery } from 'kysely';
import type { Executor } from './types';

/** Runs compiled statements one after another on `db` and gives each one's rows, in order. */
export async function executeInOrder(db: Executor, statements: readonly CompiledQuery[]): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  for (const statement of statements) rows.push((await db.executeQuery(statement)).rows as unknown[]);
  return rows;
}
