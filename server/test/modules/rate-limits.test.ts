import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { hashingBusyMessage, hashingQueue } from '../../src/lib/password';
import {
  addressKey,
  emailKey,
  rateLimits,
  rateLimitWindowMs,
  tooManyAttemptsMessage,
} from '../../src/modules/rate-limits/service';
import { createTestEnvironment, expectedDialect, type TestEnvironment } from '../helpers/build';
import { loginAs, quickPassword, quickUser } from '../helpers/users';

let environment: TestEnvironment;
let app: FastifyInstance;
// The limiter's clock: tests move it past a window instead of waiting 15 minutes.
let clock = Date.parse('2026-03-02T09:00:00.000Z');
const now = () => clock;
const minutes = (count: number) => count * 60 * 1000;

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = await environment.build({}, { now });
});
afterAll(() => environment.cleanup());

let unique = 0;
/** A fresh client address per call site, so tests never share counters. */
const nextAddress = () => {
  unique += 1;
  return `10.${(unique >> 8) & 0xff}.${unique & 0xff}.1`;
};

const login = (email: string, password: string, remoteAddress: string, target = app) =>
  target.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });

const validate = (email: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/validateuser',
    remoteAddress,
    payload: { email, name: 'Class Member' },
  });

function expectTooMany(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ message: tooManyAttemptsMessage });
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  return retryAfter;
}

async function failLogins(email: string, addresses: string[]) {
  for (const address of addresses) {
    const response = await login(email, 'not the password', address);
    expect(response.statusCode).toBe(401);
  }
}

describe('signing in is limited to five failures per 15 minutes', () => {
  it('refuses the sixth attempt after five wrong passwords, even with the right password', async () => {
    const account = await quickUser(app, { role: 'admin' });
    const address = nextAddress();
    await failLogins(account.email, Array(5).fill(address));

    const sixth = await login(account.email, quickPassword, address);
    expect(expectTooMany(sixth)).toBe(15 * 60);
    expect(sixth.body).not.toContain('accessToken');
  });

  it('counts failures against one email across different addresses', async () => {
    const target = await quickUser(app);
    const other = await quickUser(app);
    await failLogins(target.email, [nextAddress(), nextAddress(), nextAddress(), nextAddress(), nextAddress()]);

    const fresh = nextAddress();
    expectTooMany(await login(target.email, quickPassword, fresh));
    // The address itself did nothing wrong: another account signs in from it.
    expect((await login(other.email, quickPassword, fresh)).statusCode).toBe(200);
  });

  it('counts failures from one address across different emails', async () => {
    const account = await quickUser(app);
    const address = nextAddress();
    for (let index = 0; index < 5; index += 1) {
      expect((await login(`guess${index}-${unique}@example.com`, 'password guess', address)).statusCode).toBe(401);
    }
    expectTooMany(await login(account.email, quickPassword, address));
    // The account did nothing wrong: it signs in from elsewhere.
    expect((await login(account.email, quickPassword, nextAddress())).statusCode).toBe(200);
  });

  it('lets attempts through again once the 15-minute window has ended', async () => {
    const account = await quickUser(app);
    const address = nextAddress();
    await failLogins(account.email, Array(5).fill(address));
    expect(expectTooMany(await login(account.email, quickPassword, address))).toBe(15 * 60);

    clock += minutes(10);
    expect(expectTooMany(await login(account.email, quickPassword, address))).toBe(5 * 60);

    clock += minutes(5);
    expect((await login(account.email, quickPassword, address)).statusCode).toBe(200);
  });

  it("forgets an email's failures when it signs in successfully", async () => {
    const account = await quickUser(app);
    await failLogins(account.email, Array(4).fill(nextAddress()));
    expect((await login(account.email, quickPassword, nextAddress())).statusCode).toBe(200);

    // Five new failures are allowed before the next refusal.
    const elsewhere = nextAddress();
    await failLogins(account.email, Array(5).fill(elsewhere));
    expectTooMany(await login(account.email, quickPassword, nextAddress()));
  });

  it('does not count successful sign-ins or refused bodies as failures', async () => {
    const account = await quickUser(app);
    const address = nextAddress();
    for (let index = 0; index < 8; index += 1) {
      expect((await login(account.email, quickPassword, address)).statusCode).toBe(200);
      const malformed = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: address,
        payload: { email: '' },
      });
      expect(malformed.statusCode).toBe(400);
    }
  });

  it('counts parallel guesses exactly: five get an answer, the rest 429', async () => {
    const account = await quickUser(app);
    const address = nextAddress();
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => login(account.email, 'parallel guess', address)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as its IPv4', async () => {
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2::7%eth0')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::ffff:192.0.2.33')).toBe('192.0.2.33');
    expect(addressKey('192.0.2.33')).toBe('192.0.2.33');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey(undefined)).toBe('unknown');

    const account = await quickUser(app);
    for (let host = 1; host <= 5; host += 1) {
      expect((await login(`v6-guess-${host}@example.com`, 'guess', `2001:db8:77:1::${host}`)).statusCode).toBe(401);
    }
    expectTooMany(await login(account.email, quickPassword, '2001:db8:77:1::99'));
    expect((await login(account.email, quickPassword, '2001:db8:77:2::1')).statusCode).toBe(200);
  });
});

describe('entering participant details is limited per address and per email', () => {
  it(`lets a classroom of 100 behind one address enter their details three times, and refuses call ${rateLimits.detailsPerAddress + 1}`, async () => {
    const classroom = nextAddress();
    const calls: Array<Promise<LightMyRequestResponse>> = [];
    for (let round = 0; round < 3; round += 1) {
      for (let student = 0; student < 100; student += 1)
        calls.push(validate(`student${student}.${unique}@school.example`, classroom));
      // One round at a time, as a class would: 100 at once.
      const statuses = new Set((await Promise.all(calls.splice(0))).map((response) => response.statusCode));
      expect([...statuses]).toEqual([200]);
    }
    expectTooMany(await validate(`latecomer.${unique}@school.example`, classroom));
    expect((await validate(`latecomer.${unique}@school.example`, nextAddress())).statusCode).toBe(200);
  });

  it(`refuses call ${rateLimits.detailsPerEmail + 1} for one email, from any address`, async () => {
    const email = `repeated.${unique}@example.com`;
    for (let index = 0; index < rateLimits.detailsPerEmail; index += 1) {
      expect((await validate(email, nextAddress())).statusCode).toBe(200);
    }
    expectTooMany(await validate(email.toUpperCase(), nextAddress()));
    expect((await validate(`other.${unique}@example.com`, nextAddress())).statusCode).toBe(200);
  });
});

describe('the counters live in the database', () => {
  it('keeps emails out of the table (they are stored as hashes) and prunes ended windows', async () => {
    const email = `hashed.${unique}@example.com`;
    await failLogins(email, [nextAddress()]);
    const rows = await app.db.selectFrom('rate_limits').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain('hashed.');

    clock += rateLimitWindowMs + minutes(2);
    await failLogins(`pruner.${unique}@example.com`, [nextAddress()]);
    const left = await app.db.selectFrom('rate_limits').select('window_started_at').execute();
    expect(left.map((row) => row.window_started_at)).toEqual(Array(2).fill(new Date(clock).toISOString()));
  });

  it('keeps counting across a restart', async () => {
    const account = await quickUser(app);
    const address = nextAddress();
    await failLogins(account.email, Array(5).fill(address));
    await app.close();
    app = await environment.build({}, { now });
    expectTooMany(await login(account.email, quickPassword, address));
  });

  it('shares the counts between servers on one database (several on PostgreSQL; SQLite admits only one)', async () => {
    if (expectedDialect !== 'postgres') {
      // A second server on the same SQLite data directory is refused, so there is nothing to share.
      await expect(environment.build({}, { now })).rejects.toThrow();
      return;
    }
    const second = await environment.build({}, { now });
    const account = await quickUser(app);
    const address = nextAddress();
    await failLogins(account.email, Array(3).fill(address));
    for (let index = 0; index < 2; index += 1) {
      expect((await login(account.email, 'wrong on the other server', address, second)).statusCode).toBe(401);
    }
    expectTooMany(await login(account.email, quickPassword, address));
    expectTooMany(await login(account.email, quickPassword, nextAddress(), second));
    await second.close();
  });

  it('reads the client address from X-Forwarded-For only behind a trusted proxy (TRUST_PROXY)', async () => {
    const account = await quickUser(app);
    const forwarded = (address: string) => ({ 'x-forwarded-for': address });
    const viaProxy = (target: FastifyInstance, client: string, password: string) =>
      target.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '127.0.0.1',
        headers: forwarded(client),
        payload: { email: account.email, password },
      });

    // Untrusted, the header is ignored: rotating it does not escape the count of 127.0.0.1 (which no
    // other test here uses).
    for (let index = 0; index < 5; index += 1) {
      expect((await viaProxy(app, `198.51.100.${index}`, 'wrong')).statusCode).toBe(401);
    }
    expectTooMany(await viaProxy(app, '198.51.100.200', quickPassword));

    await app.close();
    app = await environment.build({ trustProxy: ['loopback'] }, { now });
    clock += rateLimitWindowMs;
    const other = await quickUser(app);
    for (let index = 0; index < 5; index += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '127.0.0.1',
        headers: forwarded('203.0.113.9'),
        payload: { email: `proxy-guess-${index}@example.com`, password: 'wrong' },
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '127.0.0.1',
      headers: forwarded('203.0.113.9'),
      payload: { email: other.email, password: quickPassword },
    });
    expectTooMany(blocked);
    expect((await viaProxy(app, '203.0.113.10', quickPassword)).statusCode).toBe(200);
  });
});

const changePassword = (token: string, currentPassword: string, remoteAddress: string, newPassword = quickPassword) =>
  app.inject({
    method: 'POST',
    url: '/api/user/change-password',
    remoteAddress,
    headers: { authorization: `Bearer ${token}` },
    payload: { currentPassword, newPassword },
  });

/** An account signed in, and its token. */
async function signedInAccount() {
  const account = await quickUser(app, { role: 'admin' });
  return { account, token: await loginAs(app, account.email, quickPassword) };
}

describe('changing a password is limited like signing in', () => {
  it('refuses the sixth attempt after five wrong current passwords with 429 and Retry-After, even with the right one', async () => {
    const { token } = await signedInAccount();
    const address = nextAddress();
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await changePassword(token, 'not the password', address);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ message: 'Current password is incorrect', error: 'currentPassword' });
    }
    expectTooMany(await changePassword(token, 'not the password', address));
    expectTooMany(await changePassword(token, quickPassword, address));
    // Counted per account too: another address gets no more guesses at this account.
    expectTooMany(await changePassword(token, quickPassword, nextAddress()));
  });

  it('counts per address: five wrong passwords against different accounts from one address refuse the sixth', async () => {
    const address = nextAddress();
    for (let n = 0; n < 5; n++) {
      const { token } = await signedInAccount();
      expect((await changePassword(token, 'guess', address)).statusCode).toBe(400);
    }
    const { token } = await signedInAccount();
    expectTooMany(await changePassword(token, quickPassword, address));
    expect((await changePassword(token, quickPassword, nextAddress())).statusCode).toBe(200);
  });

  it('lets the right password through after fewer failures, forgetting them, and again after the window', async () => {
    const { token } = await signedInAccount();
    const address = nextAddress();
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await changePassword(token, 'not the password', address)).statusCode).toBe(400);
    }
    expect((await changePassword(token, quickPassword, address)).statusCode).toBe(200);
    // The success forgot the account's failures: five more wrong ones before a refusal.
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await changePassword(token, 'not the password', nextAddress())).statusCode).toBe(400);
    }
    expect((await changePassword(token, quickPassword, nextAddress())).statusCode).toBe(200);

    const { token: other } = await signedInAccount();
    const from = nextAddress();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await changePassword(other, 'not the password', from)).statusCode).toBe(400);
    }
    expectTooMany(await changePassword(other, quickPassword, from));
    clock += rateLimitWindowMs + 1000;
    expect((await changePassword(other, quickPassword, from)).statusCode).toBe(200);
  });
});

describe('a flood of password checks', () => {
  let flooded: TestEnvironment;
  let floodedApp: FastifyInstance;
  beforeAll(async () => {
    flooded = await createTestEnvironment({ PASSWORD_HASHES_AT_ONCE: '1', PASSWORD_HASHES_WAITING: '2' });
    floodedApp = await flooded.build();
  });
  afterAll(async () => {
    await flooded.cleanup();
    // The queue is the process's: give the other tests of this file theirs back.
    hashingQueue.configure(app.config.passwordHashing);
  });

  it('is refused at once with 503 and Retry-After beyond the queue, without counting as guesses; sign-in works after', async () => {
    const emails = Array.from({ length: 24 }, (_, n) => `flood-${n}@example.com`);
    const responses = await Promise.all(
      emails.map((email, n) =>
        floodedApp.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: `10.78.0.${n + 1}`,
          payload: { email, password: `guess ${n}` },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(3);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 401 || status === 503)).toBe(true);
    for (const response of responses.filter((one) => one.statusCode === 503)) {
      expect(response.json()).toEqual({ message: hashingBusyMessage });
      expect(response.headers['retry-after']).toBe('1');
    }
    // Refused without a check, so not counted as guesses: only the checked ones count.
    const counted = await floodedApp.db
      .selectFrom('rate_limits')
      .select(['key', 'attempts'])
      .where('kind', '=', 'login-email')
      .execute();
    const attemptsOf = new Map(counted.map((row) => [row.key, Number(row.attempts)]));
    expect(emails.map((email) => attemptsOf.get(emailKey(email)) ?? 0)).toEqual(
      statuses.map((status) => (status === 401 ? 1 : 0)),
    );
    // Once the flood has passed, hashing is available again.
    const account = await quickUser(floodedApp);
    const signIn = await floodedApp.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.78.1.1',
      payload: { email: account.email, password: quickPassword },
    });
    expect(signIn.statusCode).toBe(200);
  });
});
