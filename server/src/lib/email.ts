/** The form an email is compared and looked up in (the `email_lower` columns, the rate-limit keys). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
