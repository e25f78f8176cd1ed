import fs from 'node:fs';
import path from 'node:path';
import { sqliteFileName } from '../../src/db/sqlite/sqlite';
import { listAnswers } from '../../src/modules/results/queries';
import { jwtSecretFileName } from '../../src/modules/settings/service';
import { answersFor, call, newParticipant } from '../helpers/api';
import { createTestEnvironment, expectedDialect, type TestEnvironment } from '../helpers/build';
import { createTestUser, loginAs } from '../helpers/users';

let environment: TestEnvironment;
beforeEach(async () => {
  environment = await createTestEnvironment();
});
afterEach(() => environment.cleanup());

const checkAuth = (app: Awaited<ReturnType<TestEnvironment['build']>>, token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/checkauth', headers: { authorization: `Bearer ${token}` } });

describe('persistence', () => {
  it('keeps accounts and sign-ins across a close and reopen', async () => {
    const first = await environment.build();
    const user = await createTestUser(first, { email: 'kept@example.com', role: 'admin' });
    const token = await loginAs(first, user.email, user.password);
    await first.close();

    const second = await environment.build();
    const rows = await second.db.selectFrom('users').select('email').orderBy('email').execute();
    expect(rows.map((row) => row.email)).toEqual(['admin@prometrica.local', 'kept@example.com']);
    // The generated JWT secret was kept, so an earlier token still works.
    expect((await checkAuth(second, token)).statusCode).toBe(200);
    await expect(loginAs(second, 'KEPT@example.com', user.password)).resolves.toEqual(expect.any(String));
  });

  it('keeps separate databases apart even when they start at the same time', async () => {
    const other = await createTestEnvironment();
    try {
      const [first, second] = await Promise.all([environment.build(), other.build()]);
      await createTestUser(first, { email: 'only-in-first@example.com' });
      const inSecond = await second.db.selectFrom('users').select('email').execute();
      expect(inSecond).toEqual([{ email: 'admin@prometrica.local' }]);
    } finally {
      await other.cleanup();
    }
  });

  it('runs migrations once: reopening applies nothing new', async () => {
    const first = await environment.build();
    const migrations = await first.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    expect(migrations.length).toBeGreaterThan(0);
    await first.close();

    const second = await environment.build();
    const again = await second.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    expect(again).toEqual(migrations);
  });

  it('keeps a generated JWT secret where every server process finds it', async () => {
    const app = await environment.build();
    if (expectedDialect === 'sqlite') {
      const file = path.join(environment.config.dataDir, jwtSecretFileName);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
      expect(fs.existsSync(path.join(environment.config.dataDir, sqliteFileName))).toBe(true);
    } else {
      const row = await app.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'jwt_secret')
        .executeTakeFirst();
      expect(row?.value.length).toBeGreaterThanOrEqual(32);
    }
  });

  it(
    expectedDialect === 'postgres'
      ? 'lets two servers share one PostgreSQL database: one seed, one secret, tokens valid on both'
      : 'keeps SQLite to one server per data directory',
    async () => {
      const first = await environment.build();
      if (expectedDialect === 'postgres') {
        const second = await environment.build();
        const user = await createTestUser(first, { role: 'admin' });
        const token = await loginAs(first, user.email, user.password);
        expect((await checkAuth(second, token)).statusCode).toBe(200);
        const superadmins = await second.db.selectFrom('users').select('id').where('role', '=', 'superadmin').execute();
        expect(superadmins).toHaveLength(1);
      } else {
        await expect(environment.build()).rejects.toThrow('already in use');
      }
      expect((await first.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    },
  );

  it('stores a submission still being handled when the app closes (its client may be gone)', async () => {
    const app = await environment.build();
    const participant = await newParticipant(app);
    const answers = await answersFor(app);
    // Not a connection the server waits for: like a client that has gone away mid-request.
    const submitting = call(app, 'POST', '/api/user/submitanswer', {
      token: participant.token,
      payload: { name: participant.name, email: participant.email, contactno: participant.phone, answers },
    });
    while (app.inFlight.size === 0) await new Promise((resolve) => setImmediate(resolve));
    await app.close();
    expect((await submitting).statusCode).toBe(201);

    const reopened = await environment.build();
    const stored = await reopened.db.selectFrom('results').select(['id', 'participant_id']).execute();
    expect(stored.map((result) => result.participant_id)).toEqual([participant.id]);
    expect(await listAnswers(reopened.db, stored[0]!.id)).toHaveLength(answers.length);
  });
});
