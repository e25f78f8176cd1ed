import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Executor, Dialect } from '../../db/types';
import { findSetting, insertSettingIfMissing } from './repository';

export const jwtSecretFileName = 'jwt-secret';
const jwtSecretKey = 'jwt_secret';
const minimumSecretLength = 32;

const generateSecret = () => randomBytes(48).toString('base64url');

function readSecretFile(file: string): string {
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < minimumSecretLength) {
    throw new Error(`${file} holds an unusable JWT secret (under ${minimumSecretLength} characters): delete it.`);
  }
  return secret;
}

/**
 * The secret tokens are signed with: JWT_SECRET when given; otherwise one generated on first start
 * and kept, so tokens survive restarts. SQLite keeps it in a 0600 file beside the database;
 * PostgreSQL keeps it in `settings` so every server process sharing the database agrees.
 */
export async function resolveJwtSecret(options: {
  configured: string | null;
  dialect: Dialect;
  db: Executor;
  dataDir: string;
}): Promise<string> {
  if (options.configured) return options.configured;

  if (options.dialect === 'postgres') {
    await insertSettingIfMissing(options.db, jwtSecretKey, generateSecret());
    const secret = await findSetting(options.db, jwtSecretKey);
    if (!secret || secret.length < minimumSecretLength) {
      throw new Error('The JWT secret in the settings table is unusable: delete that row.');
    }
    return secret;
  }

  const file = path.join(options.dataDir, jwtSecretFileName);
  try {
    fs.writeFileSync(file, `${generateSecret()}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readSecretFile(file);
}

export { openEntrySetting, openEntryTtlMs } from './open-entry';
export { findSetting, upsertSetting } from './repository';
