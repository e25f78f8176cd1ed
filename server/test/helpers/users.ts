import { randomUUID } from 'node:crypto';
import type { Role } from '@prometrica/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../src/lib/password';
import { insertUser } from '../../src/modules/users/repository';
import { createUser } from '../../src/modules/users/service';

let counter = 0;

/** Creates an account directly in the database and returns it with its password. */
export async function createTestUser(
  app: FastifyInstance,
  overrides: Partial<{ name: string; email: string; password: string; role: Role; phoneNumber: string }> = {},
) {
  counter += 1;
  const password = overrides.password ?? `password-${counter}-secret`;
  const user = await createUser(app.db, {
    name: overrides.name ?? `Test User ${counter}`,
    email: overrides.email ?? `user${counter}@example.com`,
    phoneNumber: overrides.phoneNumber ?? '03001234567',
    role: overrides.role ?? 'user',
    password,
  });
  return { ...user, password };
}

/** Logs in through the API and returns the access token. */
export async function loginAs(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<{ accessToken: string }>().accessToken;
}

/** The password of every account made by `quickUser` (hashed once per test file, to keep files fast). */
export const quickPassword = 'tangerine-orbit-passphrase';
let quickHash: Promise<string> | undefined;

/** Inserts an account without hashing a password of its own; for tests that need many accounts. */
export async function quickUser(
  app: FastifyInstance,
  overrides: Partial<{ name: string; email: string; role: Role; phoneNumber: string; createdAt: string }> = {},
) {
  counter += 1;
  quickHash ??= hashPassword(quickPassword);
  const now = overrides.createdAt ?? new Date().toISOString();
  const user = {
    id: randomUUID(),
    name: overrides.name ?? `Quick User ${counter}`,
    email: overrides.email ?? `quick${counter}-${randomUUID().slice(0, 8)}@example.com`,
    phoneNumber: overrides.phoneNumber ?? '03001234567',
    role: overrides.role ?? 'user',
    passwordHash: await quickHash,
    createdAt: now,
    updatedAt: now,
  };
  await insertUser(app.db, user);
  return { ...user, password: quickPassword };
}
