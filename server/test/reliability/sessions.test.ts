/**
 * Ended sessions end on every server process: two processes on one PostgreSQL (one process on
 * SQLite, which allows no second), started like production. A session ended through one process
 * (signed out, ended from the sessions list, or by a password change) is refused by the others at
 * their very next call, with no wait.
 */
import path from 'node:path';
import { sessionEndedCode, sessionEndedMessage } from '@prometrica/shared-api/contract';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  freePort,
  postgresUrl,
  scratchRun,
  startServer,
  type ServerProcess,
} from './support';

const run = scratchRun('sessions');
const servers: ServerProcess[] = [];
let superadminToken: string;

async function api(server: ServerProcess, method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(server.url + url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

async function signIn(server: ServerProcess, email: string, password: string): Promise<string> {
  const reply = await api(server, 'POST', '/api/auth/login', undefined, { email, password });
  if (reply.status !== 200) throw new Error(`sign-in on ${server.name} answered ${reply.status}`);
  return (reply.body as { accessToken: string }).accessToken;
}

let accounts = 0;
/** A new admin account, made through the first process. */
async function newAdmin(): Promise<{ email: string; password: string }> {
  accounts += 1;
  const account = { email: `sessions-${accounts}@reliability.test`, password: `quiet-orchard-${accounts}-key` };
  const created = await api(servers[0]!, 'POST', '/api/admin/createuser', superadminToken, {
    name: `Sessions ${accounts}`,
    phoneNumber: '03001234567',
    role: 'admin',
    ...account,
  });
  expect(created.status).toBe(201);
  return account;
}

/** The two calls the finding named. */
const checkedCalls = ['/api/auth/checkauth', '/api/admin/getallusers'];

/** What every process answers `token` on those calls. */
async function everywhere(token: string) {
  const seen: Array<{ server: string; url: string; status: number; body: unknown }> = [];
  for (const server of servers) {
    for (const url of checkedCalls) {
      const reply = await api(server, 'GET', url, token);
      seen.push({ server: server.name, url, status: reply.status, body: reply.status === 200 ? 'ok' : reply.body });
    }
  }
  return seen;
}
/** What `everywhere` gives when every process answers every call alike. */
const fromEvery = (status: number, body: unknown) =>
  servers.flatMap((server) => checkedCalls.map((url) => ({ server: server.name, url, status, body })));
const allOpen = () => fromEvery(200, 'ok');
const allEnded = () => fromEvery(401, { message: sessionEndedMessage, error: sessionEndedCode });

beforeAll(async () => {
  const { dir, databaseUrl } = await run.begin();
  const names = postgresUrl ? ['A', 'B'] : ['A'];
  // One after the other: the first start migrates and seeds, the second finds it done.
  for (const name of names) {
    servers.push(
      await startServer({ name, port: await freePort(), dataDir: path.join(dir, `data-${name}`), databaseUrl }),
    );
  }
  superadminToken = await signIn(servers[0]!, ADMIN_EMAIL, ADMIN_PASSWORD);
}, 180_000);

const last = () => servers[servers.length - 1]!;

describe(`ended sessions (${postgresUrl ? 'two processes on PostgreSQL' : 'one process on SQLite'})`, () => {
  it('a token signed out through one process gets 401 from every process at once', async () => {
    const account = await newAdmin();
    const token = await signIn(servers[0]!, account.email, account.password);
    const other = await signIn(last(), account.email, account.password);
    expect(await everywhere(token)).toEqual(allOpen());

    expect((await api(servers[0]!, 'POST', '/api/auth/logout', token)).status).toBe(200);
    expect(await everywhere(token)).toEqual(allEnded());
    expect(await everywhere(other)).toEqual(allOpen());
  });

  it('a password change through one process ends the other sessions on every process at once', async () => {
    const account = await newAdmin();
    const onFirst = await signIn(servers[0]!, account.email, account.password);
    const onLast = await signIn(last(), account.email, account.password);
    const changing = await signIn(last(), account.email, account.password);

    const changed = await api(last(), 'POST', '/api/user/change-password', changing, {
      currentPassword: account.password,
      newPassword: `${account.password}-changed`,
    });
    expect(changed.status).toBe(200);
    expect(await everywhere(onFirst)).toEqual(allEnded());
    expect(await everywhere(onLast)).toEqual(allEnded());
    expect(await everywhere(changing)).toEqual(allOpen());
  });

  it('a session ended from the sessions list through one process is refused by every process', async () => {
    const account = await newAdmin();
    const ending = await signIn(last(), account.email, account.password);
    const ended = await signIn(servers[0]!, account.email, account.password);
    const listed = await api(last(), 'GET', '/api/auth/sessions', ending);
    const sessions = (listed.body as { sessions: Array<{ _id: string; current: boolean }> }).sessions;
    expect(sessions).toHaveLength(2);
    const target = sessions.find((session) => !session.current)!;

    expect((await api(last(), 'DELETE', `/api/auth/sessions/${target._id}`, ending)).status).toBe(200);
    expect(await everywhere(ended)).toEqual(allEnded());
    expect(await everywhere(ending)).toEqual(allOpen());
  });
});
