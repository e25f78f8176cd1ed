// Migration 0009 gives the workplace-concerns tables the domain's one name: concerns stored under
// the old names read back the same through today's code, and going back restores the old names.
import { sql } from 'kysely';
import { listConcernRatings } from '../../src/modules/concern-ratings/repository';
import { listConcerns } from '../../src/modules/concerns/repository';
import { postgresUrl } from '../helpers/build';
import { emptyDatabase, type EmptyDatabase } from '../helpers/empty-database';

let subject: EmptyDatabase;
beforeEach(async () => {
  subject = await emptyDatabase();
});
afterEach(() => subject.close());

const migrateTo = (name: string) => subject.migrateTo(name);

/** The names of the tables, columns and indexes the domain has. */
async function schemaNames(): Promise<string[]> {
  const { db } = subject;
  const names = postgresUrl
    ? (
        await sql<{ name: string }>`
          select table_name || '.' || column_name as name from information_schema.columns where table_schema = current_schema()
          union all select indexname from pg_indexes where schemaname = current_schema()
          union all select table_name from information_schema.tables where table_schema = current_schema()`.execute(db)
      ).rows
    : (
        await sql<{ name: string }>`
          select m.name || '.' || c.name as name from sqlite_master m join pragma_table_info(m.name) c where m.type = 'table'
          union all select name from sqlite_master where type in ('table', 'index')`.execute(db)
      ).rows;
  return names
    .map((row) => row.name.replace(/^sqlite_autoindex_/, ''))
    .filter((name) => /complaint|concern|bother/.test(name))
    .sort();
}

const at = '2026-02-01T08:00:00.000Z';

test('concerns and ratings stored under the old names read back the same, and going back restores the names', async () => {
  const { db } = subject;
  await migrateTo('0008-search-text-given');
  await sql`insert into complaints (id, title, description, bother_options, status, reporter_name, created_at, updated_at)
    values ('c1', 'Noise', 'Open office', '["Never","Always"]', 'resolved', 'Facilities', ${at}, ${at}),
           ('c2', 'Parking', 'Too few spaces', '[]', 'pending', 'Admin', ${at}, ${at})`.execute(db);
  await sql`insert into participants (id, name, name_lower, email, email_lower, phone, created_at, updated_at)
    values ('p1', 'Ada', 'ada', 'ada@example.com', 'ada@example.com', '0300', ${at}, ${at})`.execute(db);
  await sql`insert into concern_submissions (id, participant_id, session_id, created_at) values ('s1', 'p1', 'session', ${at})`.execute(
    db,
  );
  await sql`insert into concern_ratings (id, submission_id, position, complaint_id, complaint_title, complaint_description,
      complaint_options, complaint_created_at, bother_options, status, created_at)
    values ('r1', 's1', 0, 'c1', 'Noise', 'Open office', '["Never","Always"]', ${at}, '["Always"]', 'pending', ${at})`.execute(
    db,
  );
  const before = await schemaNames();

  await migrateTo('0009-concerns-naming');
  const after = await schemaNames();
  expect(after.filter((name) => /complaint|bother/.test(name))).toEqual([]);
  expect(after).toEqual(
    expect.arrayContaining([
      'concerns',
      'concerns.rating_options',
      'concerns_created_at_idx',
      'concern_ratings.chosen_options',
    ]),
  );
  if (postgresUrl) expect(after).toContain('concerns_pkey');
  expect(await listConcerns(db, 'oldest')).toEqual([
    {
      id: 'c1',
      title: 'Noise',
      description: 'Open office',
      ratingOptions: ['Never', 'Always'],
      status: 'resolved',
      reporterName: 'Facilities',
      createdAt: at,
      updatedAt: at,
    },
    {
      id: 'c2',
      title: 'Parking',
      description: 'Too few spaces',
      ratingOptions: [],
      status: 'pending',
      reporterName: 'Admin',
      createdAt: at,
      updatedAt: at,
    },
  ]);
  expect((await listConcernRatings(db, ['s1'])).get('s1')).toEqual([
    {
      id: 'r1',
      concern: {
        id: 'c1',
        title: 'Noise',
        description: 'Open office',
        ratingOptions: ['Never', 'Always'],
        createdAt: at,
      },
      chosenOptions: ['Always'],
      status: 'pending',
    },
  ]);

  await migrateTo('0008-search-text-given');
  expect(await schemaNames()).toEqual(before);
  const rows = await sql<{
    id: string;
    bother_options: string;
  }>`select id, bother_options from complaints order by id`.execute(db);
  expect(rows.rows).toEqual([
    { id: 'c1', bother_options: '["Never","Always"]' },
    { id: 'c2', bother_options: '[]' },
  ]);
  const ratings = await sql<{
    complaint_id: string;
    bother_options: string;
  }>`select complaint_id, bother_options from concern_ratings`.execute(db);
  expect(ratings.rows).toEqual([{ complaint_id: 'c1', bother_options: '["Always"]' }]);
});
