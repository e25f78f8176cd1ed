/** Statement texts kept: one per statement and row count, for row counts a batch has (64 at most). */
const kept = new Map<string, string>();
const keptUpToRows = 128;
/** The name of each kept text (its key and row count): what PostgreSQL may prepare it under. */
const names = new Map<string, string>();

/**
 * The text of a statement whose shape depends only on `key` (its kind and dialect) and its row
 * count, built once. Hot statements are written as text with their parameters in a flat list:
 * composing a batch of submissions with Kysely's `sql` tags cost the event loop time on every
 * submission and left most of the batch's garbage.
 */
export function statementText(key: string, rows: number, build: () => string): string {
  if (rows > keptUpToRows) return build();
  const at = `${key}:${rows}`;
  let text = kept.get(at);
  if (text === undefined) {
    text = build();
    kept.set(at, text);
    names.set(text, at);
  }
  return text;
}

/**
 * The name `text` is kept under by `statementText`, or undefined for a text it did not keep. A name
 * always stands for the same text, so a connection may prepare it once and run it again by name.
 */
export function keptStatementName(text: string): string | undefined {
  return names.get(text);
}
