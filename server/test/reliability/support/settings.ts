// Reliability harness: the accounts and secret every server of a run shares, the PostgreSQL server
// given to the suite, and small helpers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ADMIN_EMAIL = 'reliability-admin@prometrica.test';
export const ADMIN_PASSWORD = 'steady-kettle-passphrase';
export const JWT_SECRET = 'reliability-tests-shared-jwt-secret-0123456789abcdef';
/** The PostgreSQL server given to the suite (a scratch database is created on it per run). */
export const postgresUrl = process.env.DATABASE_URL || undefined;

export const between = (min: number, max: number) => min + Math.random() * (max - min);

/** An integer from the environment, or the fallback (for the longer runs). */
export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number.parseInt(raw, 10);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

export function makeTempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `prometrica-${prefix}-`));
}
