import { sql, type RawBuilder } from 'kysely';

/** The page actually served: `page` clamped to the last page, so a page past the end shows the last one. */
export interface PageWindow {
  page: number;
  totalPages: number;
  limit: number;
  offset: number;
}

/** totalPages = max(1, ceil(total / limit)); page clamped into 1..totalPages. */
export function pageWindow(total: number, page: number, limit: number): PageWindow {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const current = Math.min(Math.max(1, page), totalPages);
  return { page: current, totalPages, limit, offset: (current - 1) * limit };
}

/** `%text%` for a case-insensitive substring search, with LIKE's own characters (% _ \) escaped. */
export function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * `column like pattern escape '\'` on a lowercased column. Both engines need the explicit ESCAPE:
 * SQLite has no default escape character.
 */
export function likeLower(column: string, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

/** `count(*)` and `sum()` come back as text (bigint/numeric) from PostgreSQL. */
export function toCount(value: unknown): number {
  const number = Number(value ?? 0);
  return Number.isFinite(number) ? number : 0;
}
