import { letterDate } from '../../invitations/service';

// Dates and durations as the report writes them: en-GB (spec section 9), in UTC, said so.

const twoDigits = (n: number) => String(n).padStart(2, '0');

function dateOf(iso: string): Date | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** `21 November 2026` (UTC), as the mails write it, or the text as given when it is not a date. */
export function formatDay(iso: string): string {
  return dateOf(iso) ? letterDate(iso) : iso;
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
