import { isApiError } from './api-error';

const unit = (n: number, name: string) => `${n} ${name}${n === 1 ? '' : 's'}`;

/**
 * What a participant or an administrator is told when a call was refused as too frequent (429):
 * to wait, and for how long, from the server's `Retry-After` (seconds below a minute, whole minutes
 * rounded up from a minute on). The server's own message names its whole window, not what is left.
 */
export function tooManyAttemptsMessage(retryAfterSeconds?: number): string {
  if (retryAfterSeconds === undefined) return 'Too many attempts. Please wait a while and try again.';
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait = seconds < 60 ? unit(seconds, 'second') : unit(Math.ceil(seconds / 60), 'minute');
  return `Too many attempts. Please wait ${wait} and try again.`;
}

/** The wait message for a rate-limited (429) failure; undefined for any other failure. */
export function rateLimitMessage(error: unknown): string | undefined {
  return isApiError(error) && error.status === 429 ? tooManyAttemptsMessage(error.retryAfterSeconds) : undefined;
}
