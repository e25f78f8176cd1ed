import { randomInt } from 'node:crypto';

// Crockford's base32 without the letters people misread (I, L, O, U): easy to read aloud and type.
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Length of a resume code: 10 characters of 5 bits, 50 bits, shown as two groups of five. */
const length = 10;

/** A new resume code, e.g. `K7QM2-XPD4R`. */
export function newResumeCode(): string {
  let code = '';
  for (let i = 0; i < length; i++) code += alphabet[randomInt(alphabet.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * A code as typed, in the form it is stored: capitals, without spaces or dashes, and with the
 * letters people type for digits read as those digits (O → 0, I and L → 1).
 */
export function normalizeResumeCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}
