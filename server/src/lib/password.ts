import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// OWASP's scrypt baseline: about 16 MiB of memory per hash, which makes GPU guessing expensive.
const cost = { N: 16384, r: 8, p: 1 } as const;
const keyLength = 64;
const saltLength = 16;
// Bounds for hashes read back from storage, so a corrupted row cannot make a login allocate gigabytes.
const maxCost = 1 << 20;

// NFKC so the same password typed on different systems (composed or decomposed accents) matches.
function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  const maxmem = 128 * (options.N ?? cost.N) * (options.r ?? cost.r) * 2;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (base64url), so the parameters can change later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, cost, keyLength);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Checks a password against a stored hash in constant time; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (!N || !r || !p || !Number.isInteger(N) || N > maxCost || (N & (N - 1)) !== 0 || r > 32 || p > 16) {
    return false;
  }
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length === 0 || expected.length < 16) return false;
  const actual = await derive(password, salt, { N, r, p }, expected.length);
  return timingSafeEqual(actual, expected);
}
