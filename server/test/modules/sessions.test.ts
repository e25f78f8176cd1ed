import {
  accountSessionListResponseSchema,
  sessionEndedCode,
  sessionEndedMessage,
} from '@prometrica/shared-api/contract';
import { signJwt } from '../../src/lib/jwt';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../src/lib/tokens';
import { createSessionCheck, sessionTouchIntervalMs, startSession } from '../../src/modules/sessions/service';
import { call, signedIn } from '../helpers/api';
import { appForTests, testJwtSecret } from '../helpers/build';
import { loginAs, quickPassword, quickUser } from '../helpers/users';

const subject = appForTests({ env: { JWT_SECRET: testJwtSecret } });
const app = () => subject.app;

const ended = { message: sessionEndedMessage, error: sessionEndedCode };

/** The two calls the finding named, with `token`: their statuses and bodies. */
async function accountCalls(token: string) {
  const check = await call(app(), 'GET', '/api/auth/checkauth', { token });
  const users = await call(app(), 'GET', '/api/admin/getallusers', { token });
  return [
    { status: check.statusCode, body: check.statusCode === 200 ? 'ok' : check.json() },
    { status: users.statusCode, body: users.statusCode === 200 ? 'ok' : users.json() },
  ];
}
const open = [
  { status: 200, body: 'ok' },
  { status: 200, body: 'ok' },
];
const refused = [
  { status: 401, body: ended },
  { status: 401, body: ended },
];

/** An admin signed in twice (two browsers): the account and both tokens. */
async function adminTwice() {
  const account = await quickUser(app(), { role: 'admin' });
  const first = await loginAs(app(), account.email, quickPassword);
  const second = await loginAs(app(), account.email, quickPassword);
  return { account, first, second };
}

const sessionIdOf = (token: string) => {
  const verified = app().tokens.verify(token);
  if (!verified.ok || !verified.claims.sid) throw new Error('no session in the token');
  return verified.claims.sid;
};

describe('signing out', () => {
  it('ends the session on the server: the old token gets 401 at once, the other sessions go on', async () => {
    const { first, second } = await adminTwice();
    expect(await accountCalls(first)).toEqual(open);

    const logout = await call(app(), 'POST', '/api/auth/logout', { token: first });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ message: 'Logged out' });

    expect(await accountCalls(first)).toEqual(refused);
    expect(await accountCalls(second)).toEqual(open);
    // Signing out twice: the token is already refused.
    expect((await call(app(), 'POST', '/api/auth/logout', { token: first })).statusCode).toBe(401);
  });

  it('needs an account token', async () => {
    expect((await call(app(), 'POST', '/api/auth/logout')).statusCode).toBe(401);
  });
});

describe('ending the other sessions of an account', () => {
  it('a password change ends every other session of the account, not the one that changed it', async () => {
    const { account, first, second } = await adminTwice();
    const bystander = await signedIn(app(), 'admin');
    const changed = await call(app(), 'POST', '/api/user/change-password', {
      token: first,
      payload: { currentPassword: quickPassword, newPassword: 'another-long-password' },
    });
    expect(changed.statusCode).toBe(200);

    expect(await accountCalls(second)).toEqual(refused);
    expect(await accountCalls(first)).toEqual(open);
    expect(await accountCalls(bystander.token)).toEqual(open);
    // The new password signs in; that session is open.
    expect(await accountCalls(await loginAs(app(), account.email, 'another-long-password'))).toEqual(open);
  });

  it('a wrong current password ends nothing', async () => {
    const { first, second } = await adminTwice();
    const refusedChange = await call(app(), 'POST', '/api/user/change-password', {
      token: first,
      payload: { currentPassword: 'not-the-password', newPassword: 'another-long-password' },
    });
    expect(refusedChange.statusCode).toBe(400);
    expect(await accountCalls(second)).toEqual(open);
  });

  it('a role change ends every session of that account; other changes of its details do not', async () => {
    const superadmin = await signedIn(app(), 'superadmin');
    const { account, first, second } = await adminTwice();
    const edit = (role: 'admin' | 'user', name = account.name) =>
      call(app(), 'PUT', `/api/admin/updateuser/${account.id}`, {
        token: superadmin.token,
        payload: { name, email: account.email, phoneNumber: account.phoneNumber, role },
      });

    expect((await edit('admin', 'Renamed Admin')).statusCode).toBe(200);
    expect(await accountCalls(first)).toEqual(open);

    expect((await edit('user')).statusCode).toBe(200);
    for (const token of [first, second]) {
      expect((await call(app(), 'GET', '/api/auth/checkauth', { token })).json()).toEqual(ended);
    }
    expect(await accountCalls(superadmin.token)).toEqual(open);
  });

  it('a superadmin who changes their own role keeps the session that did it', async () => {
    await signedIn(app(), 'superadmin'); // there stays another superadmin
    const account = await quickUser(app(), { role: 'superadmin' });
    const acting = await loginAs(app(), account.email, quickPassword);
    const elsewhere = await loginAs(app(), account.email, quickPassword);
    const demoted = await call(app(), 'PUT', `/api/admin/updateuser/${account.id}`, {
      token: acting,
      payload: { name: account.name, email: account.email, phoneNumber: account.phoneNumber, role: 'admin' },
    });
    expect(demoted.statusCode).toBe(200);
    expect((await call(app(), 'GET', '/api/auth/checkauth', { token: acting })).statusCode).toBe(200);
    expect((await call(app(), 'GET', '/api/auth/checkauth', { token: elsewhere })).json()).toEqual(ended);
  });

  it('deleting an account ends its sessions and leaves no session row', async () => {
    const superadmin = await signedIn(app(), 'superadmin');
    const account = await quickUser(app(), { role: 'user' });
    const token = await loginAs(app(), account.email, quickPassword);
    const deleted = await call(app(), 'DELETE', `/api/admin/deleteuser/${account.id}`, { token: superadmin.token });
    expect(deleted.statusCode).toBe(200);

    const check = await call(app(), 'GET', '/api/auth/checkauth', { token });
    expect(check.statusCode).toBe(401);
    const rows = await app().db.selectFrom('account_sessions').select('id').where('user_id', '=', account.id).execute();
    expect(rows).toEqual([]);
  });
});

describe("an account's own sessions", () => {
  it('lists the open sessions with browser, address, start and last use, the current one first', async () => {
    const account = await quickUser(app(), { role: 'admin' });
    const login = (userAgent: string, remoteAddress: string) =>
      app().inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json', 'user-agent': userAgent },
        remoteAddress,
        payload: JSON.stringify({ email: account.email, password: quickPassword }),
      });
    const phone = (await login('Phone Browser/1.0', '10.1.2.3')).json().accessToken as string;
    const laptop = (await login('Laptop Browser/2.0', '10.4.5.6')).json().accessToken as string;
    await signedIn(app(), 'admin'); // another account's session is never listed

    const response = await call(app(), 'GET', '/api/auth/sessions', { token: phone });
    expect(response.statusCode).toBe(200);
    const { sessions } = accountSessionListResponseSchema.strict().parse(response.json());
    expect(sessions.map(({ _id, userAgent, address, current }) => ({ _id, userAgent, address, current }))).toEqual([
      { _id: sessionIdOf(phone), userAgent: 'Phone Browser/1.0', address: '10.1.2.3', current: true },
      { _id: sessionIdOf(laptop), userAgent: 'Laptop Browser/2.0', address: '10.4.5.6', current: false },
    ]);
    for (const session of sessions) {
      expect(Date.parse(session.createdAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(session.lastSeenAt >= session.createdAt).toBe(true);
    }
  });

  it('ends one of them: that token gets 401 at once, the one that ended it goes on', async () => {
    const { first, second } = await adminTwice();
    const response = await call(app(), 'DELETE', `/api/auth/sessions/${sessionIdOf(second)}`, { token: first });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Session ended' });
    expect(await accountCalls(second)).toEqual(refused);
    expect(await accountCalls(first)).toEqual(open);
    const listed = (await call(app(), 'GET', '/api/auth/sessions', { token: first })).json().sessions;
    expect(listed.map((s: { _id: string }) => s._id)).toEqual([sessionIdOf(first)]);
  });

  it("answers 404 for another account's session and leaves it open", async () => {
    const mine = await signedIn(app(), 'admin');
    const theirs = await signedIn(app(), 'superadmin');
    const response = await call(app(), 'DELETE', `/api/auth/sessions/${sessionIdOf(theirs.token)}`, {
      token: mine.token,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Session not found' });
    expect(await accountCalls(theirs.token)).toEqual(open);
  });
});

describe('tokens and the session check', () => {
  it('treats an account token that names no session (issued before sessions were kept) as run out', async () => {
    const account = await quickUser(app(), { role: 'admin' });
    const now = Math.floor(Date.now() / 1000);
    const token = signJwt(
      { sub: account.id, role: 'admin', kind: 'account', iat: now, exp: now + ACCESS_TOKEN_TTL_SECONDS },
      testJwtSecret,
    );
    const response = await call(app(), 'GET', '/api/auth/checkauth', { token });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Your session has expired. Please log in again.' });
  });

  it('writes "last seen" at most once a minute per session', async () => {
    const account = await quickUser(app(), { role: 'admin' });
    const started = new Date();
    const id = await startSession(app().db, account.id, { userAgent: 'Probe', address: '10.0.0.1' }, started);
    let clock = started.getTime();
    const check = createSessionCheck(app().db, () => clock);
    const lastSeen = async () =>
      (
        await app()
          .db.selectFrom('account_sessions')
          .select('last_seen_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).last_seen_at;

    clock += sessionTouchIntervalMs - 1;
    expect(await check(account.id, id)).toMatchObject({ open: true });
    expect(await lastSeen()).toBe(started.toISOString());

    clock += 1;
    await check(account.id, id);
    expect(await lastSeen()).toBe(new Date(clock).toISOString());

    expect(await check(account.id, 'no-such-session')).toEqual({ open: false });
    expect(await check('no-such-account', id)).toBeUndefined();
  });
});
