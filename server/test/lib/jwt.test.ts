import { createHmac } from 'node:crypto';
import { signJwt, verifyJwt, type JwtClaims } from '../../src/lib/jwt';
import { ACCESS_TOKEN_TTL_SECONDS, createTokenService, verifiedTokenCacheSize } from '../../src/lib/tokens';

const secret = 'unit-test-secret-unit-test-secret-unit';
const now = 1_800_000_000;
const claims: JwtClaims = { sub: 'user-1', role: 'admin', kind: 'account', iat: now, exp: now + 60 };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const hmac = (input: string, key = secret) => createHmac('sha256', key).update(input).digest('base64url');

describe('HS256 tokens', () => {
  it('round-trips its own tokens', () => {
    expect(verifyJwt(signJwt(claims, secret), secret, now)).toEqual({ ok: true, claims });
  });

  it('refuses expired tokens, at the second of expiry', () => {
    const token = signJwt(claims, secret);
    expect(verifyJwt(token, secret, now + 59).ok).toBe(true);
    expect(verifyJwt(token, secret, now + 60)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses any header but HS256', () => {
    const headers = [
      { alg: 'none' },
      { alg: 'HS512', typ: 'JWT' },
      { alg: 'hs256' },
      { alg: 'HS256', typ: 'JWS' },
      { alg: 'HS256', kid: '../key' },
      {},
    ];
    for (const header of headers) {
      const input = `${b64(header)}.${b64(claims)}`;
      expect(verifyJwt(`${input}.${hmac(input)}`, secret, now)).toEqual({ ok: false, reason: 'algorithm' });
    }
  });

  it('accepts a minimal HS256 header without typ', () => {
    const input = `${b64({ alg: 'HS256' })}.${b64(claims)}`;
    expect(verifyJwt(`${input}.${hmac(input)}`, secret, now).ok).toBe(true);
  });

  it('refuses bad signatures, other secrets and non-canonical encodings', () => {
    const token = signJwt(claims, secret);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expect(verifyJwt(`${header}.${payload}.`, secret, now).ok).toBe(false);
    expect(verifyJwt(`${header}.${payload}.${signature.slice(0, -2)}`, secret, now).ok).toBe(false);
    expect(verifyJwt(token, `${secret}x`, now)).toEqual({ ok: false, reason: 'signature' });
    expect(verifyJwt(`${header}.${payload}.${signature}=`, secret, now).ok).toBe(false);
    expect(verifyJwt(`${header}.${b64({ ...claims, sub: 'user-2' })}.${signature}`, secret, now)).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it('refuses malformed tokens', () => {
    for (const token of ['', 'abc', 'a.b', 'a.b.c.d', '!!!.???.***', `${b64('text')}.${b64(claims)}.sig`]) {
      expect(verifyJwt(token, secret, now).ok).toBe(false);
    }
  });

  it('refuses signed tokens with missing or wrong claims', () => {
    const bad = [
      { ...claims, sub: '' },
      { ...claims, role: 'root' },
      { ...claims, kind: 'service' },
      { ...claims, exp: String(now + 60) },
      { sub: 'user-1', role: 'admin', kind: 'account', iat: now },
    ];
    for (const payload of bad) {
      const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
      expect(verifyJwt(`${input}.${hmac(input)}`, secret, now)).toEqual({ ok: false, reason: 'claims' });
    }
  });

  it('issues account tokens of a session, valid for eight hours', () => {
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(8 * 60 * 60);
    let clock = now * 1000;
    const tokens = createTokenService(secret, () => clock);
    const token = tokens.issueAccountToken({ id: 'user-1', role: 'superadmin' }, 'session-1');
    const result = tokens.verify(token);
    expect(result).toEqual({
      ok: true,
      claims: {
        sub: 'user-1',
        role: 'superadmin',
        kind: 'account',
        sid: 'session-1',
        iat: now,
        exp: now + ACCESS_TOKEN_TTL_SECONDS,
      },
    });
    clock += ACCESS_TOKEN_TTL_SECONDS * 1000;
    expect(tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('issues participant tokens that say so', () => {
    const tokens = createTokenService(secret);
    const result = tokens.verify(tokens.issueParticipantToken('participant-9'));
    expect(result.ok && result.claims).toMatchObject({ sub: 'participant-9', kind: 'participant', role: 'user' });
  });

  it('remembers verified tokens without ever accepting one that did not verify', () => {
    let clock = now * 1000;
    const tokens = createTokenService(secret, () => clock);
    const token = tokens.issueParticipantToken('participant-1');
    expect(tokens.verify(token).ok).toBe(true);
    expect(tokens.verify(token).ok).toBe(true);
    // A changed signature, or the same claims signed with another secret, are still refused.
    expect(tokens.verify(`${token.slice(0, -2)}AA`).ok).toBe(false);
    expect(tokens.verify(createTokenService(`${secret}x`, () => clock).issueParticipantToken('participant-1')).ok).toBe(
      false,
    );
    // Beyond the remembered number the oldest is forgotten, and verifies again from scratch.
    for (let i = 0; i < verifiedTokenCacheSize; i++)
      tokens.verify(tokens.issueAccountToken({ id: `user-${i}`, role: 'user' }, `session-${i}`));
    expect(tokens.verify(token).ok).toBe(true);
    clock += ACCESS_TOKEN_TTL_SECONDS * 1000;
    expect(tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('never takes a remembered signature for another token that carries it', () => {
    const tokens = createTokenService(secret);
    const token = tokens.issueParticipantToken('participant-1', 'session-1');
    expect(tokens.verify(token).ok).toBe(true);
    const [header, , signature] = token.split('.');
    // The remembered signature on other claims (another participant, an account) is refused.
    for (const claims of [
      { sub: 'participant-2', role: 'user', kind: 'participant', sid: 'session-1' },
      { sub: 'participant-1', role: 'superadmin', kind: 'account', sid: 'session-1' },
    ]) {
      const payload = Buffer.from(JSON.stringify({ ...claims, iat: now, exp: now + 60 })).toString('base64url');
      expect(tokens.verify(`${header}.${payload}.${signature}`)).toEqual({ ok: false, reason: 'signature' });
    }
    // And the token itself is still remembered and accepted.
    expect(tokens.verify(token).ok).toBe(true);
  });
});
