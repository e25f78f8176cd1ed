import { sql } from 'kysely';
import type { Executor } from '../../db/types';

/** A counter after an attempt was counted. */
export interface AttemptCount {
  attempts: number;
  windowStartedAt: string;
}

/**
 * Counts one attempt for (kind, key) in a single statement, so concurrent requests (in this or any
 * other server process) each see their own count. A window that started at or before `cutoff` has
 * ended: the count restarts at 1 in a window starting `now`.
 */
export async function countAttempt(
  db: Executor,
  kind: string,
  key: string,
  now: string,
  cutoff: string,
): Promise<AttemptCount> {
  const row = await db
    .insertInto('rate_limits')
    .values({ kind, key, window_started_at: now, attempts: 1 })
    .onConflict((oc) =>
      oc.columns(['kind', 'key']).doUpdateSet({
        attempts: sql<number>`case when rate_limits.window_started_at <= ${cutoff} then 1 else rate_limits.attempts + 1 end`,
        window_started_at: sql<string>`case when rate_limits.window_started_at <= ${cutoff} then ${now} else rate_limits.window_started_at end`,
      }),
    )
    .returning(['attempts', 'window_started_at'])
    .executeTakeFirstOrThrow();
  return { attempts: Number(row.attempts), windowStartedAt: row.window_started_at };
}

/** Takes back one attempt counted in the window that started at `windowStartedAt` (it did not fail). */
export async function uncountAttempt(db: Executor, kind: string, key: string, windowStartedAt: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ attempts: sql<number>`attempts - 1` })
    .where('kind', '=', kind)
    .where('key', '=', key)
    .where('window_started_at', '=', windowStartedAt)
    .where('attempts', '>', 0)
    .execute();
}

/** Forgets every attempt counted for (kind, key). */
export async function clearAttempts(db: Executor, kind: string, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('kind', '=', kind).where('key', '=', key).execute();
}

/** Deletes the counters whose window started at or before `cutoff` (they count nothing any more). */
export async function deleteEndedWindows(db: Executor, cutoff: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_started_at', '<=', cutoff).execute();
}
