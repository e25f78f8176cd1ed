// Dates and durations as the report writes them: en-GB (spec section 9), in UTC, said so. Formatted
// by hand rather than with Intl, so the output is the same on every Node build (small-icu or full).
const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const twoDigits = (n: number) => String(n).padStart(2, '0');

function dateOf(iso: string): Date | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** `21 November 2026` (UTC), or the text as given when it is not a date. */
export function formatDay(iso: string): string {
  const date = dateOf(iso);
  return date ? `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}` : iso;
}

/** `21 November 2026, 09:05 UTC`, or the text as given when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = dateOf(iso);
  if (!date) return iso;
  return `${formatDay(iso)}, ${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())} UTC`;
}

/** `1 h 4 min`, `12 min 5 s`, `40 s`. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return rest > 0 ? `${minutes} min ${rest} s` : `${minutes} min`;
  return `${rest} s`;
}

/** `1 participant`, `40 participants`. */
export const countOf = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
