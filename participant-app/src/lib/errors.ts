import { isApiError, rateLimitMessage } from '@prometrica/shared-api';
import { submissionMessages } from './submission-messages';

/** The message of a failed call, or `fallback` when it carries none. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * What a participant is told when a call failed: how long to wait for a refusal to wait (429), the
 * connection when no answer came back, else the server's own message (or `fallback`).
 */
export function failureMessage(error: unknown, fallback: string): string {
  const wait = rateLimitMessage(error);
  if (wait) return wait;
  if (isApiError(error) && error.status === 0) return submissionMessages.network;
  return messageOf(error, fallback);
}
