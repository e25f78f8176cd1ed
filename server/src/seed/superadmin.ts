import { randomBytes } from 'node:crypto';
import type { Executor } from '../db/types';
import { HttpError } from '../lib/http-errors';
import { newPasswordProblem } from '../lib/password-policy';
import { countUsers } from '../modules/users/repository';
import { createUser } from '../modules/users/service';

export type SuperadminSeedResult = 'exists' | 'created-with-configured-password' | 'created-with-generated-password';

export const superadminName = 'Super Admin';

function generatedPasswordNotice(email: string, password: string): string {
  const rule = '='.repeat(72);
  return [
    '',
    rule,
    '  Prometrica first start: a superadmin account was created.',
    `    email:    ${email}`,
    `    password: ${password}`,
    '  This password is shown only this once. Sign in at /admin and keep it safe',
    '  (or set ADMIN_PASSWORD before the first start next time).',
    rule,
    '',
  ].join('\n');
}

/**
 * 24 random characters (144 bits); drawn again in the unlikely case they hold a part of the
 * email or name (`admin`, say), which the rules for a new password refuse.
 */
function generatePassword(email: string): string {
  for (;;) {
    const password = randomBytes(18).toString('base64url');
    if (!newPasswordProblem(password, { email, name: superadminName }, 'password')) return password;
  }
}

/**
 * On an empty database, creates the superadmin from ADMIN_EMAIL / ADMIN_PASSWORD, or with a
 * generated password announced once. Does nothing once any account exists.
 */
export async function seedSuperadmin(options: {
  db: Executor;
  email: string;
  password: string | null;
  announce: (text: string) => void;
}): Promise<SuperadminSeedResult> {
  if ((await countUsers(options.db)) > 0) return 'exists';
  const password = options.password ?? generatePassword(options.email);
  // A generated password is shown before the account is committed: a crash in between then costs
  // a password nobody will need, never an account nobody can sign in to.
  if (!options.password) options.announce(generatedPasswordNotice(options.email, password));
  try {
    await createUser(options.db, {
      name: superadminName,
      email: options.email,
      phoneNumber: '',
      role: 'superadmin',
      password,
    });
  } catch (error) {
    // Another server process sharing the database seeded it first.
    if (error instanceof HttpError && error.statusCode === 409) {
      if (!options.password)
        options.announce('Another server process created the superadmin first: the password above was not used.');
      return 'exists';
    }
    throw error;
  }
  return options.password ? 'created-with-configured-password' : 'created-with-generated-password';
}
