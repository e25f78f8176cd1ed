/** Shortens `text` to `max` characters followed by `...` (spec section 9); shorter text is unchanged. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
