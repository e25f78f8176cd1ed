import { notifications } from '@mantine/notifications';
import { isApiError, rateLimitMessage } from '@prometrica/shared-api';

/**
 * The text to show for a failed call: how long to wait when it was refused as too frequent (429),
 * else the server's message, else the error's own (spec section 8).
 */
export function messageOf(error: unknown, fallback = 'Something went wrong, please try again!'): string {
  const wait = rateLimitMessage(error);
  if (wait) return wait;
  if (isApiError(error)) return error.message || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** A green notice with the server's message. */
export function notifySuccess(message: string, title = 'Success') {
  notifications.show({ color: 'green', title, message });
}

/** A red notice with the server's message (or the transport error's). */
export function notifyError(error: unknown, title = 'Error') {
  notifications.show({ color: 'red', title, message: messageOf(error) });
}
