// Phone numbers, read the same way by the server's contract and the apps: digits with spaces,
// dashes, dots and brackets and one leading `+`; a number without `+` is read in a default region;
// a number is kept only when it is a possible one, and stored in E.164 (`+442079460958`).
// libphonenumber-js with its smallest ("min") metadata: possible lengths per country, no types.
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/** A country whose numbers can be read without their `+` and country code (ISO 3166 alpha-2). */
export type PhoneRegion = CountryCode;

/**
 * The spec's placeholder is a Pakistani mobile number in the local pattern (03XXXXXXXXX), so a
 * number typed without `+` is Pakistani unless the server says otherwise (`PHONE_REGION`).
 */
export const defaultPhoneRegion: PhoneRegion = 'PK';

/** The characters a phone number may be typed with: digits, spaces, dashes, dots, brackets, one leading `+`. */
export const phoneCharacters = /^\+?[\d\s().-]*$/;

/** Whether `code` names a region whose numbers can be read (`PK`, `GB`, ...). */
export function isPhoneRegion(code: string): code is PhoneRegion {
  return /^[A-Z]{2}$/.test(code) && isSupportedCountry(code);
}

let region: PhoneRegion = defaultPhoneRegion;

/** Sets the region numbers without `+` are read in, for this process (the server's `PHONE_REGION`). */
export function setPhoneRegion(code: PhoneRegion): void {
  region = code;
}

/** The region numbers without `+` are read in. */
export function phoneRegion(): PhoneRegion {
  return region;
}

/**
 * The number `text` is, in E.164 (`+923001234567`), or null when it is not typed with the allowed
 * characters or is not a possible number (too short or too long for its country).
 */
export function normalisePhone(text: string, inRegion: PhoneRegion = region): string | null {
  const typed = text.trim();
  if (!/\d/.test(typed) || !phoneCharacters.test(typed)) return null;
  const number = parsePhoneNumberFromString(typed, { defaultCountry: inRegion, extract: false });
  return number?.isPossible() ? number.number : null;
}

/**
 * A stored number as people read it: E.164 in international format (`+44 20 7946 0958`); anything
 * else (a number kept as it was typed before numbers were normalised, or none) as it is.
 */
export function formatPhone(stored: string): string {
  if (!stored.startsWith('+')) return stored;
  return parsePhoneNumberFromString(stored)?.formatInternational() ?? stored;
}
