import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Executor } from '../../db/types';
import { HttpError } from '../../lib/http-errors';
import { normalizeEmail } from '../../lib/email';
import { clearAttempts, countAttempt, deleteEndedWindows, uncountAttempt } from './repository';

/** How long a counting window lasts. */
export const rateLimitWindowMs = 15 * 60 * 1000;
export const tooManyAttemptsMessage = 'Too many attempts. Please wait 15 minutes and try again.';

/**
 * The limits, each per 15-minute window. Signing in counts failures: a sixth attempt after five
 * wrong passwords is refused, even with the right password, whether the five came from one address
 * or were made against one email. Entering details (participants) counts every request: an address
 * is shared by a whole classroom behind one NAT, so it gets room for a class of 100 entering their
 * details three times; one email is one person, who never needs ten.
 */
export const rateLimits = {
  loginFailuresPerAddress: 5,
  loginFailuresPerEmail: 5,
  /**
   * Changing a password checks the current one: the same five wrong ones per address or per account
   * as signing in, so a stolen session cannot be used to guess the password behind it.
   */
  passwordChangeFailuresPerAddress: 5,
  passwordChangeFailuresPerAccount: 5,
  /** A resume code is a secret like a password: the same five wrong codes per address or per email. */
  resumeFailuresPerAddress: 5,
  resumeFailuresPerEmail: 5,
  /** A code of the second factor (sign-in, or managing it): five wrong ones per address or per account. */
  secondFactorFailuresPerAddress: 5,
  secondFactorFailuresPerAccount: 5,
  /**
   * Opening invitation links, every call counted: a class of 100 behind one NAT opening their links
   * on a device or two, and again after a reload, stays well inside it; a link's token is 256 random
   * bits, so the limit bounds work, not guessing.
   */
  invitationOpensPerAddress: 300,
  /** Opening report links (the copy or its PDF), every call counted: the same reasoning as invitation links. */
  reportOpensPerAddress: 300,
  detailsPerAddress: 300,
  detailsPerEmail: 10,
  /**
   * Signing the consent, every call counted: each participant signs once, so an address gets what
   * it gets for entering details (a class of 100 behind one NAT, three tries each). Beyond the
   * participants it can create, an address gains nothing from more calls: each is a PNG check and a
   * 409, and this bounds that work.
   */
  consentsPerAddress: 300,
} as const;

// Ended windows are deleted at most this often per process (any process may do it).
const pruneIntervalMs = 60 * 1000;

/** 429 with `Retry-After`: the seconds until the window that refused the attempt ends. */
export function tooManyAttempts(retryAfterSeconds: number): HttpError {
  return new HttpError(429, tooManyAttemptsMessage, undefined, { 'retry-after': String(retryAfterSeconds) });
}

/**
 * The key a client address is counted under: an IPv4 address as it is (an IPv4-mapped IPv6 address
 * as its IPv4), an IPv6 address by its /64, the block one household or network is given; counting
 * single IPv6 addresses would let one client rotate through billions of them.
 */
export function addressKey(ip: string | undefined): string {
  const address = (ip ?? '').split('%', 1)[0]!.toLowerCase();
  if (isIPv4(address) || !isIPv6(address)) return address.slice(0, 64) || 'unknown';
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address;
  let tail: number[] = [];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    tail = [(a << 8) | b, (c << 8) | d];
    text = text.slice(0, -dotted[0].length);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const groupsOf = (part: string | undefined) =>
    part ? part.split(':').map((group) => Number.parseInt(group, 16)) : [];
  const [head, rest] = text.split('::');
  const left = groupsOf(head);
  if (rest === undefined) return [...left, ...tail];
  const right = [...groupsOf(rest), ...tail];
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The key an email is counted under: a hash, so the table never lists what people typed. */
export const emailKey = (email: string) => createHash('sha256').update(normalizeEmail(email)).digest('base64url');

/** A sign-in attempt that was let through; tell the limiter when the password was right. */
export interface LoginAttempt {
  /** The password was right: the email's failures are forgotten and this attempt is not one. */
  succeeded(): Promise<void>;
  /** The password could not be checked (the server was busy): the attempt is taken back, it guessed nothing. */
  notChecked(): Promise<void>;
}

/**
 * Runs the check of an attempt's secret; when the server was too busy to check it (503, the queue
 * in front of password hashing was full), the attempt is taken back: it guessed nothing.
 */
export async function checkSecret<T>(attempt: LoginAttempt, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 503) await attempt.notChecked();
    throw error;
  }
}

/**
 * Runs `check` as an attempt with a secret: counted before (`started`), taken back when it
 * succeeds or could not be checked; a failure stays counted.
 */
export async function asSecretAttempt<T>(started: Promise<LoginAttempt>, check: () => Promise<T>): Promise<T> {
  const attempt = await started;
  const result = await checkSecret(attempt, check);
  await attempt.succeeded();
  return result;
}

/** The sign-in and details limits, counted in the database. */
export interface RateLimiter {
  /**
   * Counts a sign-in attempt before the password is checked (so parallel guesses cannot slip
   * past the count); 429 when the address or the email already had its share of failures.
   */
  startLogin(address: string | undefined, email: string): Promise<LoginAttempt>;
  /** The same for a resume code (`POST auth/resume`): counted before the code is checked. */
  startResume(address: string | undefined, email: string): Promise<LoginAttempt>;
  /**
   * The same for the current password of a password change (`POST user/change-password`), counted
   * per address and per account (`accountId`).
   */
  startPasswordChange(address: string | undefined, accountId: string): Promise<LoginAttempt>;
  /**
   * The same for a code of the second factor (sign-in's second step, turning it on or off, new
   * recovery codes), counted per address and per account.
   */
  startSecondFactor(address: string | undefined, accountId: string): Promise<LoginAttempt>;
  /** Counts an invitation link opened; 429 beyond the address's share. */
  countInvitationOpen(address: string | undefined): Promise<void>;
  /** Counts a report link opened (the copy or its PDF); 429 beyond the address's share. */
  countReportOpen(address: string | undefined): Promise<void>;
  /** Counts a participant entering their details; 429 beyond the address's or the email's share. */
  countDetails(address: string | undefined, email: string): Promise<void>;
  /** Counts a consent sent; 429 beyond the address's share. */
  countConsent(address: string | undefined): Promise<void>;
}

/** Builds the limiter; `now` is injectable so tests can move time past a window. */
export function createRateLimiter(db: Executor, now: () => number = Date.now): RateLimiter {
  let lastPrune = Number.NEGATIVE_INFINITY;

  const count = async (kind: string, key: string, limit: number) => {
    const at = now();
    const cutoff = new Date(at - rateLimitWindowMs).toISOString();
    if (at - lastPrune >= pruneIntervalMs) {
      lastPrune = at;
      await deleteEndedWindows(db, cutoff);
    }
    const counted = await countAttempt(db, kind, key, new Date(at).toISOString(), cutoff);
    const windowEnds = Date.parse(counted.windowStartedAt) + rateLimitWindowMs;
    return {
      allowed: counted.attempts <= limit,
      retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - at) / 1000)),
      uncount: () => uncountAttempt(db, kind, key, counted.windowStartedAt),
    };
  };

  /**
   * An attempt with a secret (a password, a resume code), counted before the secret is checked so
   * parallel guesses cannot slip past the count; a right secret takes the attempt back and forgets
   * the email's failures.
   */
  const startSecretAttempt = async (
    ip: string | undefined,
    personKey: string,
    limits: { addressKind: string; emailKind: string; perAddress: number; perEmail: number },
  ): Promise<LoginAttempt> => {
    const address = await count(limits.addressKind, addressKey(ip), limits.perAddress);
    if (!address.allowed) throw tooManyAttempts(address.retryAfterSeconds);
    const person = await count(limits.emailKind, personKey, limits.perEmail);
    if (!person.allowed) {
      // Refused without a check of the secret, so it is no guess from this address.
      await address.uncount();
      throw tooManyAttempts(person.retryAfterSeconds);
    }
    return {
      async succeeded() {
        await clearAttempts(db, limits.emailKind, personKey);
        await address.uncount();
      },
      async notChecked() {
        await Promise.all([address.uncount(), person.uncount()]);
      },
    };
  };

  return {
    startLogin: (ip, email) =>
      startSecretAttempt(ip, emailKey(email), {
        addressKind: 'login-address',
        emailKind: 'login-email',
        perAddress: rateLimits.loginFailuresPerAddress,
        perEmail: rateLimits.loginFailuresPerEmail,
      }),

    startResume: (ip, email) =>
      startSecretAttempt(ip, emailKey(email), {
        addressKind: 'resume-address',
        emailKind: 'resume-email',
        perAddress: rateLimits.resumeFailuresPerAddress,
        perEmail: rateLimits.resumeFailuresPerEmail,
      }),

    // An account id is no personal data: it is counted as it is.
    startPasswordChange: (ip, accountId) =>
      startSecretAttempt(ip, accountId, {
        addressKind: 'password-change-address',
        emailKind: 'password-change-account',
        perAddress: rateLimits.passwordChangeFailuresPerAddress,
        perEmail: rateLimits.passwordChangeFailuresPerAccount,
      }),

    startSecondFactor: (ip, accountId) =>
      startSecretAttempt(ip, accountId, {
        addressKind: 'second-factor-address',
        emailKind: 'second-factor-account',
        perAddress: rateLimits.secondFactorFailuresPerAddress,
        perEmail: rateLimits.secondFactorFailuresPerAccount,
      }),

    async countInvitationOpen(ip) {
      const address = await count('invitation-open-address', addressKey(ip), rateLimits.invitationOpensPerAddress);
      if (!address.allowed) throw tooManyAttempts(address.retryAfterSeconds);
    },

    async countReportOpen(ip) {
      const address = await count('report-open-address', addressKey(ip), rateLimits.reportOpensPerAddress);
      if (!address.allowed) throw tooManyAttempts(address.retryAfterSeconds);
    },

    async countDetails(ip, email) {
      const address = await count('details-address', addressKey(ip), rateLimits.detailsPerAddress);
      if (!address.allowed) throw tooManyAttempts(address.retryAfterSeconds);
      const person = await count('details-email', emailKey(email), rateLimits.detailsPerEmail);
      if (!person.allowed) throw tooManyAttempts(person.retryAfterSeconds);
    },

    async countConsent(ip) {
      const address = await count('consent-address', addressKey(ip), rateLimits.consentsPerAddress);
      if (!address.allowed) throw tooManyAttempts(address.retryAfterSeconds);
    },
  };
}
