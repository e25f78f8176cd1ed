/** True when a write failed on a UNIQUE constraint, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // better-sqlite3 reports SQLITE_CONSTRAINT_UNIQUE (or _PRIMARYKEY); pg reports SQLSTATE 23505.
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** True when a write failed on a FOREIGN KEY constraint (the referenced row is gone, or still referenced). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
