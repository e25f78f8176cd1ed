import { limits } from './limits';

/** The account a new password is for: the password may not contain its email or name. */
export interface PasswordOwner {
  email: string;
  name: string;
}

/** Different characters a new password must use: twelve spaces, or `abababababab`, are refused. */
export const passwordMinDistinctCharacters = 5;

/**
 * Parts of an email or a name shorter than this are not looked for in a password: a two-letter
 * first name or local part is in too many good passwords to refuse them all.
 */
const shortestPart = 4;

const folded = (text: string) => text.normalize('NFKC').toLowerCase();

/** The email, its local part and the name, whole and word by word, that a password may not contain. */
function ownerParts(text: string, split: RegExp): string[] {
  const whole = folded(text.trim());
  return [whole, whole.replace(/\s+/g, ''), ...whole.split(split)].filter((part) => part.length >= shortestPart);
}

/**
 * Why a new password is refused, as `<label> ...`, or undefined when it is acceptable, checking
 * what needs no list: its length, its variety, and the account's email (or a part of its local
 * part) and name (or a word of it). The server also refuses the most common passwords. Existing
 * passwords are not held to these rules: they apply when a password is set.
 */
export function passwordRuleProblem(
  password: string,
  owner: Partial<PasswordOwner>,
  label: string,
): string | undefined {
  const characters = [...password];
  if (characters.length < limits.password.min) return `${label} must be at least ${limits.password.min} characters`;
  if (characters.length > limits.password.max) return `${label} must be at most ${limits.password.max} characters`;
  if (new Set(characters).size < passwordMinDistinctCharacters) {
    return `${label} must use at least ${passwordMinDistinctCharacters} different characters`;
  }
  const text = folded(password);
  const email = owner.email?.trim() ?? '';
  if (email) {
    const localPart = email.slice(0, Math.max(email.lastIndexOf('@'), 0)) || email;
    const parts = [...ownerParts(email, /\s+/), ...ownerParts(localPart, /[^\p{L}\p{N}]+/u)];
    if (parts.some((part) => text.includes(part))) return `${label} must not contain the account's email`;
  }
  if (owner.name && ownerParts(owner.name, /[^\p{L}\p{N}]+/u).some((part) => text.includes(part))) {
    return `${label} must not contain the account's name`;
  }
  return undefined;
}
