import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import type {
  MessageResponse,
  RecoveryCodesResponse,
  SecondFactorDisableBody,
  SecondFactorRequirement,
  SecondFactorSetupResponse,
  SecondFactorStatusResponse,
} from '@prometrica/shared-api/contract';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Executor } from '../../db/types';
import { badRequest, conflict, forbidden, HttpError } from '../../lib/http-errors';
import { verifyPassword } from '../../lib/password';
import { findSetting, upsertSetting } from '../settings/service';
import { findUserByEmail, type Account } from '../users/service';
import {
  claimStep,
  countUnusedRecoveryCodes,
  deleteSecondFactor,
  enableSecondFactor,
  findSecondFactor,
  releaseEnrolOnlySessions,
  replaceRecoveryCodes,
  setEnrolOnlySessions,
  upsertPendingSecondFactor,
  useRecoveryCode,
} from './repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Keys derived from the token signing secret for the second factor (see `deriveSecondFactorKeys`). */
    secondFactorKeys: SecondFactorKeys;
  }
}

/** The issuer the authenticator app shows next to the account's email. */
export const totpIssuer = 'Prometrica';
/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30 seconds; a code one step early or late is accepted. */
const totpSettings = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
const totpWindow = 1;
export const recoveryCodeCount = 10;
/** How long the password step's challenge is good for. */
export const challengeTtlSeconds = 5 * 60;
const requirementKey = 'second_factor_required_for_admins';

export const wrongCodeMessage = 'The code is not right. Check the time on your device and try again.';
export const wrongRecoveryCodeMessage = 'The recovery code is not right, or it was used already.';
export const challengeExpiredMessage = 'The sign-in took too long. Please sign in again.';
export const alreadyEnabledMessage = 'Two-factor authentication is already on';
export const notStartedMessage = 'Start the set-up of two-factor authentication first';
export const notEnabledMessage = 'Two-factor authentication is not on';
export const requiredMessage = 'The superadmin requires two-factor authentication of admins: it cannot be turned off';
export const wrongPasswordMessage = 'Password is incorrect';

/** AES-256-GCM key for the stored secrets, HMAC key for the sign-in challenges. */
export interface SecondFactorKeys {
  encryption: Buffer;
  challenge: Buffer;
}

/**
 * Keys for the second factor, derived (HKDF-SHA256) from the token signing secret, so the
 * authenticator secrets in the database are unreadable without it (a copy of the database alone,
 * a backup, does not hold it on SQLite, nor on PostgreSQL when `JWT_SECRET` is set).
 */
export function deriveSecondFactorKeys(signingSecret: string): SecondFactorKeys {
  const key = (info: string) => Buffer.from(hkdfSync('sha256', signingSecret, 'prometrica second factor', info, 32));
  return { encryption: key('totp secret encryption'), challenge: key('sign-in challenge') };
}

export function encryptSecret(keys: SecondFactorKeys, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.encryption, iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret, or null when it cannot be read (the signing secret changed since it was stored). */
export function decryptSecret(keys: SecondFactorKeys, stored: string): string | null {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keys.encryption, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

const totpOf = (secret: string, label = '') =>
  new TOTP({ ...totpSettings, issuer: totpIssuer, label, secret: Secret.fromBase32(secret) });

/** The time step a code is right for (now, one before or one after), or null. */
function stepOfCode(secret: string, code: string, now: number): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: totpWindow });
  return delta === null ? null : Math.floor(now / 1000 / totpSettings.period) + delta;
}

/** The current code of a secret (tests play the authenticator app with it). */
export function currentCode(secret: string, now = Date.now()): string {
  return totpOf(secret).generate({ timestamp: now });
}

// Recovery codes: 10 characters of base32's lower-case alphabet (50 bits), shown as `abcde-fghij`.
const recoveryAlphabet = 'abcdefghijklmnopqrstuvwxyz234567';
const hashRecoveryCode = (code: string) =>
  createHash('sha256')
    .update(code.replace(/[\s-]+/g, '').toLowerCase())
    .digest('base64url');

function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () => {
    const text = [...randomBytes(10)].map((byte) => recoveryAlphabet[byte % 32]).join('');
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

/** A challenge for the code: the account and an expiry, signed; proof that the password was right. */
export function issueChallenge(keys: SecondFactorKeys, user: { id: string; email: string }, now = Date.now()): string {
  const claims = { sub: user.id, email: user.email, exp: Math.floor(now / 1000) + challengeTtlSeconds };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${createHmac('sha256', keys.challenge).update(payload).digest('base64url')}`;
}

/** The account a challenge was issued to; 401 for a forged or expired one. */
export function readChallenge(
  keys: SecondFactorKeys,
  challenge: string,
  now = Date.now(),
): { userId: string; email: string } {
  const [payload = '', signature = ''] = challenge.split('.');
  const expected = createHmac('sha256', keys.challenge).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new HttpError(401, challengeExpiredMessage, 'challenge');
  }
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    sub: string;
    email: string;
    exp: number;
  };
  if (claims.exp <= Math.floor(now / 1000)) throw new HttpError(401, challengeExpiredMessage, 'challenge');
  return { userId: claims.sub, email: claims.email };
}

/** Whether sign-in asks this account for a code. */
export async function hasSecondFactor(db: Executor, userId: string): Promise<boolean> {
  return Boolean((await findSecondFactor(db, userId))?.enabledAt);
}

/**
 * Checks a code from the authenticator app against the account's secret and takes its time step
 * (a code opens one sign-in at most); false when it is wrong or was used already.
 */
async function acceptCode(db: Executor, keys: SecondFactorKeys, userId: string, code: string, now: number) {
  const factor = await findSecondFactor(db, userId);
  const secret = factor && decryptSecret(keys, factor.secret);
  if (!secret) return false;
  const step = stepOfCode(secret, code, now);
  return step !== null && step > factor.lastStep && (await claimStep(db, userId, step));
}

/**
 * The second step of a sign-in: an authenticator code, or a recovery code (used up by it). Throws
 * 401 naming the field for a wrong one.
 */
export async function checkSignInCode(
  db: Executor,
  keys: SecondFactorKeys,
  userId: string,
  given: { code?: string | undefined; recoveryCode?: string | undefined },
  now = Date.now(),
): Promise<void> {
  if (!(await hasSecondFactor(db, userId))) throw new HttpError(401, challengeExpiredMessage, 'challenge');
  if (given.recoveryCode !== undefined) {
    const used = await useRecoveryCode(db, userId, hashRecoveryCode(given.recoveryCode), new Date(now).toISOString());
    if (!used) throw new HttpError(401, wrongRecoveryCodeMessage, 'recoveryCode');
    return;
  }
  if (!(await acceptCode(db, keys, userId, given.code ?? '', now))) throw new HttpError(401, wrongCodeMessage, 'code');
}

/** Whether the superadmin requires a second factor of admins. */
export async function isRequiredForAdmins(db: Executor): Promise<boolean> {
  return (await findSetting(db, requirementKey)) === 'on';
}

/** A sign-in of this account opens a session that may only enrol. */
export async function mustEnrol(db: Executor, user: { id: string; role: string }): Promise<boolean> {
  return user.role === 'admin' && (await isRequiredForAdmins(db)) && !(await hasSecondFactor(db, user.id));
}

/** `GET auth/second-factor`. */
export async function secondFactorStatus(
  db: Executor,
  account: Account,
  enrolOnly: boolean,
): Promise<SecondFactorStatusResponse> {
  const enabled = await hasSecondFactor(db, account.id);
  return {
    enabled,
    recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(db, account.id) : 0,
    required: account.role === 'admin' && (await isRequiredForAdmins(db)),
    enrolOnly,
  };
}

/** `POST auth/second-factor/setup`: a new secret (replacing one not confirmed yet), its URI and QR code. */
export async function startEnrolment(
  db: Executor,
  keys: SecondFactorKeys,
  account: Account,
): Promise<SecondFactorSetupResponse> {
  if (await hasSecondFactor(db, account.id)) throw conflict(alreadyEnabledMessage);
  const secret = new Secret({ size: 20 }).base32;
  await upsertPendingSecondFactor(db, account.id, encryptSecret(keys, secret), new Date().toISOString());
  const otpauthUri = totpOf(secret, account.email).toString();
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

async function issueRecoveryCodes(db: Executor, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(db, userId, codes.map(hashRecoveryCode));
  return codes;
}

/**
 * `POST auth/second-factor/confirm`: the first code from the app turns the second factor on; the
 * recovery codes come back this once, and the account's sessions that could only enrol are freed.
 */
export async function confirmEnrolment(
  db: Executor,
  keys: SecondFactorKeys,
  account: Account,
  code: string,
  now = Date.now(),
): Promise<RecoveryCodesResponse> {
  const factor = await findSecondFactor(db, account.id);
  if (!factor) throw conflict(notStartedMessage);
  if (factor.enabledAt) throw conflict(alreadyEnabledMessage);
  if (!(await acceptCode(db, keys, account.id, code, now))) throw badRequest(wrongCodeMessage, 'code');
  await enableSecondFactor(db, account.id, new Date(now).toISOString());
  const recoveryCodes = await issueRecoveryCodes(db, account.id);
  await releaseEnrolOnlySessions(db, account.id);
  return { message: 'Two-factor authentication is on', recoveryCodes };
}

/** `POST auth/second-factor/recovery-codes`: ten new codes (the old ones stop working), with a code from the app. */
export async function renewRecoveryCodes(
  db: Executor,
  keys: SecondFactorKeys,
  account: Account,
  code: string,
): Promise<RecoveryCodesResponse> {
  if (!(await hasSecondFactor(db, account.id))) throw conflict(notEnabledMessage);
  if (!(await acceptCode(db, keys, account.id, code, Date.now()))) throw badRequest(wrongCodeMessage, 'code');
  return { message: 'New recovery codes', recoveryCodes: await issueRecoveryCodes(db, account.id) };
}

/** `POST auth/second-factor/disable`: with the password and a code from the app or a recovery code. */
export async function disableSecondFactor(
  db: Executor,
  keys: SecondFactorKeys,
  account: Account,
  body: SecondFactorDisableBody,
): Promise<MessageResponse> {
  if (!(await hasSecondFactor(db, account.id))) throw conflict(notEnabledMessage);
  if (account.role === 'admin' && (await isRequiredForAdmins(db))) throw forbidden(requiredMessage);
  const user = await findUserByEmail(db, account.email);
  if (!user || !(await verifyPassword(body.password, user.passwordHash)))
    throw badRequest(wrongPasswordMessage, 'password');
  const code = body.code.replace(/\s+/g, '');
  const right = /^\d{6}$/.test(code)
    ? await acceptCode(db, keys, account.id, code, Date.now())
    : await useRecoveryCode(db, account.id, hashRecoveryCode(code), new Date().toISOString());
  if (!right) throw badRequest(wrongCodeMessage, 'code');
  await deleteSecondFactor(db, account.id);
  return { message: 'Two-factor authentication is off' };
}

/** `GET admin/second-factor-requirement`. */
export async function readRequirement(db: Executor): Promise<SecondFactorRequirement> {
  return { required: await isRequiredForAdmins(db) };
}

/**
 * `PUT admin/second-factor-requirement`: on, the open sessions of admins without a second factor
 * may only enrol from their next call; off, every session may do anything again.
 */
export async function setRequirement(db: Executor, body: SecondFactorRequirement): Promise<SecondFactorRequirement> {
  await upsertSetting(db, requirementKey, body.required ? 'on' : 'off');
  await setEnrolOnlySessions(db, body.required);
  return body;
}
