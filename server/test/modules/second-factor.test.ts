import { secondFactorEnrolmentCode, secondFactorEnrolmentMessage } from '@prometrica/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { rateLimits, tooManyAttemptsMessage } from '../../src/modules/rate-limits/service';
import {
  challengeExpiredMessage,
  currentCode,
  issueChallenge,
  recoveryCodeCount,
  requiredMessage,
  wrongCodeMessage,
  wrongRecoveryCodeMessage,
} from '../../src/modules/second-factor/service';
import { appForTests, testJwtSecret } from '../helpers/build';
import { quickPassword, quickUser } from '../helpers/users';

const subject = appForTests({ env: { JWT_SECRET: testJwtSecret } });
const app = () => subject.app;

let addressCounter = 0;
/** Each test speaks from an address of its own, so the per-address limits of one do not reach another. */
const newAddress = () => `10.20.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

function send(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { token?: string; payload?: unknown; address?: string } = {},
) {
  return app().inject({
    method,
    url,
    remoteAddress: options.address ?? '10.99.0.1',
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
  });
}

/** A step the account's codes have not used yet: the authenticator's code of a step after those used. */
async function forgetUsedSteps(target: FastifyInstance, userId: string) {
  await target.db.updateTable('account_second_factors').set({ last_step: 0 }).where('user_id', '=', userId).execute();
}

async function signIn(email: string, address = newAddress()) {
  const response = await send('POST', '/api/auth/login', { payload: { email, password: quickPassword }, address });
  expect(response.statusCode).toBe(200);
  return response.json<{
    accessToken?: string;
    challenge?: string;
    secondFactorRequired?: true;
    secondFactorEnrolmentRequired?: boolean;
  }>();
}

/** An account signed in, with the second factor turned on through the API: its secret and recovery codes. */
async function enrolled(role: 'user' | 'admin' | 'superadmin' = 'admin') {
  const account = await quickUser(app(), { role });
  const { accessToken: token } = await signIn(account.email);
  const setup = await send('POST', '/api/auth/second-factor/setup', { token: token! });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const confirm = await send('POST', '/api/auth/second-factor/confirm', {
    token: token!,
    payload: { code: currentCode(secret) },
  });
  expect(confirm.statusCode).toBe(200);
  await forgetUsedSteps(app(), account.id);
  return { account, token: token!, secret, recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

describe('turning the second factor on', () => {
  it('gives a secret, an otpauth URI and a QR code, and turns on with the first code from the app', async () => {
    const account = await quickUser(app(), { role: 'admin' });
    const { accessToken: token } = await signIn(account.email);

    const before = await send('GET', '/api/auth/second-factor', { token: token! });
    expect(before.json()).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false, enrolOnly: false });

    const setup = await send('POST', '/api/auth/second-factor/setup', { token: token! });
    expect(setup.statusCode).toBe(200);
    const body = setup.json<{ secret: string; otpauthUri: string; qrCode: string }>();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUri).toBe(
      `otpauth://totp/Prometrica:${encodeURIComponent(account.email)}?issuer=Prometrica&secret=${body.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.qrCode.split(',')[1]!, 'base64').toString('utf8')).toContain('<svg');

    // Kept encrypted: the database does not hold the secret as the app shows it.
    const row = await app()
      .db.selectFrom('account_second_factors')
      .selectAll()
      .where('user_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(body.secret);
    expect(row.enabled_at).toBeNull();

    const badFormat = await send('POST', '/api/auth/second-factor/confirm', {
      token: token!,
      payload: { code: '12ab' },
    });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().message).toBe('code: code must be the 6 digits the authenticator app shows');

    const wrong = String((Number(currentCode(body.secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const refused = await send('POST', '/api/auth/second-factor/confirm', { token: token!, payload: { code: wrong } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: wrongCodeMessage, error: 'code' });

    const confirm = await send('POST', '/api/auth/second-factor/confirm', {
      token: token!,
      payload: { code: currentCode(body.secret) },
    });
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = confirm.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(recoveryCodeCount);
    expect(new Set(recoveryCodes).size).toBe(recoveryCodeCount);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    // Stored as hashes only.
    const stored = await app()
      .db.selectFrom('account_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', account.id)
      .execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);

    const after = await send('GET', '/api/auth/second-factor', { token: token! });
    expect(after.json()).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false, enrolOnly: false });
    expect((await send('POST', '/api/auth/second-factor/setup', { token: token! })).statusCode).toBe(409);
  });
});

describe('signing in', () => {
  it('without a second factor: the password alone opens a session', async () => {
    const account = await quickUser(app(), { role: 'admin' });
    const reply = await signIn(account.email);
    expect(reply.accessToken).toEqual(expect.any(String));
    expect(reply.challenge).toBeUndefined();
  });

  it('with a second factor: the password step gives a challenge, not a session; the code completes it once', async () => {
    const { account, secret } = await enrolled();
    const address = newAddress();
    const first = await signIn(account.email, address);
    expect(first).toEqual({
      message: 'Enter the code from your authenticator app',
      secondFactorRequired: true,
      challenge: expect.any(String),
    });
    expect(first.accessToken).toBeUndefined();

    const missing = await send('POST', '/api/auth/login/second-factor', {
      address,
      payload: { challenge: first.challenge },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/code or recoveryCode is required/);

    const code = currentCode(secret);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await send('POST', '/api/auth/login/second-factor', {
      address,
      payload: { challenge: first.challenge, code: wrong },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: wrongCodeMessage, error: 'code' });

    const done = await send('POST', '/api/auth/login/second-factor', {
      address,
      payload: { challenge: first.challenge, code: `${code.slice(0, 3)} ${code.slice(3)}` },
    });
    expect(done.statusCode).toBe(200);
    const { accessToken, user } = done.json<{ accessToken: string; user: { email: string } }>();
    expect(user.email).toBe(account.email);
    expect((await send('GET', '/api/admin/getallusers', { token: accessToken })).statusCode).toBe(200);

    // The same code again (seen over a shoulder, say) opens nothing.
    const again = await send('POST', '/api/auth/login/second-factor', {
      address,
      payload: { challenge: first.challenge, code },
    });
    expect(again.statusCode).toBe(401);
  });

  it('a recovery code signs in once', async () => {
    const { account, recoveryCodes, token } = await enrolled();
    const { challenge } = await signIn(account.email);
    const recoveryCode = recoveryCodes[3]!.toUpperCase();
    const done = await send('POST', '/api/auth/login/second-factor', { payload: { challenge, recoveryCode } });
    expect(done.statusCode).toBe(200);

    const { challenge: next } = await signIn(account.email);
    const again = await send('POST', '/api/auth/login/second-factor', { payload: { challenge: next, recoveryCode } });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: wrongRecoveryCodeMessage, error: 'recoveryCode' });

    const status = await send('GET', '/api/auth/second-factor', { token });
    expect(status.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
  });

  it('refuses a forged or expired challenge', async () => {
    const { account, secret } = await enrolled();
    const keys = app().secondFactorKeys;
    const expired = issueChallenge(keys, account, Date.now() - 6 * 60 * 1000);
    const forged = `${issueChallenge(keys, account).split('.')[0]}.AAAA`;
    for (const challenge of [expired, forged, 'nonsense']) {
      const reply = await send('POST', '/api/auth/login/second-factor', {
        payload: { challenge, code: currentCode(secret) },
      });
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual({ message: challengeExpiredMessage, error: 'challenge' });
    }
  });

  it('limits wrong codes like wrong passwords: the sixth attempt gets 429, even with the right code', async () => {
    const { account, secret } = await enrolled();
    const address = newAddress();
    const { challenge } = await signIn(account.email, address);
    const wrong = String((Number(currentCode(secret)) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < rateLimits.secondFactorFailuresPerAccount; i += 1) {
      const reply = await send('POST', '/api/auth/login/second-factor', {
        address,
        payload: { challenge, code: wrong },
      });
      expect(reply.statusCode).toBe(401);
    }
    const right = await send('POST', '/api/auth/login/second-factor', {
      address: newAddress(),
      payload: { challenge, code: currentCode(secret) },
    });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(tooManyAttemptsMessage);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('managing the second factor', () => {
  it('new recovery codes replace the old ones', async () => {
    const { account, token, secret, recoveryCodes } = await enrolled('user');
    const renewed = await send('POST', '/api/auth/second-factor/recovery-codes', {
      token,
      payload: { code: currentCode(secret) },
    });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(fresh).toHaveLength(10);

    const { challenge } = await signIn(account.email);
    const old = await send('POST', '/api/auth/login/second-factor', {
      payload: { challenge, recoveryCode: recoveryCodes[0] },
    });
    expect(old.statusCode).toBe(401);
    const now = await send('POST', '/api/auth/login/second-factor', { payload: { challenge, recoveryCode: fresh[0] } });
    expect(now.statusCode).toBe(200);
  });

  it('turning it off needs the password and a code; sign-in then asks for the password only', async () => {
    const { account, token, secret } = await enrolled('user');
    const wrongPassword = await send('POST', '/api/auth/second-factor/disable', {
      token,
      payload: { password: 'not the password', code: currentCode(secret) },
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ message: 'Password is incorrect', error: 'password' });

    const noCode = await send('POST', '/api/auth/second-factor/disable', {
      token,
      payload: { password: quickPassword },
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().message).toMatch(/code is required/);

    await forgetUsedSteps(app(), account.id);
    const off = await send('POST', '/api/auth/second-factor/disable', {
      token,
      payload: { password: quickPassword, code: currentCode(secret) },
    });
    expect(off.statusCode).toBe(200);
    expect((await signIn(account.email)).accessToken).toEqual(expect.any(String));
  });
});

describe('the superadmin requires a second factor of admins', () => {
  afterEach(async () => {
    await app().db.deleteFrom('settings').where('key', '=', 'second_factor_required_for_admins').execute();
  });

  const refusedEnrolment = { message: secondFactorEnrolmentMessage, error: secondFactorEnrolmentCode };

  it('only a superadmin reads or changes the setting', async () => {
    const admin = await quickUser(app(), { role: 'admin' });
    const { accessToken } = await signIn(admin.email);
    const put = await send('PUT', '/api/admin/second-factor-requirement', {
      token: accessToken!,
      payload: { required: true },
    });
    expect(put.statusCode).toBe(403);
    const superadmin = await quickUser(app(), { role: 'superadmin' });
    const { accessToken: superToken } = await signIn(superadmin.email);
    const bad = await send('PUT', '/api/admin/second-factor-requirement', {
      token: superToken!,
      payload: { required: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/required must be true or false/);
    const read = await send('GET', '/api/admin/second-factor-requirement', { token: superToken! });
    expect(read.json()).toEqual({ required: false });
  });

  it('an admin without one may only enrol, at once and at the next sign-in, until the code confirms it', async () => {
    const superadmin = await quickUser(app(), { role: 'superadmin' });
    const { accessToken: superToken } = await signIn(superadmin.email);
    const admin = await quickUser(app(), { role: 'admin' });
    const { accessToken: before } = await signIn(admin.email);
    const user = await quickUser(app(), { role: 'user' });
    const { accessToken: userToken } = await signIn(user.email);

    const put = await send('PUT', '/api/admin/second-factor-requirement', {
      token: superToken!,
      payload: { required: true },
    });
    expect(put.json()).toEqual({ required: true });

    // Already signed in: restricted from the next call.
    const refused = await send('GET', '/api/admin/getallusers', { token: before! });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(refusedEnrolment);
    // The superadmin and other roles are not.
    expect((await send('GET', '/api/admin/getallusers', { token: superToken! })).statusCode).toBe(200);
    expect((await send('GET', '/api/auth/checkauth', { token: userToken! })).json()).not.toHaveProperty(
      'secondFactorEnrolmentRequired',
    );

    // A new sign-in says so, and the session may only enrol (and check itself, and sign out).
    const reply = await signIn(admin.email);
    expect(reply.secondFactorEnrolmentRequired).toBe(true);
    const token = reply.accessToken!;
    const check = await send('GET', '/api/auth/checkauth', { token });
    expect(check.statusCode).toBe(200);
    expect(check.json().secondFactorEnrolmentRequired).toBe(true);
    for (const [method, url] of [
      ['GET', '/api/admin/getallusers'],
      ['GET', '/api/auth/sessions'],
      ['GET', '/api/category'],
    ] as const) {
      const other = await send(method, url, { token });
      expect({ url, status: other.statusCode, body: other.json() }).toEqual({
        url,
        status: 403,
        body: refusedEnrolment,
      });
    }
    const status = await send('GET', '/api/auth/second-factor', { token });
    expect(status.json()).toEqual({ enabled: false, recoveryCodesLeft: 0, required: true, enrolOnly: true });

    const setup = await send('POST', '/api/auth/second-factor/setup', { token });
    const { secret } = setup.json<{ secret: string }>();
    const confirm = await send('POST', '/api/auth/second-factor/confirm', {
      token,
      payload: { code: currentCode(secret) },
    });
    expect(confirm.statusCode).toBe(200);

    // The same session (and the one from before) may now do anything.
    expect((await send('GET', '/api/admin/getallusers', { token })).statusCode).toBe(200);
    expect((await send('GET', '/api/admin/getallusers', { token: before! })).statusCode).toBe(200);

    // While required, an admin cannot turn it off.
    await forgetUsedSteps(app(), admin.id);
    const off = await send('POST', '/api/auth/second-factor/disable', {
      token,
      payload: { password: quickPassword, code: currentCode(secret) },
    });
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe(requiredMessage);
  });

  it('turning the requirement off frees the restricted sessions', async () => {
    const superadmin = await quickUser(app(), { role: 'superadmin' });
    const { accessToken: superToken } = await signIn(superadmin.email);
    await send('PUT', '/api/admin/second-factor-requirement', { token: superToken!, payload: { required: true } });
    const admin = await quickUser(app(), { role: 'admin' });
    const { accessToken: token } = await signIn(admin.email);
    expect((await send('GET', '/api/admin/getallusers', { token: token! })).statusCode).toBe(403);

    await send('PUT', '/api/admin/second-factor-requirement', { token: superToken!, payload: { required: false } });
    expect((await send('GET', '/api/admin/getallusers', { token: token! })).statusCode).toBe(200);
  });
});
