import type { z } from 'zod';
import { HttpError } from './http-errors';

/** Which part of the request a value came from; named in the message when the whole part is wrong. */
export type RequestPart = 'body' | 'query' | 'params';

/** A 400 carrying every zod issue as `field: reason`. */
export class ValidationError extends HttpError {
  constructor(readonly issues: ReadonlyArray<{ field: string; message: string }>) {
    super(400, issues.map((issue) => `${issue.field}: ${issue.message}`).join('; '), issues[0]?.field);
    this.name = 'ValidationError';
  }
}

/** Turns zod issues into `field: reason` pairs; a root-level issue names the request part instead. */
export function describeIssues(error: z.ZodError, part: RequestPart): Array<{ field: string; message: string }> {
  return error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : part;
    const message =
      issue.path.length === 0 && issue.code === 'invalid_type' && issue.expected === 'object'
        ? `${part} must be a JSON object`
        : issue.message;
    return { field, message };
  });
}

/**
 * The path of the first text inside `value` that holds a NUL character (`\u0000`), or null.
 * PostgreSQL cannot store one in a text column and SQLite's text functions stop at it, so no
 * input may carry one. Iterative: a deeply nested body cannot exhaust the stack.
 */
export function findNulCharacter(value: unknown): Array<string | number> | null {
  interface Frame {
    value: unknown;
    key: string | number | null;
    parent: Frame | null;
  }
  const pending: Frame[] = [{ value, key: null, parent: null }];
  while (pending.length > 0) {
    const frame = pending.pop()!;
    const current = frame.value;
    if (typeof current === 'string') {
      if (!current.includes('\u0000')) continue;
      const path: Array<string | number> = [];
      for (let at: Frame | null = frame; at && at.key !== null; at = at.parent) path.push(at.key);
      return path.reverse();
    }
    if (typeof current !== 'object' || current === null) continue;
    // Pushed last to first, so the first NUL in reading order is the one named.
    const entries: Array<[string | number, unknown]> = Array.isArray(current)
      ? current.map((item, index) => [index, item])
      : Object.entries(current);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index]!;
      pending.push({ value: item, key, parent: frame });
    }
  }
  return null;
}

/**
 * Validates one part of a request with a contract schema and returns the parsed value.
 * Throws a 400 `ValidationError` naming each bad field, so a route never sees unchecked input.
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown, part: RequestPart): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new ValidationError(describeIssues(result.error, part));
  }
  // Checked on what the schema kept: unknown keys are dropped and never reach the database.
  const nul = findNulCharacter(result.data);
  if (nul) {
    const field = nul.length > 0 ? nul.map(String).join('.') : part;
    const name = nul.filter((segment) => typeof segment === 'string').at(-1) ?? part;
    throw new ValidationError([{ field, message: `${name} must not contain NUL characters` }]);
  }
  return result.data;
}

/** An update body may repeat the id of its URL (the client sends it); a different one is a 400. */
export function checkBodyId(urlId: string, bodyId: string | undefined): void {
  if (bodyId !== undefined && bodyId.trim() !== urlId) {
    throw new ValidationError([{ field: 'id', message: 'id must match the id in the URL' }]);
  }
}
