// Formatted by hand, as en-GB's Intl.DateTimeFormat writes it: creating that formatter loads the
// locale's data, a noticeable part of a slow CPU's time on the results screen's way to its first paint.
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** Day, short month, year (en-GB, local time), e.g. `5 Mar 2026`; a dash when the date is missing or invalid. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : `${date.getDate()} ${months[date.getMonth()]} ${date.getFullYear()}`;
}
