import { sql } from 'kysely';
import { statsResponseSchema } from '@prometrica/shared-api/contract';
import { appForTests } from '../helpers/build';
import { call, newParticipant } from '../helpers/api';
import { quickUser } from '../helpers/users';

const subject = appForTests({ signIn: 'admin' });

const stats = async (query = '') => {
  const response = await call(subject.app, 'GET', `/api/admin/stats${query}`, { token: subject.token });
  expect(response.statusCode).toBe(200);
  return statsResponseSchema.strict().parse(response.json());
};

async function backdate(table: 'participants' | 'users' | 'questions', id: string, createdAt: string) {
  await subject.app.db.updateTable(table).set({ created_at: createdAt }).where('id', '=', id).execute();
}

describe('GET /api/admin/stats', () => {
  it('counts users, questions and admins now and as of last month, per month of a year, and per role', async () => {
    const before = await stats();
    // Now: 1 superadmin (seeded) + 1 admin; 12 demo questions; no participants yet.
    expect(before.totals).toEqual({ users: 0, questions: 12, admins: 2 });
    expect(before.year).toBe(new Date().getUTCFullYear());
    expect(before.roles).toEqual([
      { role: 'superadmin', count: 1 },
      { role: 'admin', count: 1 },
      { role: 'user', count: 0 },
      { role: 'participant', count: 0 },
    ]);

    // 2021: two participants in March, one user account in March, one in December; a question in July.
    const p1 = await newParticipant(subject.app);
    const p2 = await newParticipant(subject.app);
    await newParticipant(subject.app); // created now
    await backdate('participants', p1.id, '2021-03-02T08:00:00.000Z');
    await backdate('participants', p2.id, '2021-03-31T23:59:59.999Z');
    await quickUser(subject.app, { role: 'user', createdAt: '2021-03-15T00:00:00.000Z' });
    await quickUser(subject.app, { role: 'user', createdAt: '2021-12-01T00:00:00.000Z' });
    await quickUser(subject.app, { role: 'admin', createdAt: '2021-06-01T00:00:00.000Z' });
    await quickUser(subject.app, { role: 'user' }); // created now
    const question = await subject.app.db.selectFrom('questions').select('id').executeTakeFirstOrThrow();
    await backdate('questions', question.id, '2021-07-04T12:00:00.000Z');

    const year = await stats('?year=2021');
    expect(year.year).toBe(2021);
    expect(year.monthly).toHaveLength(12);
    expect(year.monthly.map((month) => month.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(year.monthly[2]).toEqual({ month: 3, users: 3, questions: 0 });
    expect(year.monthly[6]).toEqual({ month: 7, users: 0, questions: 1 });
    expect(year.monthly[11]).toEqual({ month: 12, users: 1, questions: 0 });
    // Admins are not users.
    expect(year.monthly[5]).toEqual({ month: 6, users: 0, questions: 0 });

    expect(year.totals).toEqual({ users: 3 + 3, questions: 12, admins: 3 });
    // Last month: everything created before the first of this month (the backdated rows only).
    expect(year.lastMonth).toEqual({ users: 4, questions: 1, admins: 1 });
    expect(year.roles).toEqual([
      { role: 'superadmin', count: 1 },
      { role: 'admin', count: 2 },
      { role: 'user', count: 3 },
      { role: 'participant', count: 3 },
    ]);
  });

  it('refuses a year outside 2000..2100 or not a number', async () => {
    for (const [query, message] of [
      ['?year=1999', 'year: year must be 2000 or later'],
      ['?year=2101', 'year: year must be 2100 or earlier'],
      ['?year=soon', 'year: year must be a number'],
    ] as const) {
      const response = await call(subject.app, 'GET', `/api/admin/stats${query}`, { token: subject.token });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, error: 'year' });
    }
  });

  it('stays fast with 100,000 participants', async () => {
    const participantsBefore = (await stats()).roles.find((role) => role.role === 'participant')!.count;
    // One statement on both engines: 100,000 participants spread over the months of 2022.
    await sql`
      insert into participants (id, name, name_lower, email, email_lower, phone, created_at, updated_at)
      with recursive seq(n) as (select 1 union all select n + 1 from seq where n < 100000)
      select 'bulk-' || n, 'Bulk ' || n, 'bulk ' || n, 'bulk' || n || '@example.com', 'bulk' || n || '@example.com', '',
        '2022-' || substr('010203040506070809101112', (n % 12) * 2 + 1, 2) || '-15T12:00:00.000Z',
        '2022-' || substr('010203040506070809101112', (n % 12) * 2 + 1, 2) || '-15T12:00:00.000Z'
      from seq
    `.execute(subject.app.db);
    if (subject.app.dialect === 'postgres') await sql`analyze participants`.execute(subject.app.db);

    const started = performance.now();
    const body = await stats('?year=2022');
    const elapsed = performance.now() - started;
    expect(body.monthly.reduce((sum, month) => sum + month.users, 0)).toBe(100_000);
    expect(body.monthly[0]!.users).toBe(8333);
    expect(body.roles.find((role) => role.role === 'participant')!.count).toBe(participantsBefore + 100_000);
    if (process.env.SHOW_TIMING) console.log(`stats with 100,000 participants: ${elapsed.toFixed(0)} ms`);
    expect(elapsed).toBeLessThan(1500);
  });
});
