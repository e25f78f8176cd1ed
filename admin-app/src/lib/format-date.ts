// One formatter for the whole app: creating an Intl formatter per call is slow in long tables.
const dateFormatter = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** Day, short month, year (en-GB), e.g. `5 Mar 2026`; a dash when the date is missing or invalid. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : dateFormatter.format(date);
}
