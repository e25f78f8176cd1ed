import { userListResponseSchema, userResponseSchema } from '@prometrica/shared-api/contract';
import { defaultPhoneRegion, setPhoneRegion } from '@prometrica/shared-api/phone';
import { HttpError } from '../../src/lib/http-errors';
import { findUserByEmail } from '../../src/modules/users/repository';
import { createUser, toPublicUser, toAccount } from '../../src/modules/users/service';
import { call } from '../helpers/api';
import { appForTests, createTestEnvironment } from '../helpers/build';
import { loginAs, quickPassword, quickUser } from '../helpers/users';

const subject = appForTests();

const newUser = (email: string) => ({
  name: ' Ayesha Khan ',
  email,
  phoneNumber: '03001234567',
  role: 'user' as const,
  password: 'a-long-password',
});

describe('accounts', () => {
  it('stores a hashed password, never the password itself', async () => {
    const user = await createUser(subject.app.db, newUser('ayesha@example.com'));
    expect(user.name).toBe('Ayesha Khan');
    // At the tests' cost, N=2^10 (the default, N=2^17, is tested in lib/password.test.ts and auth.test.ts).
    expect(user.passwordHash).toMatch(/^scrypt\$1024\$8\$1\$/);
    const row = await subject.app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('a-long-password');
    expect(row.email_lower).toBe('ayesha@example.com');
  });

  it('refuses a second account with the same email in another case (409)', async () => {
    await createUser(subject.app.db, newUser('Dup@Example.com'));
    const attempt = createUser(subject.app.db, newUser('dup@EXAMPLE.com'));
    await expect(attempt).rejects.toBeInstanceOf(HttpError);
    await expect(attempt).rejects.toMatchObject({ statusCode: 409, error: 'email' });
  });

  it('finds accounts by email in any case and presents them with _id and without the hash', async () => {
    const created = await createUser(subject.app.db, newUser('Find.Me@Example.com'));
    const found = await findUserByEmail(subject.app.db, 'FIND.ME@example.COM');
    expect(found?.id).toBe(created.id);
    const presented = toPublicUser(toAccount(created));
    expect(presented._id).toBe(created.id);
    expect(Object.keys(presented)).not.toContain('passwordHash');
  });
});

describe('account management through the API', () => {
  let superadminToken: string;
  let adminToken: string;
  let superadminId: string;
  let adminId: string;
  beforeAll(async () => {
    const superadmin = await quickUser(subject.app, { role: 'superadmin', email: 'boss@example.com' });
    const admin = await quickUser(subject.app, { role: 'admin', email: 'helper@example.com' });
    superadminId = superadmin.id;
    adminId = admin.id;
    superadminToken = await loginAs(subject.app, superadmin.email, quickPassword);
    adminToken = await loginAs(subject.app, admin.email, quickPassword);
  });

  const newAccount = (overrides: Record<string, unknown> = {}) => ({
    name: 'Sara Ali',
    email: `sara.${Math.random().toString(36).slice(2)}@example.com`,
    password: 'a-long-password',
    role: 'user',
    phoneNumber: '03001234567',
    ...overrides,
  });
  const update = (token: string, id: string, body: Record<string, unknown>) =>
    call(subject.app, 'PUT', `/api/admin/updateuser/${id}`, { token, payload: body });
  const detailsOf = async (id: string) => {
    const row = await subject.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return { name: row.name, email: row.email, phoneNumber: row.phone_number, role: row.role };
  };

  it('refuses a weak password for a new account with 400, saying why at the password field', async () => {
    const refusals: Array<[string, string]> = [
      ['12345678', 'password must be at least 12 characters'],
      ['password', 'password must be at least 12 characters'],
      [' '.repeat(12), 'password must use at least 5 different characters'],
      ['qwerty123456', 'password is one of the most common passwords'],
      ['Password1234', 'password is one of the most common passwords'],
      ['sara.rahman@example.com!', "password must not contain the account's email"],
      ['I-am-sara.rahman-2026', "password must not contain the account's email"],
      ['rahman-lantern-42', "password must not contain the account's email"],
      ['Devi-Lantern-42', "password must not contain the account's name"],
    ];
    for (const [password, message] of refusals) {
      const body = newAccount({ name: 'Saraswati Devi', email: 'sara.rahman@example.com', password });
      const response = await call(subject.app, 'POST', '/api/admin/createuser', { token: adminToken, payload: body });
      expect({ password, status: response.statusCode, body: response.json() }).toEqual({
        password,
        status: 400,
        body: { message: `password: ${message}`, error: 'password' },
      });
    }
    expect(await findUserByEmail(subject.app.db, 'sara.rahman@example.com')).toBeUndefined();
  });

  it('creates accounts (201) that can sign in, never returning the password', async () => {
    const body = newAccount({ email: 'New.Person@Example.com' });
    const response = await call(subject.app, 'POST', '/api/admin/createuser', { token: adminToken, payload: body });
    expect(response.statusCode).toBe(201);
    expect(userResponseSchema.strict().parse(response.json()).user).toMatchObject({
      email: 'New.Person@Example.com',
      role: 'user',
    });
    expect(response.body).not.toMatch(/password|a-long-password/i);
    await expect(loginAs(subject.app, 'new.person@example.com', 'a-long-password')).resolves.toEqual(
      expect.any(String),
    );

    const duplicate = await call(subject.app, 'POST', '/api/admin/createuser', {
      token: adminToken,
      payload: { ...body, email: 'NEW.PERSON@example.com' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: 'A user with this email already exists', error: 'email' });
  });

  it('lets only a superadmin create an admin, and nobody a superadmin', async () => {
    const byAdmin = await call(subject.app, 'POST', '/api/admin/createuser', {
      token: adminToken,
      payload: newAccount({ role: 'admin' }),
    });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toEqual({ message: 'Only a superadmin can grant or remove the admin role' });
    const bySuperadmin = await call(subject.app, 'POST', '/api/admin/createuser', {
      token: superadminToken,
      payload: newAccount({ role: 'admin' }),
    });
    expect(bySuperadmin.statusCode).toBe(201);
    const superadmin = await call(subject.app, 'POST', '/api/admin/createuser', {
      token: superadminToken,
      payload: newAccount({ role: 'superadmin' }),
    });
    expect(superadmin.statusCode).toBe(400);
    expect(superadmin.json()).toEqual({ message: 'role: role must be user or admin', error: 'role' });
  });

  it('lists accounts newest first and searches name, email and role', async () => {
    await quickUser(subject.app, { name: 'Zubair Searchable', role: 'user' });
    const all = userListResponseSchema.parse(
      (await call(subject.app, 'GET', '/api/admin/getallusers', { token: adminToken })).json(),
    );
    expect(all.totalUsers).toBe(all.users.length);
    const created = all.users.map((user) => user.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(JSON.stringify(all)).not.toMatch(/password/i);

    const byName = (
      await call(subject.app, 'GET', '/api/admin/getallusers?search=zubair%20SEARCH', { token: adminToken })
    ).json();
    expect(byName.users.map((user: { name: string }) => user.name)).toEqual(['Zubair Searchable']);
    const byRole = (
      await call(subject.app, 'GET', '/api/admin/getallusers?search=superadmin', { token: adminToken })
    ).json();
    expect(byRole.users.every((user: { role: string }) => user.role === 'superadmin')).toBe(true);
    expect(byRole.totalUsers).toBeGreaterThanOrEqual(2);
    // The counts are of every account, whatever the search.
    expect(byRole.counts).toEqual(all.counts);
    expect(all.counts).toEqual({
      accounts: all.users.length,
      users: all.users.filter((user) => user.role === 'user').length,
      admins: all.users.filter((user) => user.role !== 'user').length,
    });
  });

  it('updates details; an admin cannot grant or remove the admin role, a superadmin can', async () => {
    const target = await quickUser(subject.app, { role: 'user' });
    const body = { id: target.id, name: 'Renamed', email: target.email, phoneNumber: '0399 7654321', role: 'user' };
    const renamed = await update(adminToken, target.id, body);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user).toMatchObject({
      name: 'Renamed',
      phoneNumber: '+923997654321',
      role: 'user',
      createdAt: target.createdAt,
    });

    const promote = await update(adminToken, target.id, { ...body, role: 'admin' });
    expect(promote.statusCode).toBe(403);
    expect(promote.json()).toEqual({ message: 'Only a superadmin can grant or remove the admin role' });
    expect((await detailsOf(target.id)).role).toBe('user');

    expect((await update(superadminToken, target.id, { ...body, role: 'admin' })).statusCode).toBe(200);
    expect((await update(adminToken, target.id, { ...body, role: 'user' })).statusCode).toBe(403);
    expect((await update(superadminToken, target.id, { ...body, role: 'user' })).statusCode).toBe(200);
  });

  it('never makes a superadmin through the API, and keeps an existing one unchanged', async () => {
    const asSuperadmin = (user: { id: string; email: string }, name: string) =>
      update(superadminToken, user.id, { name, email: user.email, phoneNumber: '03001234567', role: 'superadmin' });
    const promote = await asSuperadmin(await quickUser(subject.app, { role: 'user' }), 'X');
    expect(promote.statusCode).toBe(400);
    expect(promote.json()).toEqual({ message: 'role: role must be user or admin', error: 'role' });

    const keep = await asSuperadmin(await quickUser(subject.app, { role: 'superadmin' }), 'Still Super');
    expect(keep.statusCode).toBe(200);
    expect(keep.json().user).toMatchObject({ name: 'Still Super', role: 'superadmin' });
  });

  it('stops an admin from editing or deleting a superadmin (403)', async () => {
    const before = await detailsOf(superadminId);
    const edit = await update(adminToken, superadminId, { ...before, name: 'Hacked' });
    expect(edit.statusCode).toBe(403);
    expect(await detailsOf(superadminId)).toEqual(before);
    const remove = await call(subject.app, 'DELETE', `/api/admin/deleteuser/${superadminId}`, { token: adminToken });
    expect(remove.statusCode).toBe(403);
  });

  it("lets an admin edit their own account but not another admin's (403); a superadmin edits both", async () => {
    const own = await detailsOf(adminId);
    const mine = await update(adminToken, adminId, { ...own, name: 'Helper Renamed' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().user).toMatchObject({ _id: adminId, name: 'Helper Renamed', role: 'admin' });
    await update(adminToken, adminId, own);

    const other = await quickUser(subject.app, { role: 'admin' });
    const before = await detailsOf(other.id);
    for (const changes of [
      { name: 'Taken Over' },
      { email: 'taken-over@example.com' },
      { phoneNumber: '03111111111' },
    ]) {
      const edit = await update(adminToken, other.id, { ...before, ...changes });
      expect(edit.statusCode).toBe(403);
      expect(edit.json()).toEqual({ message: "Only a superadmin can change another admin's account" });
    }
    expect(await detailsOf(other.id)).toEqual(before);

    const bySuperadmin = await update(superadminToken, other.id, { ...before, name: 'Renamed By Boss' });
    expect(bySuperadmin.statusCode).toBe(200);
    const anotherSuperadmin = await quickUser(subject.app, { role: 'superadmin' });
    const superadminDetails = await detailsOf(anotherSuperadmin.id);
    expect(
      (await update(superadminToken, anotherSuperadmin.id, { ...superadminDetails, name: 'Also Boss' })).statusCode,
    ).toBe(200);
    const ownSuperadmin = await detailsOf(superadminId);
    expect((await update(superadminToken, superadminId, { ...ownSuperadmin, name: 'Boss Renamed' })).statusCode).toBe(
      200,
    );
    await update(superadminToken, superadminId, ownSuperadmin);
  });

  it('deletes accounts, but never your own', async () => {
    const target = await quickUser(subject.app, { role: 'user' });
    const deleted = await call(subject.app, 'DELETE', `/api/admin/deleteuser/${target.id}`, { token: adminToken });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ message: 'User deleted successfully', user: { _id: target.id } });
    expect(
      (await call(subject.app, 'DELETE', `/api/admin/deleteuser/${target.id}`, { token: adminToken })).json(),
    ).toEqual({
      message: 'User not found',
    });

    const own = await call(subject.app, 'DELETE', `/api/admin/deleteuser/${adminId}`, { token: adminToken });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ message: 'You cannot delete your own account' });
    const anotherAdmin = await quickUser(subject.app, { role: 'admin' });
    expect(
      (await call(subject.app, 'DELETE', `/api/admin/deleteuser/${anotherAdmin.id}`, { token: adminToken })).statusCode,
    ).toBe(403);
    expect(
      (await call(subject.app, 'DELETE', `/api/admin/deleteuser/${anotherAdmin.id}`, { token: superadminToken }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a duplicate email on update (409)', async () => {
    const target = await quickUser(subject.app, { role: 'user' });
    const taken = { name: 'A', email: 'HELPER@example.com', phoneNumber: '03001234567', role: 'user' };
    const response = await update(adminToken, target.id, taken);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'A user with this email already exists', error: 'email' });
  });

  it('takes international numbers with spaces and a leading +, and local ones, and keeps them in E.164', async () => {
    const international = await call(subject.app, 'POST', '/api/admin/createuser', {
      token: adminToken,
      payload: newAccount({ phoneNumber: '+44 20 7946 0958' }),
    });
    expect(international.statusCode).toBe(201);
    const created = userResponseSchema.parse(international.json()).user;
    expect(created.phoneNumber).toBe('+442079460958');
    expect((await detailsOf(created._id)).phoneNumber).toBe('+442079460958');

    // Without +: read as a Pakistani number, the spec's local pattern 03XXXXXXXXX.
    for (const [typed, stored] of [
      ['03001234567', '+923001234567'],
      [' (0300) 123-4567 ', '+923001234567'],
      ['0300.123.4567', '+923001234567'],
      ['+1 (415) 555-2671', '+14155552671'],
    ]) {
      const body = { name: 'Sara Ali', email: created.email, phoneNumber: typed, role: 'user' };
      const response = await update(adminToken, created._id, body);
      expect(response.statusCode).toBe(200);
      expect(response.json().user.phoneNumber).toBe(stored);
    }
  });

  it('refuses what is not a possible phone number, naming the field (400)', async () => {
    const create = (phoneNumber: unknown) =>
      call(subject.app, 'POST', '/api/admin/createuser', { token: adminToken, payload: newAccount({ phoneNumber }) });
    const possible =
      'phoneNumber must be a valid phone number (an international one starts with + and its country code)';
    const characters = 'phoneNumber must contain only digits, spaces, dashes, dots, brackets and a leading +';
    for (const [phoneNumber, message] of [
      ['', 'phoneNumber is required'],
      ['   ', 'phoneNumber is required'],
      ['0300', possible],
      ['+44 20', possible],
      ['+', possible],
      ['0300123456789012', possible],
      ['call me', characters],
      ['0300 12a4567', characters],
      ['44+2079460958', characters],
      ['++442079460958', characters],
    ] as const) {
      const response = await create(phoneNumber);
      expect([phoneNumber, response.statusCode, response.json()]).toEqual([
        phoneNumber,
        400,
        { message: `phoneNumber: ${message}`, error: 'phoneNumber' },
      ]);
    }
    const missing = await create(undefined);
    expect(missing.json()).toEqual({ message: 'phoneNumber: phoneNumber is required', error: 'phoneNumber' });
  });
});

describe('PHONE_REGION', () => {
  it('reads numbers without + in the configured country', async () => {
    const environment = await createTestEnvironment({ ADMIN_PASSWORD: 'the-only-owner-key', PHONE_REGION: 'GB' });
    try {
      const app = await environment.build();
      const token = await loginAs(app, 'admin@prometrica.local', 'the-only-owner-key');
      const response = await call(app, 'POST', '/api/admin/createuser', {
        token,
        payload: {
          name: 'Uk Person',
          email: 'uk@example.com',
          password: 'a-long-password',
          role: 'user',
          phoneNumber: '020 7946 0958',
        },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().user.phoneNumber).toBe('+442079460958');
    } finally {
      await environment.cleanup();
      // The region is the process's: the other tests of this file read numbers as Pakistani.
      setPhoneRegion(defaultPhoneRegion);
    }
  });
});

describe('the last superadmin', () => {
  it('can be neither demoted nor deleted (409), by anyone', async () => {
    const environment = await createTestEnvironment({ ADMIN_PASSWORD: 'the-only-owner-key' });
    try {
      const app = await environment.build();
      const token = await loginAs(app, 'admin@prometrica.local', 'the-only-owner-key');
      const only = await app.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
      const demote = await call(app, 'PUT', `/api/admin/updateuser/${only.id}`, {
        token,
        payload: { name: only.name, email: only.email, phoneNumber: '03001234567', role: 'admin' },
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().message).toBe('There must always be at least one superadmin');

      // With a second superadmin, one of them may demote the other, but not the last one left.
      const second = await quickUser(app, { role: 'superadmin' });
      const secondToken = await loginAs(app, second.email, quickPassword);
      const demoteFirst = await call(app, 'PUT', `/api/admin/updateuser/${only.id}`, {
        token: secondToken,
        payload: { name: only.name, email: only.email, phoneNumber: '03001234567', role: 'admin' },
      });
      expect(demoteFirst.statusCode).toBe(200);
      const demoteSelf = await call(app, 'PUT', `/api/admin/updateuser/${second.id}`, {
        token: secondToken,
        payload: { name: second.name, email: second.email, phoneNumber: '03001234567', role: 'user' },
      });
      expect(demoteSelf.statusCode).toBe(409);
      expect((await call(app, 'DELETE', `/api/admin/deleteuser/${second.id}`, { token: secondToken })).statusCode).toBe(
        409,
      );
    } finally {
      await environment.cleanup();
    }
  });
});
