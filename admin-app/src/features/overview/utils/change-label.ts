/**
 * The change of a figure against last month: `+12%`, `-3%`, `0%`, or `New` when there was nothing
 * last month and there is something now.
 */
export function changeLabel(now: number, lastMonth: number): string {
  if (lastMonth === 0) return now > 0 ? 'New' : '0%';
  const percent = Math.round(((now - lastMonth) / lastMonth) * 100);
  if (percent > 0) return `+${percent}%`;
  if (percent < 0) return `${percent}%`;
  return '0%';
}
