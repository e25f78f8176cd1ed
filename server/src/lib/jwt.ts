import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a verified token may carry; anything else is rejected. */
export interface JwtClaims {
  sub: string;
  role: 'user' | 'admin' | 'superadmin';
  kind: 'account' | 'participant';
  /**
   * Participant tokens: the browser session the token belongs to. A participant's stored answers
   * are readable only with the session that submitted them (knowing an email is not enough).
   * Account tokens: the signed-in session (`account_sessions`); ending it refuses the token.
   */
  sid?: string;
  iat: number;
  exp: number;
}

/** Why a token was refused: the caller answers 401 either way, but may word it differently. */
export type JwtFailure = 'malformed' | 'algorithm' | 'signature' | 'claims' | 'expired';

export type JwtResult = { ok: true; claims: JwtClaims } | { ok: false; reason: JwtFailure };

const encodedHeader = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const segment = /^[A-Za-z0-9_-]+$/;
const roles = new Set(['user', 'admin', 'superadmin']);
const kinds = new Set(['account', 'participant']);

function sign(input: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

// Buffer's base64url decoder is lenient; re-encoding rejects alternative spellings of one token.
function decodeSegment(value: string): Buffer | null {
  if (!segment.test(value)) return null;
  const bytes = Buffer.from(value, 'base64url');
  return bytes.toString('base64url') === value ? bytes : null;
}

function decodeJson(value: string): unknown {
  const bytes = decodeSegment(value);
  if (!bytes) return null;
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Signs claims as a compact HS256 JWT. */
export function signJwt(claims: JwtClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const input = `${encodedHeader}.${payload}`;
  return `${input}.${sign(input, secret).toString('base64url')}`;
}

/**
 * Verifies a compact JWT: the header must say exactly HS256 (so `none` and algorithm
 * confusion are refused), the signature must match, and `exp` must lie in the future.
 */
export function verifyJwt(token: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): JwtResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];

  const header = decodeJson(headerPart);
  if (!isObject(header)) return { ok: false, reason: 'malformed' };
  const headerKeys = Object.keys(header);
  if (
    header.alg !== 'HS256' ||
    headerKeys.some((key) => key !== 'alg' && key !== 'typ') ||
    (header.typ !== undefined && header.typ !== 'JWT')
  ) {
    return { ok: false, reason: 'algorithm' };
  }

  const signature = decodeSegment(signaturePart);
  const expected = sign(`${headerPart}.${payloadPart}`, secret);
  if (!signature || signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
    return { ok: false, reason: 'signature' };
  }

  const payload = decodeJson(payloadPart);
  if (
    !isObject(payload) ||
    typeof payload.sub !== 'string' ||
    payload.sub.length === 0 ||
    typeof payload.role !== 'string' ||
    !roles.has(payload.role) ||
    typeof payload.kind !== 'string' ||
    !kinds.has(payload.kind) ||
    !Number.isInteger(payload.iat) ||
    !Number.isInteger(payload.exp) ||
    (payload.sid !== undefined &&
      (typeof payload.sid !== 'string' || payload.sid.length === 0 || payload.sid.length > 64))
  ) {
    return { ok: false, reason: 'claims' };
  }
  const claims = payload as unknown as JwtClaims;
  if (claims.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
