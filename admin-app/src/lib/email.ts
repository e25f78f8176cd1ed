import { limits } from '@prometrica/shared-api';

/**
 * Zod's email pattern, which the server applies (`z.email()` in shared-api's contract): the same
 * addresses pass in the admin forms and on the server, without zod in the browser (lib/email.test.ts
 * holds the two together).
 */
export const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The message for an email as typed (it is trimmed, as the server does), if the server would refuse it. */
export function emailError(text: string): string | undefined {
  const email = text.trim();
  if (!email) return 'Email is required';
  if (email.length > limits.email) return `Email must be at most ${limits.email} characters`;
  if (!emailPattern.test(email)) return 'Email must be a valid email address';
  return undefined;
}
