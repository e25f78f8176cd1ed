// Formatted by hand, as en-GB's Intl.DateTimeFormat writes it: creating that formatter loads the
// locale's data, a noticeable part of a slow CPU's time on the results screen's way to its first paint.
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

function dateOf(value: string | number | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Day, short month, year (en-GB, local time), e.g. `5 Mar 2026`; a dash when the date is missing or invalid. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = dateOf(value);
  return date ? `${date.getDate()} ${months[date.getMonth()]} ${date.getFullYear()}` : '—';
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The date as `formatDate` writes it and the local time of day (24-hour), e.g. `5 Mar 2026, 09:05`. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = dateOf(value);
  return date ? `${formatDate(date)}, ${formatTime(date)}` : '—';
}

/** The local time of day (24-hour), e.g. `09:05`; a dash when the date is missing or invalid. */
export function formatTime(value: string | number | Date | null | undefined): string {
  const date = dateOf(value);
  return date ? `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}` : '—';
}
