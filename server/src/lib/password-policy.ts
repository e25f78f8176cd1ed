import { readFileSync } from 'node:fs';
import { passwordRuleProblem, type PasswordOwner } from '@prometrica/shared-api/contract';
import { ValidationError } from './validation';

let commonPasswords: Set<string> | undefined;

/**
 * The most common passwords (about 49,000, from leaked password lists), from the dictionary of
 * @zxcvbn-ts/language-common, read on first use and kept as a Set: only the server holds it (half
 * a megabyte of JSON that no browser needs). Entries are lower case, so the check ignores case.
 * Reading it takes some 60 ms, once per process, and keeps about 6 MB.
 */
export function commonPasswordList(): ReadonlySet<string> {
  if (!commonPasswords) {
    const file = require.resolve('@zxcvbn-ts/language-common/src/passwords.json');
    const list = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (!Array.isArray(list)) throw new Error(`${file} is not a list of passwords`);
    commonPasswords = new Set(list.filter((entry): entry is string => typeof entry === 'string'));
  }
  return commonPasswords;
}

/** Why a password is refused when it is set (`<label> ...`), or undefined when it is acceptable. */
export function newPasswordProblem(password: string, owner: Partial<PasswordOwner>, label: string): string | undefined {
  const problem = passwordRuleProblem(password, owner, label);
  if (problem) return problem;
  if (commonPasswordList().has(password.normalize('NFKC').toLowerCase())) {
    return `${label} is one of the most common passwords`;
  }
  return undefined;
}

/**
 * Refuses a new password that breaks the rules with a 400 naming `field`, like a schema's refusal
 * (`password: password must not contain the account's email`). Sign-in takes any stored password.
 */
export function checkNewPassword(password: string, owner: Partial<PasswordOwner>, field: string): void {
  const problem = newPasswordProblem(password, owner, field);
  if (problem) throw new ValidationError([{ field, message: problem }]);
}
