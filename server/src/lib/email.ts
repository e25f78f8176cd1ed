/**
 * The form an email is compared and looked up in (the `email_lower` columns, the rate-limit keys);
 * computed here, never by SQL `lower()` (ASCII-only on SQLite).
 */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
