import { userSchema, validateUserResponseSchema } from '@prometrica/shared-api/contract';
import { signJwt, type JwtClaims } from '../../src/lib/jwt';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../src/lib/tokens';
import { defaultPasswordHashCost, hashPassword, setPasswordHashCost } from '../../src/lib/password';
import { appForTests, createTestEnvironment, testJwtSecret, testPasswordHashCost } from '../helpers/build';
import { createTestUser, loginAs } from '../helpers/users';

const subject = appForTests({ env: { JWT_SECRET: testJwtSecret } });

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  subject.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const checkAuth = (authorization?: string) =>
  subject.app.inject({
    method: 'GET',
    url: '/api/auth/checkauth',
    headers: authorization ? { authorization } : {},
  });

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

describe('POST /api/auth/login', () => {
  it('signs an account in with its email and password', async () => {
    const admin = await createTestUser(subject.app, { role: 'admin', email: 'dana@example.com' });
    const response = await login({ email: 'dana@example.com', password: admin.password });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Login successful');
    expect(typeof body.accessToken).toBe('string');
    expect(userSchema.strict().parse(body.user)).toEqual({
      _id: admin.id,
      name: admin.name,
      email: 'dana@example.com',
      phoneNumber: admin.phoneNumber,
      role: 'admin',
      createdAt: admin.createdAt,
      updatedAt: admin.updatedAt,
    });
    expect(response.body).not.toMatch(/password/i);
  });

  it('matches the email ignoring case and surrounding spaces', async () => {
    const user = await createTestUser(subject.app, { email: 'Mixed.Case@Example.com' });
    const response = await login({ email: '  mixed.case@EXAMPLE.COM ', password: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe('Mixed.Case@Example.com');
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const user = await createTestUser(subject.app);
    const wrongPassword = await login({ email: user.email, password: 'not-the-password' });
    const unknownEmail = await login({ email: 'nobody@example.com', password: user.password });

    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid email or password' });
    }
  });

  it('names each missing field', async () => {
    const response = await login({});
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('email: email is required; password: password is required');

    const blankEmail = await login({ email: '   ', password: 'x' });
    expect(blankEmail.statusCode).toBe(400);
    expect(blankEmail.json()).toEqual({ message: 'email: email is required', error: 'email' });
  });

  it('refuses malformed JSON, bodies that are not objects, and no body at all with 400', async () => {
    const malformed = await login('{"email": "a@example.com", "password": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Invalid JSON body' });

    for (const payload of ['[]', 'null', '"text"', '42']) {
      const response = await login(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^body: /);
    }

    const noBody = await subject.app.inject({ method: 'POST', url: '/api/auth/login' });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().message).toBe('body: body must be a JSON object');
  });

  it('refuses wrong field types and 10,000-character strings with 400, never 500', async () => {
    const long = 'a'.repeat(10_000);
    const cases = [
      { email: long, password: 'x' },
      { email: `${long}@example.com`, password: long },
      { email: 'a@example.com', password: long },
      { email: 42, password: true },
      { email: ['a@example.com'], password: { value: 'x' } },
    ];
    for (const payload of cases) {
      const response = await login(payload);
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    const tooLong = await login({ email: 'a@example.com', password: long });
    expect(tooLong.json()).toEqual({ message: 'password: password is too long', error: 'password' });
  });
});

describe('GET /api/auth/checkauth', () => {
  it('returns the signed-in account for a valid token', async () => {
    const admin = await createTestUser(subject.app, { role: 'superadmin' });
    const token = await loginAs(subject.app, admin.email, admin.password);
    const response = await checkAuth(`Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: {
        _id: admin.id,
        name: admin.name,
        email: admin.email,
        phoneNumber: admin.phoneNumber,
        role: 'superadmin',
        createdAt: admin.createdAt,
        updatedAt: admin.updatedAt,
      },
    });
  });

  it('answers 401 without a token or with something that is not a bearer token', async () => {
    const missing = await checkAuth();
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ message: 'Authentication required' });

    for (const header of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer not-a-jwt', 'Bearer a.b', 'Bearer a.b.c.d']) {
      const response = await checkAuth(header);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid token' });
    }
  });

  it('answers 401 with the session-expired message for an expired token', async () => {
    const user = await createTestUser(subject.app);
    const issuedAt = now() - ACCESS_TOKEN_TTL_SECONDS - 60;
    const token = signJwt(
      { sub: user.id, role: user.role, kind: 'account', iat: issuedAt, exp: issuedAt + ACCESS_TOKEN_TTL_SECONDS },
      testJwtSecret,
    );
    const response = await checkAuth(`Bearer ${token}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Your session has expired. Please log in again.' });
  });

  it('answers 401 for a token whose claims were changed after signing', async () => {
    const user = await createTestUser(subject.app, { role: 'user' });
    const token = await loginAs(subject.app, user.email, user.password);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as JwtClaims;
    const tampered = `${header}.${base64url({ ...claims, role: 'superadmin' })}.${signature}`;

    const response = await checkAuth(`Bearer ${tampered}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid token' });
  });

  it('answers 401 for an unsigned token (alg none)', async () => {
    const user = await createTestUser(subject.app);
    const claims = { sub: user.id, role: 'superadmin', kind: 'account', iat: now(), exp: now() + 3600 };
    for (const token of [
      `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`,
      `${base64url({ alg: 'none' })}.${base64url(claims)}.c2ln`,
    ]) {
      const response = await checkAuth(`Bearer ${token}`);
      expect(response.statusCode).toBe(401);
    }
  });

  it('answers 401 for a token signed with another algorithm, even with the right secret', async () => {
    const { createHmac } = await import('node:crypto');
    const user = await createTestUser(subject.app);
    const claims = { sub: user.id, role: user.role, kind: 'account', iat: now(), exp: now() + 3600 };
    for (const [alg, hash] of [
      ['HS512', 'sha512'],
      ['HS384', 'sha384'],
      ['RS256', 'sha256'],
    ] as const) {
      const input = `${base64url({ alg, typ: 'JWT' })}.${base64url(claims)}`;
      const signature = createHmac(hash, testJwtSecret).update(input).digest('base64url');
      const response = await checkAuth(`Bearer ${input}.${signature}`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid token' });
    }
  });

  it('answers 401 for a token signed with another secret', async () => {
    const user = await createTestUser(subject.app);
    const token = signJwt(
      { sub: user.id, role: user.role, kind: 'account', iat: now(), exp: now() + 3600 },
      'another-secret-that-is-long-enough-to-use',
    );
    expect((await checkAuth(`Bearer ${token}`)).statusCode).toBe(401);
  });

  it("stops accepting a deleted account's token", async () => {
    const user = await createTestUser(subject.app);
    const token = await loginAs(subject.app, user.email, user.password);
    expect((await checkAuth(`Bearer ${token}`)).statusCode).toBe(200);

    await subject.app.db.deleteFrom('users').where('id', '=', user.id).execute();
    const response = await checkAuth(`Bearer ${token}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid token' });
  });

  it('does not accept a participant token as a sign-in', async () => {
    const token = subject.app.tokens.issueParticipantToken('some-participant');
    expect((await checkAuth(`Bearer ${token}`)).statusCode).toBe(401);
  });
});

describe('POST /api/auth/validateuser', () => {
  const validate = (payload: unknown, token?: string) =>
    subject.app.inject({
      method: 'POST',
      url: '/api/auth/validateuser',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: JSON.stringify(payload),
    });
  const participantRow = (email: string) =>
    subject.app.db
      .selectFrom('participants')
      .selectAll()
      .where('email_lower', '=', email.toLowerCase())
      .executeTakeFirst();
  // Consent first: submissions require it (and it makes the token's session hold the participant).
  const answerEverything = async (token: string) => {
    const { answersFor, signConsent } = await import('../helpers/api');
    await signConsent(subject.app, token);
    return subject.app.inject({
      method: 'POST',
      url: '/api/user/submitanswer',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ answers: await answersFor(subject.app, (_, index) => index % 2 === 0) }),
    });
  };

  it('creates the participant once per email (any case) and updates name and phone when given', async () => {
    const first = await validate({ email: 'Noor@Example.com', name: 'Noor', phone: '03001234567' });
    expect(first.statusCode).toBe(200);
    expect(validateUserResponseSchema.strict().parse(first.json())).toMatchObject({
      status: false,
      response: [],
      results: null,
    });
    expect(typeof first.json().token).toBe('string');

    const again = await validate({ email: '  noor@EXAMPLE.com ', phone: '+44 20 7946 0958' });
    expect(again.statusCode).toBe(200);
    const rows = await subject.app.db
      .selectFrom('participants')
      .selectAll()
      .where('email_lower', '=', 'noor@example.com')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Noor', phone: '+442079460958', email: 'Noor@Example.com' });
  });

  it("after submitting, only the submitting browser changes the participant's name and phone", async () => {
    const email = 'settled.person@example.com';
    const stored = () =>
      subject.app.db
        .selectFrom('participants')
        .select(['name', 'phone'])
        .where('email_lower', '=', email)
        .executeTakeFirstOrThrow();
    const mine = (await validate({ email, name: 'Settled Person', phone: '03001234567' })).json().token as string;
    expect((await answerEverything(mine)).statusCode).toBe(201);

    // Knowing the email: the details stay as they were.
    const stranger = await validate({ email, name: 'Somebody Else', phone: '03999999999' });
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json()).toMatchObject({ status: true, response: [], results: null });
    expect(await stored()).toEqual({ name: 'Settled Person', phone: '+923001234567' });

    // The browser that submitted may still correct them.
    const owner = await validate({ email, name: 'Settled P. Person', phone: '0311 1234567' }, mine);
    expect(owner.json()).toMatchObject({ status: true });
    expect(await stored()).toEqual({ name: 'Settled P. Person', phone: '+923111234567' });
  });

  it('gives a participant token that opens participant calls only', async () => {
    const { token } = (await validate({ email: 'token.holder@example.com' })).json();
    const questions = await subject.app.inject({
      method: 'GET',
      url: '/api/user/getquestion',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(questions.statusCode).toBe(200);
    expect((await checkAuth(`Bearer ${token}`)).statusCode).toBe(401);
  });

  it('reads the Bearer token however the header spells it, and refuses anything around it', async () => {
    const { token } = (await validate({ email: 'spelling.holder@example.com' })).json();
    const questions = (authorization: string) =>
      subject.app.inject({ method: 'GET', url: '/api/user/getquestion', headers: { authorization } });
    for (const spelling of [`Bearer ${token}`, `bearer ${token}`, `BEARER  ${token}`, `Bearer\t${token}`]) {
      expect((await questions(spelling)).statusCode).toBe(200);
    }
    for (const spelling of [
      `Bearer ${token}x`,
      `Bearer ${token} ${token}`,
      `Bearer ${token}.`,
      `Basic ${token}`,
      token,
    ]) {
      const refused = await questions(spelling);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ message: 'Invalid token' });
    }
  });

  it('says an email has submitted, but returns answers and scores only to the browser that submitted them', async () => {
    const email = 'private.person@example.com';
    const mine = (await validate({ email, name: 'Private Person' })).json().token as string;
    expect((await answerEverything(mine)).statusCode).toBe(201);

    // Knowing the email: status only.
    const stranger = await validate({ email });
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json()).toMatchObject({ status: true, response: [], results: null });

    // Holding a token of another participant proves nothing either.
    const otherToken = (await validate({ email: 'someone.else@example.com' })).json().token as string;
    expect((await validate({ email }, otherToken)).json()).toMatchObject({ status: true, response: [], results: null });

    // The submitting browser gets everything back, and its new token still reads it.
    const owner = await validate({ email }, mine);
    const body = owner.json();
    expect(body.status).toBe(true);
    expect(body.response).toHaveLength(12);
    expect(body.response[0]).toEqual({ questionId: expect.any(String), userAnswer: expect.any(String) });
    expect(body.results).toMatchObject({
      userTotals: { correctAnswer: 6, wrongAnswer: 6, totalAnswers: 12, percent: 50, passed: true },
      categories: expect.any(Array),
    });
    const reread = await subject.app.inject({
      method: 'GET',
      url: '/api/user/getuserresponse',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(reread.statusCode).toBe(200);
  });

  it("a token obtained by typing the email before the owner submits cannot read the owner's answers later", async () => {
    const email = 'early.bird@example.com';
    const owner = (await validate({ email })).json().token as string;
    const lurker = (await validate({ email })).json().token as string;
    expect((await answerEverything(owner)).statusCode).toBe(201);

    const read = await subject.app.inject({
      method: 'GET',
      url: '/api/user/getuserresponse',
      headers: { authorization: `Bearer ${lurker}` },
    });
    expect(read.statusCode).toBe(403);
    expect((await validate({ email }, lurker)).json()).toMatchObject({ status: true, response: [], results: null });
    expect(await participantRow(email)).toBeDefined();
  });

  it('ignores a bad or expired token instead of refusing the details', async () => {
    const response = await validate({ email: 'with.bad.token@example.com' }, 'not.a.token');
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe(false);
  });

  it('names bad fields', async () => {
    const invalid = await validate({ email: 'not-an-email' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ message: 'email: email must be a valid email address', error: 'email' });
    const phone = await validate({ email: 'a@example.com', phone: '03-00' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json()).toEqual({
      message: 'phone: phone must be a valid phone number (an international one starts with + and its country code)',
      error: 'phone',
    });
    const letters = await validate({ email: 'a@example.com', phone: '0300 CALL ME' });
    expect(letters.json()).toEqual({
      message: 'phone: phone must contain only digits, spaces, dashes, dots, brackets and a leading +',
      error: 'phone',
    });
  });
});

describe('POST /api/user/change-password', () => {
  const change = (token: string | undefined, payload: unknown) =>
    subject.app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: JSON.stringify(payload),
    });

  it('changes the password of the signed-in account when the current one is given', async () => {
    const user = await createTestUser(subject.app, { role: 'admin' });
    const token = await loginAs(subject.app, user.email, user.password);
    const response = await change(token, { currentPassword: user.password, newPassword: 'a brand new password' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password changed successfully!' });
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(401);
    await expect(loginAs(subject.app, user.email, 'a brand new password')).resolves.toEqual(expect.any(String));
  });

  it('refuses a wrong current password with 400 and keeps the old one', async () => {
    const user = await createTestUser(subject.app, { role: 'user' });
    const token = await loginAs(subject.app, user.email, user.password);
    const response = await change(token, { currentPassword: 'wrong password', newPassword: 'a brand new password' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Current password is incorrect', error: 'currentPassword' });
    await expect(loginAs(subject.app, user.email, user.password)).resolves.toEqual(expect.any(String));
  });

  it('needs a signed-in account and a long enough new password', async () => {
    expect((await change(undefined, { currentPassword: 'x', newPassword: 'long enough 123' })).statusCode).toBe(401);
    const participantToken = subject.app.tokens.issueParticipantToken('x');
    expect((await change(participantToken, { currentPassword: 'x', newPassword: 'long enough 123' })).statusCode).toBe(
      401,
    );
    const user = await createTestUser(subject.app);
    const token = await loginAs(subject.app, user.email, user.password);
    const short = await change(token, { currentPassword: user.password, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      message: 'newPassword: newPassword must be at least 12 characters',
      error: 'newPassword',
    });
  });

  it('refuses a weak new password with 400 naming newPassword, before the current one is checked or counted', async () => {
    const user = await createTestUser(subject.app, { name: 'Imran Qureshi', email: 'imran.q@example.com' });
    const token = await loginAs(subject.app, user.email, user.password);
    const refusals: Array<[string, string]> = [
      ['12345678', 'newPassword must be at least 12 characters'],
      ['password', 'newPassword must be at least 12 characters'],
      [' '.repeat(12), 'newPassword must use at least 5 different characters'],
      ['1qaz2wsx3edc', 'newPassword is one of the most common passwords'],
      ['my imran.q@example.com', "newPassword must not contain the account's email"],
      ['Qureshi-lantern-42', "newPassword must not contain the account's name"],
    ];
    for (const [newPassword, message] of refusals) {
      // A wrong current password too: the new one is refused first, and the attempt is not counted.
      const response = await change(token, { currentPassword: 'not the current one', newPassword });
      expect({ newPassword, status: response.statusCode, body: response.json() }).toEqual({
        newPassword,
        status: 400,
        body: { message: `newPassword: ${message}`, error: 'newPassword' },
      });
    }
    // Six refusals, yet no 429: none was a guess at the current password.
    const accepted = await change(token, { currentPassword: user.password, newPassword: 'orchid lantern harbour' });
    expect(accepted.statusCode).toBe(200);
  });
});

describe('password hashes made with weaker parameters', () => {
  it('are replaced at N=2^17 at the next successful sign-in, and the password still works', async () => {
    // The server as shipped: PASSWORD_HASH_COST unset, N=2^17.
    const environment = await createTestEnvironment({ PASSWORD_HASH_COST: undefined });
    try {
      const app = await environment.build();
      const user = await createTestUser(app, { email: 'legacy@example.com' });
      expect(user.passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/);
      // A hash from before, at N=2^14, as the server used to make them.
      setPasswordHashCost(14);
      const legacy = await hashPassword(user.password);
      setPasswordHashCost(defaultPasswordHashCost);
      expect(legacy).toMatch(/^scrypt\$16384\$8\$1\$/);
      await app.db.updateTable('users').set({ password_hash: legacy }).where('id', '=', user.id).execute();
      const stored = () =>
        app.db
          .selectFrom('users')
          .select(['password_hash', 'updated_at'])
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow();
      const before = await stored();

      // A wrong password changes nothing.
      const wrong = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'not the password' },
      });
      expect(wrong.statusCode).toBe(401);
      expect((await stored()).password_hash).toBe(legacy);

      await loginAs(app, user.email, user.password);
      const after = await stored();
      expect(after.password_hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
      // Nothing the account shows changed.
      expect(after.updated_at).toBe(before.updated_at);
      await expect(loginAs(app, user.email, user.password)).resolves.toEqual(expect.any(String));
      // Not hashed again: it is as strong as those made now.
      expect((await stored()).password_hash).toBe(after.password_hash);
    } finally {
      await environment.cleanup();
      // Back to the cost of this file's other app (the cost is the process's).
      setPasswordHashCost(testPasswordHashCost);
    }
  });
});
