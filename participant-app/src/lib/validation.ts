/** Same rule as the server: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * The characters the server reads a phone number from: digits with spaces, dashes, dots and
 * brackets, and one leading `+`. Whether it is a possible number (in E.164, as stored) is the
 * server's to say, in the region it is configured for; its refusal names the field.
 */
export const PHONE_PATTERN = /^\+?[\d\s().-]*\d[\d\s().-]*$/;
