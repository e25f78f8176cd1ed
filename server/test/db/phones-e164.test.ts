// Migration 0012 rewrites the phone numbers stored as typed in E.164, reading a number without `+`
// as Pakistani (the default region), and leaves what is no possible number as it was.
import { sql } from 'kysely';
import { emptyDatabase, type EmptyDatabase } from '../helpers/empty-database';

let subject: EmptyDatabase;
beforeEach(async () => {
  subject = await emptyDatabase();
});
afterEach(() => subject.close());

const created = '2026-02-01T08:00:00.000Z';
const updated = '2026-03-01T08:00:00.000Z';

async function addAccount(id: string, phone: string) {
  await sql`insert into users (id, name, email, email_lower, phone_number, role, password_hash, created_at, updated_at)
    values (${id}, ${id}, ${`${id}@example.com`}, ${`${id}@example.com`}, ${phone}, 'user', 'x', ${created}, ${updated})`.execute(
    subject.db,
  );
}

async function addParticipant(id: string, phone: string) {
  await sql`insert into participants (id, name, name_lower, email, email_lower, phone, created_at, updated_at)
    values (${id}, ${id}, ${id}, ${`${id}@example.com`}, ${`${id}@example.com`}, ${phone}, ${created}, ${updated})`.execute(
    subject.db,
  );
}

const phones = async (table: 'users' | 'participants') => {
  const column = table === 'users' ? 'phone_number' : 'phone';
  const { rows } = await sql<{ id: string; phone: string; updated_at: string }>`
    select id, ${sql.ref(column)} as phone, updated_at from ${sql.table(table)} order by id`.execute(subject.db);
  return rows;
};

test('stored numbers become E.164; what is no possible number, or none, stays as it was', async () => {
  await subject.migrateTo('0011-participation');
  await addAccount('u1', '03001234567');
  await addAccount('u2', '');
  await addAccount('u3', '123');
  await addParticipant('p1', '0300 1234567');
  await addParticipant('p2', '+44 20 7946 0958');
  await addParticipant('p3', '+923001234567');
  await addParticipant('p4', '0300');
  await addParticipant('p5', '(0300) 123-4567');

  await subject.migrateTo('0012-phones-e164');
  expect(await phones('users')).toEqual([
    { id: 'u1', phone: '+923001234567', updated_at: updated },
    { id: 'u2', phone: '', updated_at: updated },
    { id: 'u3', phone: '123', updated_at: updated },
  ]);
  expect(await phones('participants')).toEqual([
    { id: 'p1', phone: '+923001234567', updated_at: updated },
    { id: 'p2', phone: '+442079460958', updated_at: updated },
    { id: 'p3', phone: '+923001234567', updated_at: updated },
    { id: 'p4', phone: '0300', updated_at: updated },
    { id: 'p5', phone: '+923001234567', updated_at: updated },
  ]);

  // Going back keeps the numbers, and the migration can run again.
  await subject.migrateTo('0011-participation');
  await subject.migrateTo('0012-phones-e164');
  expect((await phones('participants')).map((row) => row.phone)).toContain('+442079460958');
});

test('more rows than one statement rewrites are all rewritten', async () => {
  await subject.migrateTo('0011-participation');
  const count = 1203;
  for (let index = 0; index < count; index += 1) {
    await addParticipant(`p${String(index).padStart(4, '0')}`, `0300${String(1000000 + index)}`);
  }
  await subject.migrateTo('0012-phones-e164');
  const rows = await phones('participants');
  expect(rows).toHaveLength(count);
  expect(rows.every((row, index) => row.phone === `+92300${1000000 + index}`)).toBe(true);
});
