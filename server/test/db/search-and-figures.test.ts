// What migration 0004 keeps beside the data: the trigram search text of each result and the
// per-month participant counts. Both follow inserts, changes and deletions.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { countResults, listResults, summarizeResults } from '../../src/modules/results/queries';
import { insertSubmission } from '../../src/modules/results/submission-statements';
import { insertParticipantIfMissing, updateParticipant } from '../../src/modules/participants/repository';
import { countParticipants, countPerMonth } from '../../src/modules/stats/repository';
import { build, type TestApp } from '../helpers/build';
import { consentedFor } from '../helpers/consent';

let subject: TestApp;
beforeAll(async () => {
  subject = await build();
});
afterAll(() => subject.close());

async function participantWithResult(name: string, email: string, createdAt: string, passed = true) {
  const id = randomUUID();
  const db = subject.app.db;
  await insertParticipantIfMissing(db, { id, name, email, phone: '0300', createdAt, updatedAt: createdAt });
  const result = {
    id: randomUUID(),
    participantId: id,
    sessionId: randomUUID(),
    correct: passed ? 8 : 2,
    wrong: passed ? 2 : 8,
    total: 10,
    percent: passed ? 80 : 20,
    passed,
    createdAt,
    questionSetVersion: null,
  };
  await consentedFor(db, [id], result.sessionId);
  await insertSubmission(db, { result, categories: [], answers: [] });
  return id;
}

const names = async (search: string) =>
  (await listResults(subject.app.db, { search }, { limit: 25, offset: 0 })).map((r) => r.participant.name);

test('a search finds results by a part of the name or email, and follows a renamed or deleted participant', async () => {
  const db = subject.app.db;
  const id = await participantWithResult('Zoltan Trigramson', 'zoltan@search.example', '2025-03-04T10:00:00.000Z');
  await participantWithResult('Other Person', 'other@search.example', '2025-03-05T10:00:00.000Z', false);
  expect(await names('trigrams')).toEqual(['Zoltan Trigramson']);
  expect(await names('SEARCH.EXAMPLE')).toEqual(['Other Person', 'Zoltan Trigramson']);
  expect(await countResults(db, { search: 'search.example' })).toBe(2);
  expect(await countResults(db, { search: 'search.example', passed: true })).toBe(1);
  expect(await summarizeResults(db, { search: 'search.example' })).toEqual({ total: 2, passed: 1, averagePercent: 50 });

  await updateParticipant(db, id, {
    name: 'Zoltan Renamed',
    email: 'zr@renamed.example',
    updatedAt: '2025-03-06T10:00:00.000Z',
  });
  expect(await names('trigrams')).toEqual([]);
  expect(await names('renamed')).toEqual(['Zoltan Renamed']);
  expect(await countResults(db, { search: 'renamed.example' })).toBe(1);

  await db.deleteFrom('participants').where('id', '=', id).execute();
  expect(await names('renamed')).toEqual([]);
  expect(await countResults(db, { search: 'renamed' })).toBe(0);
});

test('participants per month are kept as they are added and removed', async () => {
  const db = subject.app.db;
  const before = await countPerMonth(db, 'participants', '2024-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z');
  const ids = [
    await participantWithResult('May One', 'may1@months.example', '2024-05-02T08:00:00.000Z'),
    await participantWithResult('May Two', 'may2@months.example', '2024-05-31T23:59:59.999Z'),
    await participantWithResult('June One', 'june1@months.example', '2024-06-01T00:00:00.000Z'),
  ];
  const after = await countPerMonth(db, 'participants', '2024-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z');
  expect((after.get(5) ?? 0) - (before.get(5) ?? 0)).toBe(2);
  expect((after.get(6) ?? 0) - (before.get(6) ?? 0)).toBe(1);

  const counted = await countParticipants(db, '2024-06-01T00:00:00.000Z');
  const all = await db
    .selectFrom('participants')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const earlier = await db
    .selectFrom('participants')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('created_at', '<', '2024-06-01T00:00:00.000Z')
    .executeTakeFirstOrThrow();
  expect(counted).toEqual({ now: Number(all.n), before: Number(earlier.n) });
  // Not at a month boundary it is counted from the table: the June participant is then earlier.
  expect(await countParticipants(db, '2024-06-01T00:00:00.001Z')).toEqual({
    now: Number(all.n),
    before: Number(earlier.n) + 1,
  });

  await db.deleteFrom('participants').where('id', '=', ids[0]!).execute();
  const removed = await countPerMonth(db, 'participants', '2024-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z');
  expect((removed.get(5) ?? 0) - (before.get(5) ?? 0)).toBe(1);
  expect((await countParticipants(db, '2024-06-01T00:00:00.000Z')).now).toBe(counted.now - 1);
});

test('new results reach the search index in small steps (PostgreSQL: a 256 kB pending list)', async () => {
  const db = subject.app.db;
  if (subject.app.dialect === 'postgres') {
    const { rows } = await sql<{ options: string[] | null }>`
      select reloptions as options from pg_class where oid = to_regclass('results_search_trgm_idx')`.execute(db);
    expect(rows[0]?.options).toContain('gin_pending_list_limit=256');
  } else {
    // SQLite's full-text table takes each result as it is written: nothing to tune; the migration ran.
    const ran = await sql<{
      name: string;
    }>`select name from kysely_migration where name = '0006-search-pending-list'`.execute(db);
    expect(ran.rows).toHaveLength(1);
  }
});

test('a result inserted without its search text is found too (PostgreSQL: the trigger fills what the insert left empty)', async () => {
  const db = subject.app.db;
  const participantId = randomUUID();
  const createdAt = '2025-04-01T10:00:00.000Z';
  await insertParticipantIfMissing(db, {
    id: participantId,
    name: 'Wilhelmina Direct',
    email: 'wd@direct.example',
    phone: '0300',
    createdAt,
    updatedAt: createdAt,
  });
  // Written as an import would write it: the table's own columns only, no search text.
  await db
    .insertInto('results')
    .values({
      id: randomUUID(),
      participant_id: participantId,
      session_id: randomUUID(),
      correct: 1,
      wrong: 0,
      total: 1,
      percent: 100,
      passed: 1,
      created_at: createdAt,
      categories: '[]',
    })
    .execute();
  expect(await names('wilhelmina')).toEqual(['Wilhelmina Direct']);
  expect(await names('direct.example')).toEqual(['Wilhelmina Direct']);
  if (subject.app.dialect === 'postgres') {
    const { rows } = await sql<{
      text: string;
    }>`select search_text as text from results where participant_id = ${participantId}`.execute(db);
    expect(rows[0]?.text).toBe('wilhelmina direct\nwd@direct.example');
  }
});
