import { sql } from 'kysely';
import type { Executor } from '../../db/types';
import { toCount } from '../../lib/pagination';

/** A count now and as it stood before a moment. */
export interface CountNowAndBefore {
  now: number;
  before: number;
}

// Every table here has an index on created_at; ISO text timestamps compare as strings.

/**
 * All rows, and the rows created before `moment` as all rows minus the ones created since: both
 * engines count a whole table cheaply and the recent rows through the created_at index, where
 * testing every row's date read the whole index (participants grow without bound).
 */
async function countNowAndBefore(
  db: Executor,
  table: 'participants' | 'questions',
  moment: string,
): Promise<CountNowAndBefore> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom(table)
        .select((inner) => inner.fn.countAll().as('n'))
        .as('now'),
      eb
        .selectFrom(table)
        .select((inner) => inner.fn.countAll().as('n'))
        .where('created_at', '>=', moment)
        .as('since'),
    ])
    .executeTakeFirstOrThrow();
  const now = toCount(row.now);
  return { now, before: now - toCount(row.since) };
}

/** `YYYY-MM` when `moment` is the first instant of a UTC month (ISO text), else undefined. */
const monthKey = (moment: string) => (/^\d{4}-\d{2}-01T00:00:00\.000Z$/.test(moment) ? moment.slice(0, 7) : undefined);

/**
 * Participants now and before `moment`. At a month boundary (what the dashboard asks) from the
 * per-month counts the triggers of migration 0004 keep (a few rows per month); else counted.
 */
export async function countParticipants(db: Executor, moment: string): Promise<CountNowAndBefore> {
  const month = monthKey(moment);
  if (!month) return countNowAndBefore(db, 'participants', moment);
  const { rows } = await sql<{ now: unknown; since: unknown }>`
    select coalesce(sum(count), 0) as now, coalesce(sum(case when month >= ${month} then count else 0 end), 0) as since
    from participant_month_counts`.execute(db);
  const now = toCount(rows[0]?.now);
  return { now, before: now - toCount(rows[0]?.since) };
}

export function countQuestions(db: Executor, moment: string): Promise<CountNowAndBefore> {
  return countNowAndBefore(db, 'questions', moment);
}

/** The UTC calendar months in [from, to): their number (1-12) and bounds as ISO text. */
function monthsBetween(from: string, to: string): { month: number; start: string; end: string }[] {
  const months: { month: number; start: string; end: string }[] = [];
  const first = new Date(from);
  let cursor = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1));
  while (cursor.toISOString() < to) {
    const next = new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, 1));
    const start = cursor.toISOString() < from ? from : cursor.toISOString();
    const end = next.toISOString() > to ? to : next.toISOString();
    months.push({ month: cursor.getUTCMonth() + 1, start, end });
    cursor = next;
  }
  return months;
}

/**
 * Rows created per month (1-12) in [from, to). Participants over whole months: from the per-month
 * counts of migration 0004. Otherwise counted by the database: one range count per month on the
 * created_at index, in one statement; grouping by the month text sorted every row of the year.
 */
export async function countPerMonth(
  db: Executor,
  table: 'participants' | 'questions',
  from: string,
  to: string,
): Promise<Map<number, number>> {
  const months = monthsBetween(from, to);
  if (months.length === 0) return new Map();
  const [first, last] = [monthKey(from), monthKey(to)];
  if (table === 'participants' && first && last) {
    // Whole months: read the counts the triggers keep (migration 0004).
    const { rows } = await sql<{ month: string; count: unknown }>`
      select month, sum(count) as count from participant_month_counts
      where month >= ${first} and month < ${last} group by month`.execute(db);
    return new Map(rows.map((row) => [Number(row.month.slice(5, 7)), toCount(row.count)]));
  }
  const row = (await db
    .selectNoFrom((eb) =>
      months.map(({ month, start, end }) =>
        eb
          .selectFrom(table)
          .select((inner) => inner.fn.countAll().as('n'))
          .where('created_at', '>=', start)
          .where('created_at', '<', end)
          .as(`m${month}`),
      ),
    )
    .executeTakeFirstOrThrow()) as Record<string, unknown>;
  return new Map(months.map(({ month }) => [month, toCount(row[`m${month}`])]));
}
