import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { HttpError } from './http-errors';

/**
 * The work factor as log2 of scrypt's N: 17 is OWASP's recommendation for scrypt (N=2^17, r=8,
 * p=1), 128 MiB of memory and about half a second of one core per hash, which makes guessing on
 * GPUs expensive. `PASSWORD_HASH_COST` sets it; the tests use a low one.
 */
export const defaultPasswordHashCost = 17;
/** The lowest and highest `PASSWORD_HASH_COST` accepted (2^20 needs 1 GiB per hash). */
export const passwordHashCostRange = { min: 10, max: 20 } as const;
const blockSize = 8;
const parallelism = 1;
let cost = { N: 2 ** defaultPasswordHashCost, r: blockSize, p: parallelism };

/** Sets the cost of new hashes (log2 of N); the app sets it from the configuration. */
export function setPasswordHashCost(log2N: number): void {
  if (!Number.isInteger(log2N) || log2N < passwordHashCostRange.min || log2N > passwordHashCostRange.max) {
    throw new RangeError(
      `password hash cost must be a whole number from ${passwordHashCostRange.min} to ${passwordHashCostRange.max}`,
    );
  }
  cost = { N: 2 ** log2N, r: blockSize, p: parallelism };
}
const keyLength = 64;
const saltLength = 16;
// Bounds for hashes read back from storage, so a corrupted row cannot make a login allocate gigabytes.
const maxCost = 1 << 20;

/** How many password hashes run at once, and how many more may wait, in one process. */
export interface HashingLimits {
  running: number;
  waiting: number;
}

/**
 * Two at once leave the other threads of Node's pool (four unless `UV_THREADPOOL_SIZE` says
 * otherwise) to reading files and compressing; sixteen waiting is about four seconds of hashing
 * at the default cost (half a second each, two at a time).
 */
export const defaultHashingLimits: HashingLimits = { running: 2, waiting: 16 };

export const hashingBusyMessage = 'The server is busy checking passwords. Please try again in a moment.';
/** Seconds a refused caller is told to wait: the queue drains in well under that. */
export const hashingBusyRetryAfterSeconds = 1;

/**
 * A bounded queue in front of password hashing. scrypt runs on Node's thread pool, which also reads
 * the files the server hosts and compresses large replies: a flood of sign-ins or password changes
 * would otherwise fill the pool, and everyone's pages and sign-ins would wait behind it. At most
 * `running` hashes run at once and `waiting` more wait their turn (first come, first served);
 * beyond that a hash is refused at once with 503 and `Retry-After`, before any work is done.
 */
export class HashingQueue {
  private active = 0;
  private readonly queue: Array<() => void> = [];

  constructor(private limits: HashingLimits = defaultHashingLimits) {}

  configure(limits: HashingLimits): void {
    this.limits = limits;
  }

  /** Hashes running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.active, waiting: this.queue.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active < this.limits.running) this.active += 1;
    else if (this.queue.length < this.limits.waiting) await new Promise<void>((resolve) => this.queue.push(resolve));
    else {
      throw new HttpError(503, hashingBusyMessage, undefined, { 'retry-after': String(hashingBusyRetryAfterSeconds) });
    }
    try {
      return await work();
    } finally {
      // The place passes to the next in line, or is given back.
      const next = this.queue.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

/** The process's queue; the app sets its limits from the configuration. */
export const hashingQueue = new HashingQueue();

// NFKC so the same password typed on different systems (composed or decomposed accents) matches.
function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  // scrypt needs 128 · N · r bytes; twice that leaves room for its other buffers.
  const maxmem = 128 * (options.N ?? cost.N) * (options.r ?? cost.r) * 2;
  return hashingQueue.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, length, { ...options, maxmem }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (base64url), so the parameters can change later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, cost, keyLength);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface StoredHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

/** A stored hash's parts, or null when it is malformed or would cost too much to check. */
function readHash(stored: string): StoredHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (!N || !r || !p || !Number.isInteger(N) || N > maxCost || (N & (N - 1)) !== 0 || r > 32 || p > 16) {
    return null;
  }
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const key = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length === 0 || key.length < 16) return null;
  return { N, r, p, salt, key };
}

/** Checks a password against a stored hash in constant time; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const hash = readHash(stored);
  if (!hash) return false;
  const actual = await derive(password, hash.salt, { N: hash.N, r: hash.r, p: hash.p }, hash.key.length);
  return timingSafeEqual(actual, hash.key);
}

/**
 * Whether a stored hash is weaker than the hashes made now (a smaller N, another r or p, a shorter
 * key): it is replaced at the account's next successful sign-in, when the password is at hand.
 */
export function needsRehash(stored: string): boolean {
  const hash = readHash(stored);
  if (!hash) return false;
  return hash.N < cost.N || hash.r !== cost.r || hash.p !== cost.p || hash.key.length < keyLength;
}
