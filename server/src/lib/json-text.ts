/** Lists are stored as JSON text (portable between the engines); this is the only way in. */
export function toJsonList(values: readonly string[]): string {
  return JSON.stringify(values);
}

/** Reads a stored JSON list; anything that is not a list of strings reads as empty. */
export function fromJsonList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
