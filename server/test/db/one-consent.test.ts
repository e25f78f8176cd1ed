// Migration 0010 keeps one signed consent per participant, the newest, and makes the database
// refuse a second one; going back allows several again.
import { sql } from 'kysely';
import { isUniqueViolation } from '../../src/db/errors';
import { emptyDatabase, type EmptyDatabase } from '../helpers/empty-database';

let subject: EmptyDatabase;
beforeEach(async () => {
  subject = await emptyDatabase();
});
afterEach(() => subject.close());

const at = (minute: number) => `2026-02-01T08:${String(minute).padStart(2, '0')}:00.000Z`;

async function addParticipant(id: string) {
  await sql`insert into participants (id, name, name_lower, email, email_lower, phone, created_at, updated_at)
    values (${id}, ${id}, ${id}, ${`${id}@example.com`}, ${`${id}@example.com`}, '0300', ${at(0)}, ${at(0)})`.execute(
    subject.db,
  );
}

const sign = (id: string, participant: string, createdAt: string) =>
  sql`insert into agreements (id, participant_id, image_base64, date, created_at)
    values (${id}, ${participant}, 'iVBORw0KGgo=', '2026-02-01', ${createdAt})`.execute(subject.db);

const agreementIds = async () =>
  (await subject.db.selectFrom('agreements').select('id').orderBy('id').execute()).map((row) => row.id);

test('duplicates are reduced to the newest consent of each participant, and a second one is refused', async () => {
  await subject.migrateTo('0009-concerns-naming');
  for (const participant of ['p1', 'p2', 'p3']) await addParticipant(participant);
  await sign('a1', 'p1', at(1));
  await sign('a2', 'p1', at(3)); // p1's newest
  await sign('a3', 'p1', at(2));
  await sign('b1', 'p2', at(5));
  await sign('b2', 'p2', at(5)); // same time: the higher id is kept
  await sign('c1', 'p3', at(4));

  await subject.migrateTo('0010-one-consent-per-participant');
  expect(await agreementIds()).toEqual(['a2', 'b2', 'c1']);
  const second = await sign('c2', 'p3', at(6)).catch((error: unknown) => error);
  expect(isUniqueViolation(second)).toBe(true);
  expect(await agreementIds()).toEqual(['a2', 'b2', 'c1']);

  await subject.migrateTo('0009-concerns-naming');
  await sign('c2', 'p3', at(6));
  expect(await agreementIds()).toEqual(['a2', 'b2', 'c1', 'c2']);
});
