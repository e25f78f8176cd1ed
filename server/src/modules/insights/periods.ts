// A range of UTC days as ranges of the aggregates' period keys (migration 0017): the whole months
// inside it by their month rows (`MYYYY-MM`), the days of a month it covers only in part by their
// day rows (`YYYY-MM-DD`). Months sort after every day, so each range is one seek of a table's key
// (after the version, for those of Insights): a year is twelve month rows and at most sixty days'
// rows per key, not 365 days' rows, and no other rows are read.

const lastDayOf = (month: string) => {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, index, 0)).toISOString().slice(0, 10);
};
const monthAfter = (month: string, step: 1 | -1) => {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, index - 1 + step, 1)).toISOString().slice(0, 7);
};

/** Inclusive ranges of period keys that count each day from `from` to `to` (each optional) once. */
export function periodRanges(from?: string, to?: string): Array<[string, string]> {
  const months = (first?: string, last?: string): [string, string] => [
    first === undefined ? 'M' : `M${first}`,
    last === undefined ? 'N' : `M${last}`,
  ];
  if (from === undefined && to === undefined) return [months()];
  const fromMonth = from?.slice(0, 7);
  const toMonth = to?.slice(0, 7);
  const fromWhole = from === undefined || from.endsWith('-01');
  const toWhole = to === undefined || to === lastDayOf(toMonth!);
  if (from !== undefined && to !== undefined && fromMonth === toMonth && !(fromWhole && toWhole)) return [[from, to]];
  const ranges: Array<[string, string]> = [];
  if (!fromWhole) ranges.push([from!, lastDayOf(fromMonth!)]);
  if (!toWhole) ranges.push([`${toMonth}-01`, to!]);
  const firstMonth = fromMonth === undefined ? undefined : fromWhole ? fromMonth : monthAfter(fromMonth, 1);
  const lastMonth = toMonth === undefined ? undefined : toWhole ? toMonth : monthAfter(toMonth, -1);
  if (firstMonth === undefined || lastMonth === undefined || firstMonth <= lastMonth) {
    ranges.push(months(firstMonth, lastMonth));
  }
  return ranges;
}
