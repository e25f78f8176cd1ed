/** Page sizes offered for the server-paginated lists (spec section 9). */
export const SERVER_PAGE_SIZES = [25, 50, 75, 100] as const;
export const DEFAULT_SERVER_PAGE_SIZE = 25;

/** Search debounce (spec section 9). */
export const SEARCH_DEBOUNCE_MS = 500;

/** Number of pages for `total` items, at least 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Keeps a page number inside 1..totalPages. */
export function clampPage(page: number, totalPages: number): number {
  return Math.min(Math.max(1, page), Math.max(1, totalPages));
}

/** The items of one client-side page. */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const start = (page - 1) * pageSize;
  return items.slice(start, start + pageSize);
}

/** Newest first by `createdAt` (concerns and categories, spec section 9). */
export function newestFirst<T extends { createdAt: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** Case-insensitive substring match of `query` in any of `fields`. */
export function matchesSearch(query: string, fields: readonly (string | null | undefined)[]): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return fields.some((field) => (field ?? '').toLowerCase().includes(needle));
}
