import { z } from 'zod';
import { normalisePhone, phoneCharacters } from '../phone';
import { limits } from './limits';

export { limits } from './limits';

/** A required text field, trimmed, with messages naming the field (`tooLong` when longer than `max`). */
export const requiredText = (field: string, max: number, tooLong = `${field} must be at most ${max} characters`) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, tooLong);

export const emailText = (field = 'email') =>
  requiredText(field, limits.email).pipe(z.email({ error: `${field} must be a valid email address` }));

/** Why a typed phone number is refused, naming the field. */
const phoneProblem = (field: string, text: string) =>
  phoneCharacters.test(text)
    ? `${field} must be a valid phone number (an international one starts with + and its country code)`
    : `${field} must contain only digits, spaces, dashes, dots, brackets and a leading +`;

/**
 * A phone number as typed (shared-api's `phone`), kept in E.164; a number that is not a possible
 * one is refused. `optional`: an empty text is kept as ''.
 */
const phoneNumber = (field: string, optional: boolean) =>
  z.string().transform((text, ctx) => {
    if (optional && text === '') return '';
    const number = normalisePhone(text);
    if (number !== null) return number;
    ctx.addIssue({ code: 'custom', message: phoneProblem(field, text) });
    return z.NEVER;
  });

/** A required phone number, stored in E.164 (`+923001234567`). */
export const phoneText = (field = 'phoneNumber') => requiredText(field, limits.phone).pipe(phoneNumber(field, false));

/** A phone number that may be empty (kept as ''); otherwise as `phoneText`. */
export const optionalPhoneText = (field = 'phone') =>
  z
    .string()
    .trim()
    .max(limits.phone, `${field} must be at most ${limits.phone} characters`)
    .pipe(phoneNumber(field, true));

/** A whole number of the query string, from 1 to `max`; `fallback` when the query leaves it out. */
const wholeNumberQuery = (field: string, max: number, messages: { min: string; max: string }, fallback: number) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(1, messages.min)
    .max(max, messages.max)
    .default(fallback);

/** Query-string page number, from 1. */
export const pageQuery = wholeNumberQuery(
  'page',
  1_000_000,
  { min: 'page must be 1 or more', max: 'page is too large' },
  1,
);

const limitRange = 'limit must be between 1 and 100';

/** Query-string page size, 1 to 100. */
export const limitQuery = wholeNumberQuery('limit', 100, { min: limitRange, max: limitRange }, 25);

export const searchQuery = z
  .string()
  .trim()
  .max(limits.search, `search must be at most ${limits.search} characters`)
  .default('');

/** Paging figures every list reply carries. */
export const pageInfo = {
  page: z.number().int(),
  totalPages: z.number().int(),
};
