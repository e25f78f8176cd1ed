import { sql } from 'kysely';
import { statsResponseSchema, userListResponseSchema } from '@prometrica/shared-api/contract';
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
  it('counts participants, staff accounts and questions apart, now and as of last month, per month and per role', async () => {
    const before = await stats();
    // Now: 1 superadmin (seeded) + 1 admin; 12 demo questions; no participants yet.
    expect(before.totals).toEqual({ participants: 0, accounts: 2, users: 0, admins: 2, questions: 12 });
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
    // Participants per month: accounts (of any role) are not participants.
    expect(year.monthly[2]).toEqual({ month: 3, participants: 2, questions: 0 });
    expect(year.monthly[6]).toEqual({ month: 7, participants: 0, questions: 1 });
    expect(year.monthly[11]).toEqual({ month: 12, participants: 0, questions: 0 });
    expect(year.monthly[5]).toEqual({ month: 6, participants: 0, questions: 0 });

    expect(year.totals).toEqual({ participants: 3, accounts: 2 + 4, users: 3, admins: 3, questions: 12 });
    // Last month: everything created before the first of this month (the backdated rows only).
    expect(year.lastMonth).toEqual({ participants: 2, accounts: 3, users: 2, admins: 1, questions: 1 });
    expect(year.roles).toEqual([
      { role: 'superadmin', count: 1 },
      { role: 'admin', count: 2 },
      { role: 'user', count: 3 },
      { role: 'participant', count: 3 },
    ]);
  });

  it('lists only the months that have begun: January to this month this year, all of a past year, none of a later one', async () => {
    const now = new Date();
    const thisYear = await stats();
    expect(thisYear.monthly.map((month) => month.month)).toEqual(
      Array.from({ length: now.getUTCMonth() + 1 }, (_, index) => index + 1),
    );
    expect((await stats(`?year=${now.getUTCFullYear() - 1}`)).monthly).toHaveLength(12);
    expect((await stats(`?year=${now.getUTCFullYear() + 1}`)).monthly).toEqual([]);
  });

  it('counts staff accounts as the users list does: one figure for both screens', async () => {
    const [overview, list] = await Promise.all([
      stats(),
      call(subject.app, 'GET', '/api/admin/getallusers', { token: subject.token }),
    ]);
    const listed = userListResponseSchema.strict().parse(list.json());
    expect(listed.counts).toEqual({
      accounts: overview.totals.accounts,
      users: overview.totals.users,
      admins: overview.totals.admins,
    });
    expect(listed.counts.accounts).toBe(listed.users.length);
  });

  it('counts participants as the Participants section does: the same figure on both screens', async () => {
    await newParticipant(subject.app);
    const [overview, list] = await Promise.all([
      stats(),
      call(subject.app, 'GET', '/api/admin/participants?limit=1', { token: subject.token }),
    ]);
    expect(list.statusCode).toBe(200);
    expect(overview.totals.participants).toBeGreaterThan(0);
    expect(list.json().totalParticipants).toBe(overview.totals.participants);
    expect(overview.roles.find((role) => role.role === 'participant')!.count).toBe(overview.totals.participants);
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

  // How fast this is at 100,000 participants is the bench's to say ("dashboard figures", with a
  // budget): here, that a year's participants inserted in bulk are all counted, month by month.
  it('counts every participant of a year by month, from a bulk insert', async () => {
    const participantsBefore = (await stats()).roles.find((role) => role.role === 'participant')!.count;
    // One statement on both engines: 24,000 participants spread over the months of 2022.
    await sql`
      insert into participants (id, name, name_lower, email, email_lower, phone, created_at, updated_at)
      with recursive seq(n) as (select 1 union all select n + 1 from seq where n < 24000)
      select 'bulk-' || n, 'Bulk ' || n, 'bulk ' || n, 'bulk' || n || '@example.com', 'bulk' || n || '@example.com', '',
        '2022-' || substr('010203040506070809101112', (n % 12) * 2 + 1, 2) || '-15T12:00:00.000Z',
        '2022-' || substr('010203040506070809101112', (n % 12) * 2 + 1, 2) || '-15T12:00:00.000Z'
      from seq
    `.execute(subject.app.db);
    if (subject.app.dialect === 'postgres') await sql`analyze participants`.execute(subject.app.db);

    const body = await stats('?year=2022');
    expect(body.monthly.map((month) => month.participants)).toEqual(Array.from({ length: 12 }, () => 2000));
    expect(body.roles.find((role) => role.role === 'participant')!.count).toBe(participantsBefore + 24_000);
  });
});
