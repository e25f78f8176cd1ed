import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { BackupError, backupFileName, backupSqlite, restoreSqlite } from '../src/operations/backup';
import { DataDirLockedError } from '../src/db/lock';
import { sqliteFileName } from '../src/db/sqlite/sqlite';
import { currentCode } from '../src/modules/second-factor/service';
import { call, currentQuestions, newParticipant, submitAll } from './helpers/api';
import { createTestEnvironment, type TestEnvironment } from './helpers/build';
import { signaturePng } from './helpers/png';
import { createTestUser, loginAs } from './helpers/users';

// Backup and restore are for the embedded SQLite database; with DATABASE_URL the commands only
// print pg_dump/pg_restore guidance. So this file runs on SQLite in both suites.
const serverRoot = path.resolve(__dirname, '..');
let environment: TestEnvironment;
let dataDir: string;
let admin: { email: string; password: string };
const open = (overrides: { dataDir?: string } = {}) => environment.build({ databaseUrl: null, ...overrides });

type Digest = Record<string, { rows: number; sha256: string }>;

/** Every table's row count and a checksum of its rows (order-independent), read from the file. */
function digest(file: string): Digest {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const tables = (
      db
        .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
        .all() as Array<{ name: string }>
    ).map((row) => row.name);
    const result: Digest = {};
    for (const table of tables) {
      const rows = db.prepare(`select * from "${table}"`).raw().all();
      const lines = rows.map((row) => JSON.stringify(row)).sort();
      result[table] = { rows: rows.length, sha256: createHash('sha256').update(lines.join('\n')).digest('hex') };
    }
    return result;
  } finally {
    db.close();
  }
}

/** Creates a row in every table through the API (plus a failed sign-in for the rate limits). */
async function fillEveryTable(app: FastifyInstance) {
  const token = await loginAs(app, admin.email, admin.password);
  const created = async (method: 'POST', url: string, payload: unknown, as = token) => {
    const response = await call(app, method, url, { token: as, payload });
    if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  await created('POST', '/api/category', { name: 'Backed-up category' });
  await created('POST', '/api/admin/addquestion', {
    question: 'Is this question in the backup?',
    correctAnswer: 'true',
    questionType: 'truefalse',
    category: 'Backed-up category',
  });
  await created('POST', '/api/admin/createuser', {
    name: 'Backed-up Admin',
    email: 'backed.up.admin@example.com',
    password: 'a long enough password',
    role: 'admin',
    phoneNumber: '03001234567',
  });
  await created('POST', '/api/admin/invitations', {
    name: 'Backed-up Invitee',
    email: 'backed.up.invitee@example.com',
    send: false,
  });
  const concern = (
    await created('POST', '/api/complaint/create-complaint', [{ title: 'Noise', description: 'Open office' }])
  ).complaints[0];
  const participant = await newParticipant(app, {
    email: 'backed.up.participant@example.com',
    name: 'Backed-up Participant',
    consent: false,
  });
  await created('POST', '/api/useragreement/add', { imageBase64: signaturePng, date: '2026-03-02' }, participant.token);
  // One answer saved as it was given, with its time, before the submission.
  const { questionSetVersion } = (await call(app, 'GET', '/api/user/progress', { token: participant.token })).json();
  const [question] = await currentQuestions(app);
  const saved = await call(app, 'POST', '/api/user/answer', {
    token: participant.token,
    payload: { questionId: question!.id, userAnswer: question!.correctAnswer, questionSetVersion, timeMs: 4200 },
  });
  expect(saved.statusCode).toBe(200);
  expect((await submitAll(app, participant.token, (_, index) => index % 3 === 0)).statusCode).toBe(201);
  // The doctor's report on the result: a saved version of the comments, released with a link.
  const { id: resultId } = await app.db
    .selectFrom('results')
    .select('id')
    .where('participant_id', '=', participant.id)
    .executeTakeFirstOrThrow();
  const commented = await call(app, 'PUT', `/api/admin/reports/${resultId}/comments`, {
    token,
    payload: { overall: 'Backed-up comment', categories: {}, baseVersion: 0 },
  });
  expect(commented.statusCode).toBe(200);
  const sent = await call(app, 'POST', `/api/admin/reports/${resultId}/send`, { token, payload: { delivery: 'link' } });
  expect(sent.statusCode).toBe(200);
  await created(
    'POST',
    '/api/complaint-bother/add-complaint',
    [{ complaintId: concern._id, botherOptions: ['A little'] }],
    participant.token,
  );
  expect(
    (await call(app, 'POST', '/api/auth/login', { payload: { email: admin.email, password: 'wrong password' } }))
      .statusCode,
  ).toBe(401);
  // A second factor turned on (its secret and recovery codes), for the admin created above.
  const second = await loginAs(app, 'backed.up.admin@example.com', 'a long enough password');
  const setup = await call(app, 'POST', '/api/auth/second-factor/setup', { token: second });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const confirm = await call(app, 'POST', '/api/auth/second-factor/confirm', {
    token: second,
    payload: { code: currentCode(secret) },
  });
  expect(confirm.statusCode).toBe(200);
}

/** Runs a root command the way `pnpm backup` / `pnpm restore` do. */
function runCommand(script: 'backup' | 'restore', args: string[], env: Record<string, string>, cwd: string) {
  const loader = path.join(serverRoot, 'node_modules/tsx/dist/loader.mjs');
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', loader, path.join(serverRoot, 'scripts', `${script}.ts`), ...args],
      {
        cwd,
        env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

beforeAll(async () => {
  environment = await createTestEnvironment();
  dataDir = environment.config.dataDir;
  const app = await open();
  const account = await createTestUser(app, { role: 'superadmin' });
  admin = { email: account.email, password: account.password };
  await app.close();
});
afterAll(() => environment.cleanup());

describe('backup and restore (SQLite)', () => {
  const backups = () => path.join(environment.dir, 'backups');
  let backup: string;
  let atBackup: Digest;
  let liveAfterBackup: Digest;

  it('backs up while the server runs, and restores every row of every table into a fresh data directory', async () => {
    const app = await open();
    await fillEveryTable(app);
    const live = path.join(dataDir, sqliteFileName);
    atBackup = digest(live);
    for (const [table, { rows }] of Object.entries(atBackup)) {
      expect({ table, hasRows: rows > 0 }).toEqual({ table, hasRows: true });
    }

    // The server holds the data directory's lock all along: the backup does not need it.
    backup = path.join(backups(), backupFileName(new Date('2026-03-02T10:00:00Z')));
    const { file, bytes } = await backupSqlite(dataDir, backup);
    expect(file).toBe(backup);
    expect(path.basename(file)).toBe('prometrica-2026-03-02T10-00-00-000Z.sqlite');
    expect(bytes).toBeGreaterThan(0);
    expect(fs.existsSync(`${backup}.partial`)).toBe(false);

    // Later changes are not in the backup.
    expect(
      (await call(app, 'POST', '/api/auth/validateuser', { payload: { email: 'after.backup@example.com' } }))
        .statusCode,
    ).toBe(200);
    await app.close();
    liveAfterBackup = digest(live);
    expect(liveAfterBackup.participants!.rows).toBe(atBackup.participants!.rows + 1);

    const fresh = path.join(environment.dir, 'fresh-data');
    const { database, previous } = await restoreSqlite(fresh, backup);
    expect(database).toBe(path.join(fresh, sqliteFileName));
    expect(previous).toBeNull();

    const reopened = await open({ dataDir: fresh });
    expect(digest(database)).toEqual(atBackup);
    // And the server works on it (a fresh data directory has a new signing secret: sign in again).
    const token = await loginAs(reopened, admin.email, admin.password);
    const results = await call(reopened, 'GET', '/api/admin/getquizresult?search=backed.up', { token });
    expect(results.json().totalResults).toBe(1);
    await reopened.close();
  });

  it('takes a consistent snapshot in the middle of a burst of writes', async () => {
    const app = await open();
    const count = async () => (await app.db.selectFrom('participants').select('id').execute()).length;
    const before = await count();
    const target = path.join(backups(), 'during-writes.sqlite');
    const writes = Array.from({ length: 40 }, (_, index) =>
      call(app, 'POST', '/api/auth/validateuser', { payload: { email: `burst${index}@example.com` } }),
    );
    const [result] = await Promise.all([backupSqlite(dataDir, target), ...writes]);
    const after = await count();
    await app.close();
    expect(after).toBe(before + 40);
    const snapshot = digest(result.file).participants!.rows;
    expect(snapshot).toBeGreaterThanOrEqual(before);
    expect(snapshot).toBeLessThanOrEqual(after);
  });

  it('keeps the database a restore replaces as prometrica.sqlite.before-restore-<time>', async () => {
    const live = digest(path.join(dataDir, sqliteFileName));
    expect(live.participants!.rows).toBe(liveAfterBackup.participants!.rows + 40);
    const { database, previous } = await restoreSqlite(dataDir, backup, new Date('2026-03-02T11:30:00Z'));
    expect(previous).toBe(path.join(dataDir, 'prometrica.sqlite.before-restore-2026-03-02T11-30-00-000Z'));
    expect(digest(previous!)).toEqual(live);
    expect(digest(database)).toEqual(atBackup);
    expect(fs.existsSync(`${database}.restoring`)).toBe(false);
  });

  it('refuses to restore while a server holds the data directory, and changes nothing', async () => {
    const app = await open();
    const before = fs.readdirSync(dataDir).sort();
    await expect(restoreSqlite(dataDir, backup)).rejects.toThrow(DataDirLockedError);
    expect(fs.readdirSync(dataDir).sort()).toEqual(before);
    expect((await call(app, 'GET', '/api/health')).statusCode).toBe(200);
    await app.close();
  });

  it('refuses a backup that fails the integrity check or is not a Prometrica database', async () => {
    const bad = path.join(environment.dir, 'bad');
    fs.mkdirSync(bad, { recursive: true });
    const garbage = path.join(bad, 'garbage.sqlite');
    fs.writeFileSync(garbage, 'this is not a database'.repeat(100));
    const empty = path.join(bad, 'empty.sqlite');
    new SqliteDatabase(empty).exec('create table notes (text text)');
    const damaged = path.join(bad, 'damaged.sqlite');
    const bytes = fs.readFileSync(backup);
    // Scribble over pages past the first: the header still says SQLite, the b-trees are broken.
    for (let offset = 4096; offset < bytes.length; offset += 1024) bytes.fill(0x5a, offset, offset + 200);
    fs.writeFileSync(damaged, bytes);

    const before = digest(path.join(dataDir, sqliteFileName));
    for (const file of [garbage, empty, damaged, path.join(bad, 'missing.sqlite')]) {
      await expect(restoreSqlite(dataDir, file)).rejects.toThrow(BackupError);
    }
    expect(digest(path.join(dataDir, sqliteFileName))).toEqual(before);
  });

  it('never overwrites a file, and says so when there is nothing to back up', async () => {
    await expect(backupSqlite(dataDir, backup)).rejects.toThrow(/already exists/);
    await expect(backupSqlite(path.join(environment.dir, 'no-data'), path.join(backups(), 'x.sqlite'))).rejects.toThrow(
      /no database/i,
    );
  });

  it('pnpm backup writes backups/prometrica-<time>.sqlite while the server runs; pnpm restore refuses until it stops', async () => {
    const app = await open();
    const cwd = path.join(environment.dir, 'commands');
    fs.mkdirSync(cwd, { recursive: true });
    const env = { DATA_DIR: dataDir };
    const [backedUp, refused, pgBackup, pgRestore] = await Promise.all([
      runCommand('backup', [], env, cwd),
      runCommand('restore', [backup], env, cwd),
      runCommand('backup', [], { ...env, DATABASE_URL: 'postgres://prometrica@127.0.0.1:1/prometrica' }, cwd),
      runCommand('restore', [backup], { ...env, DATABASE_URL: 'postgres://prometrica@127.0.0.1:1/prometrica' }, cwd),
    ]);
    await app.close();

    expect(backedUp).toMatchObject({ code: 0, output: expect.stringContaining('integrity check passed') });
    const written = fs.readdirSync(path.join(cwd, 'backups'));
    expect(written).toEqual([expect.stringMatching(/^prometrica-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.sqlite$/)]);

    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/server \(process \d+\) is using .*stop it, then run pnpm restore again/);

    for (const [result, tool] of [
      [pgBackup, 'pg_dump'],
      [pgRestore, 'pg_restore'],
    ] as const) {
      expect(result.code).toBe(0);
      expect(result.output).toContain(tool);
      expect(result.output).toContain('does nothing');
    }
    // Only the SQLite backup above was written.
    expect(fs.readdirSync(path.join(cwd, 'backups'))).toEqual(written);
  });
});
