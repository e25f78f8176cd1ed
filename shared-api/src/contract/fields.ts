import { z } from 'zod';
import { limits } from './limits';

export { limits } from './limits';

/** A required text field, trimmed, with a message naming the field. */
export const requiredText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

export const emailText = (field = 'email') =>
  requiredText(field, limits.email).pipe(z.email({ error: `${field} must be a valid email address` }));

export const phoneText = (field = 'phoneNumber') =>
  requiredText(field, limits.phone).regex(/^\d+$/, `${field} must contain digits only`);

/** Query-string page number, from 1. */
export const pageQuery = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be 1 or more')
  .max(1_000_000, 'page is too large')
  .default(1);

/** Query-string page size, 1 to 100. */
export const limitQuery = z.coerce
  .number({ error: 'limit must be a number' })
  .int('limit must be a whole number')
  .min(1, 'limit must be between 1 and 100')
  .max(100, 'limit must be between 1 and 100')
  .default(25);

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
