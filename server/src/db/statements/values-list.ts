import type { Dialect } from '../types';

/** The type of a column of a VALUES list: PostgreSQL casts each parameter to it. */
export type ListColumn = 'text' | 'integer';

/**
 * The rows of a VALUES list of `rows` rows: in each, its position in the list (a literal, when
 * `position` is set) and a parameter per column, numbered from `firstParameter` on PostgreSQL
 * (which types the list's columns from its values: each parameter is cast to its column's type).
 */
export function valuesRows(
  dialect: Dialect,
  rows: number,
  columns: readonly ListColumn[],
  { position = false, firstParameter = 1 }: { position?: boolean; firstParameter?: number } = {},
): string {
  const parts: string[] = [];
  let next = firstParameter;
  for (let row = 0; row < rows; row += 1) {
    const values = columns.map((type) => (dialect === 'postgres' ? `$${next++}::${type}` : '?'));
    parts.push(`(${position ? `${row}, ` : ''}${values.join(', ')})`);
  }
  return parts.join(', ');
}
