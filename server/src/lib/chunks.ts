/** `items` in consecutive parts of at most `size` (the last may be shorter): rows for one statement each. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < items.length; start += size) parts.push(items.slice(start, start + size));
  return parts;
}
