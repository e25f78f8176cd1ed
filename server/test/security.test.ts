import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { agreementBodyLimitBytes } from '../src/modules/agreements/routes';
import { signJwt, type JwtClaims } from '../src/lib/jwt';
import { ACCESS_TOKEN_TTL_SECONDS } from '../src/lib/tokens';
import { call, newParticipant, type Method } from './helpers/api';
import { build, testJwtSecret, type TestApp } from './helpers/build';
import { png, signaturePng } from './helpers/png';
import { loginAs, quickPassword, quickUser } from './helpers/users';

let subject: TestApp;
let app: FastifyInstance;
let admin: { id: string; token: string };
let participant: { id: string; token: string; sid: string };

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as JwtClaims;

beforeAll(async () => {
  subject = await build({ JWT_SECRET: testJwtSecret });
  app = subject.app;
  const account = await quickUser(app, { role: 'superadmin' });
  admin = { id: account.id, token: await loginAs(app, account.email, quickPassword) };
  const entered = await newParticipant(app, { consent: false });
  participant = { id: entered.id, token: entered.token, sid: claimsOf(entered.token).sid! };
});
afterAll(() => subject.close());

/** Signs `header.payload` with HMAC `hash` (what a forger holding some key would do). */
const hmacToken = (header: object, claims: object, hash: string, secret = testJwtSecret) => {
  const input = `${base64url(header)}.${base64url(claims)}`;
  return `${input}.${createHmac(hash, secret).update(input).digest('base64url')}`;
};

/** Tokens that must all be refused, made for the holder of `valid` (whose claims they start from). */
function forgeries(valid: string): Array<[label: string, token: string]> {
  const claims = claimsOf(valid);
  const [header, payload, signature] = valid.split('.') as [string, string, string];
  const fresh = { ...claims, iat: nowSeconds(), exp: nowSeconds() + 3600 };
  // One character in the middle changed (always to a different one).
  const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
  return [
    [
      'expired an hour ago',
      signJwt(
        { ...claims, iat: nowSeconds() - ACCESS_TOKEN_TTL_SECONDS - 3600, exp: nowSeconds() - 3600 },
        testJwtSecret,
      ),
    ],
    ['expiring this second', signJwt({ ...claims, exp: nowSeconds() }, testJwtSecret)],
    [
      'claims changed after signing',
      `${header}.${base64url({ ...claims, role: 'superadmin', sub: `${claims.sub}x` })}.${signature}`,
    ],
    ['expiry extended after signing', `${header}.${base64url({ ...claims, exp: claims.exp + 86400 })}.${signature}`],
    ['signature altered', `${header}.${payload}.${flipped}`],
    ['signature removed', `${header}.${payload}.`],
    ['alg none without a signature', `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(fresh)}.`],
    ['alg none with a signature', `${base64url({ alg: 'none' })}.${base64url(fresh)}.${signature}`],
    ['alg "None"', `${base64url({ alg: 'None', typ: 'JWT' })}.${base64url(fresh)}.`],
    ['HS512 with the right secret', hmacToken({ alg: 'HS512', typ: 'JWT' }, fresh, 'sha512')],
    ['HS384 with the right secret', hmacToken({ alg: 'HS384', typ: 'JWT' }, fresh, 'sha384')],
    ['RS256 header over an HMAC of the secret', hmacToken({ alg: 'RS256', typ: 'JWT' }, fresh, 'sha256')],
    ['ES256 header', hmacToken({ alg: 'ES256', typ: 'JWT' }, fresh, 'sha256')],
    ['signed with another secret', signJwt(fresh, 'another-secret-that-is-long-enough-to-use-0123')],
    ['an extra kid header', hmacToken({ alg: 'HS256', typ: 'JWT', kid: '../../etc/passwd' }, fresh, 'sha256')],
    ['a jku header', hmacToken({ alg: 'HS256', jku: 'https://attacker.example/keys' }, fresh, 'sha256')],
    ['no expiry', hmacToken({ alg: 'HS256', typ: 'JWT' }, { ...fresh, exp: undefined }, 'sha256')],
    ['a fractional expiry', hmacToken({ alg: 'HS256', typ: 'JWT' }, { ...fresh, exp: fresh.exp + 0.5 }, 'sha256')],
    [
      'an unknown role',
      hmacToken(
        { alg: 'HS256', typ: 'JWT' },
        { ...fresh, role: 'root' },
        'sha256',
        'wrong-secret-wrong-secret-wrong-secret',
      ),
    ],
    ['four segments', `${valid}.${signature}`],
    ['padded base64', `${header}=.${payload}.${signature}`],
  ];
}

// Every row has three cells: jest reads a missing one as a `done` callback to wait for.
const accountRoutes: Array<[Method, string, unknown]> = [
  ['GET', '/api/auth/checkauth', undefined],
  ['GET', '/api/admin/getallusers', undefined],
  ['GET', '/api/admin/stats', undefined],
  ['POST', '/api/user/change-password', { currentPassword: quickPassword, newPassword: 'another long password' }],
  ['DELETE', '/api/category/no-such-category', undefined],
];

const participantRoutes: Array<[Method, string, unknown]> = [
  ['GET', '/api/user/getquestion', undefined],
  ['GET', '/api/user/getuserresponse', undefined],
  ['POST', '/api/useragreement/add', { imageBase64: signaturePng, date: '2025-01-31' }],
  ['POST', '/api/user/submitanswer', { answers: [{ questionId: 'q', userAnswer: 'a' }] }],
  ['GET', '/api/complaint-bother/get-all', undefined],
  ['GET', '/api/user/progress', undefined],
  ['POST', '/api/user/answer', { questionId: 'q', userAnswer: 'a', questionSetVersion: 1 }],
];

describe('access tokens', () => {
  it('last 8 hours, for accounts and participants alike', () => {
    for (const token of [admin.token, participant.token]) {
      const claims = claimsOf(token);
      expect(claims.exp - claims.iat).toBe(8 * 60 * 60);
      expect(Math.abs(claims.iat - nowSeconds())).toBeLessThan(120);
    }
  });

  it('open the routes of their kind (the checks below refuse only the forgeries)', async () => {
    for (const [method, url] of accountRoutes.filter(([method]) => method === 'GET')) {
      expect((await call(app, method, url, { token: admin.token })).statusCode).toBe(200);
    }
    for (const [method, url] of participantRoutes.filter(([method]) => method === 'GET')) {
      expect((await call(app, method, url, { token: participant.token })).statusCode).toBe(200);
    }
  });

  /** Each forgery of a valid token is refused with 401 (and, where given, a message that fits). */
  async function expectForgeriesRefused(
    valid: string,
    [method, url, payload]: [Method, string, unknown],
    message?: RegExp,
  ) {
    for (const [label, token] of forgeries(valid)) {
      const response = await call(app, method, url, { token, payload });
      expect({ label, status: response.statusCode }).toEqual({ label, status: 401 });
      if (message) expect(response.json().message).toMatch(message);
    }
  }

  it.each(accountRoutes)(
    '%s %s refuses expired, tampered, unsigned and foreign-algorithm account tokens with 401',
    (...route) =>
      expectForgeriesRefused(admin.token, route, /^(Invalid token|Your session has expired\. Please log in again\.)$/),
  );

  it.each(participantRoutes)(
    '%s %s refuses expired, tampered, unsigned and foreign-algorithm participant tokens with 401',
    (...route) => expectForgeriesRefused(participant.token, route),
  );

  it('says the session expired (not that the token is invalid) when only the time ran out', async () => {
    const expired = (token: string) => signJwt({ ...claimsOf(token), exp: nowSeconds() - 1 }, testJwtSecret);
    const account = await call(app, 'GET', '/api/auth/checkauth', { token: expired(admin.token) });
    expect(account.json()).toEqual({ message: 'Your session has expired. Please log in again.' });
    const person = await call(app, 'GET', '/api/user/getquestion', { token: expired(participant.token) });
    expect(person.json()).toEqual({ message: 'Your session has expired. Please log in again.' });
  });

  it('refuses a participant token re-signed for another participant without the secret', async () => {
    const other = await newParticipant(app);
    const forged = hmacToken(
      { alg: 'HS256', typ: 'JWT' },
      { ...claimsOf(participant.token), sub: other.id },
      'sha256',
      'guessed-secret-guessed-secret-guessed',
    );
    expect((await call(app, 'GET', '/api/user/getuserresponse', { token: forged })).statusCode).toBe(401);
  });

  it('refuses missing, empty and non-bearer authorization headers with 401', async () => {
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      'Basic YTpi',
      `Token ${admin.token}`,
      `Bearer ${admin.token} extra`,
      'Bearer ....',
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/admin/getallusers',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect({ authorization, status: response.statusCode }).toEqual({ authorization, status: 401 });
    }
  });
});

describe('request body size', () => {
  const sign = (payload: string) =>
    app.inject({
      method: 'POST',
      url: '/api/useragreement/add',
      headers: { authorization: `Bearer ${participant.token}`, 'content-type': 'application/json' },
      payload,
    });

  it('accepts the largest signature image allowed: a PNG of 200 KB', async () => {
    const body = JSON.stringify({ imageBase64: png(1200, 400, 200 * 1024).toString('base64'), date: '2025-03-14' });
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(agreementBodyLimitBytes);
    expect((await sign(body)).statusCode).toBe(201);
  });

  it('answers 413 "Request body is too large" to a consent body over the limit, up to 1.5 MB', async () => {
    for (const bytes of [agreementBodyLimitBytes + 100, 1_400_000, 1_500_000, 1.5 * 1024 * 1024]) {
      const body = JSON.stringify({ imageBase64: 'A'.repeat(bytes - 40), date: '2025-03-14' });
      expect(Buffer.byteLength(body)).toBeGreaterThan(agreementBodyLimitBytes);
      const response = await sign(body);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: 'Request body is too large' });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
    expect(
      await app.db.selectFrom('agreements').select('id').where('participant_id', '=', participant.id).execute(),
    ).toHaveLength(1);
  });

  it('answers 413 before checking the token, so nobody streams large bodies into the server unsigned', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/useragreement/add',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ imageBase64: 'A'.repeat(1_600_000), date: '2025-03-14' }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Request body is too large' });
  });

  it('keeps the 1 MB limit on every other route', async () => {
    const response = await call(app, 'POST', '/api/admin/createuser', {
      token: admin.token,
      payload: { name: 'x'.repeat(1024 * 1024), email: 'a@example.com' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Request body is too large' });
  });
});
