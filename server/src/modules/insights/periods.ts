import { sql, type RawBuilder } from 'kysely';

// A range of UTC days as the aggregates' periods (migration 0017): the whole months inside it by
// their month rows, the days of a month it covers only in part by their day rows. A year is then
// at most twelve month rows and up to sixty day rows per key, not 365 day rows.

const lastDayOf = (month: string) => {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, index, 0)).toISOString().slice(0, 10);
};
const monthAfter = (month: string) => {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, index, 1)).toISOString().slice(0, 7);
};
const monthBefore = (month: string) => {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, index - 2, 1)).toISOString().slice(0, 7);
};

/** The rows of `column` (a period) that together count each day from `from` to `to` (each optional, inclusive) once. */
export function periodsOf(column: string, from?: string, to?: string): RawBuilder<boolean> {
  const ref = sql.ref(column);
  const months = (first?: string, last?: string) => {
    const parts = [sql`length(${ref}) = 7`];
    if (first !== undefined) parts.push(sql`${ref} >= ${first}`);
    if (last !== undefined) parts.push(sql`${ref} <= ${last}`);
    return sql<boolean>`(${sql.join(parts, sql` and `)})`;
  };
  const days = (first: string, last: string) =>
    sql<boolean>`(length(${ref}) = 10 and ${ref} between ${first} and ${last})`;
  if (from === undefined && to === undefined) return months();
  const fromMonth = from?.slice(0, 7);
  const toMonth = to?.slice(0, 7);
  const fromWhole = from === undefined || from.endsWith('-01');
  const toWhole = to === undefined || to === lastDayOf(toMonth!);
  if (from !== undefined && to !== undefined && fromMonth === toMonth && !(fromWhole && toWhole)) {
    return days(from, to);
  }
  const parts: RawBuilder<boolean>[] = [];
  if (!fromWhole) parts.push(days(from!, lastDayOf(fromMonth!)));
  if (!toWhole) parts.push(days(`${toMonth}-01`, to!));
  const firstMonth = fromMonth === undefined ? undefined : fromWhole ? fromMonth : monthAfter(fromMonth);
  const lastMonth = toMonth === undefined ? undefined : toWhole ? toMonth : monthBefore(toMonth);
  if (firstMonth === undefined || lastMonth === undefined || firstMonth <= lastMonth) {
    parts.push(months(firstMonth, lastMonth));
  }
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}
