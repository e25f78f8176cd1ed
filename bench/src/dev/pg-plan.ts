// Development aid: PostgreSQL plans of the results/stats SQL on a seeded database.
import pg from 'pg';
import { createDatabase } from '../api/database';
import { seedDatabase } from '../api/seed';

(async () => {
  const bench = await createDatabase('postgres', 'postgres://postgres@127.0.0.1:5432/postgres');
  try {
    await seedDatabase(bench, { participants: Number(process.env.N ?? 100000), fresh: 0 });
    const c = new pg.Client({ connectionString: bench.databaseUrl! });
    await c.connect();
    if (process.env.VACUUM) await c.query('vacuum analyze');
    const like = `'%okafor%'`;
    const queries: [string, string][] = [
      [
        'count search',
        `select count(*) from results where results.participant_id in (select id from participants where name_lower like ${like} escape '\\' or email_lower like ${like} escape '\\')`,
      ],
      [
        'monthly',
        `select (select count(*) from participants where created_at >= '2026-03-01T00:00:00.000Z' and created_at < '2026-04-01T00:00:00.000Z') as m3`,
      ],
      [
        'participants',
        `select (select count(*) from participants), (select count(*) from participants where created_at >= '2026-11-01T00:00:00.000Z')`,
      ],
      ['summary none', `select count(*), sum(passed), avg(percent) from results`],
    ];
    for (const [label, q] of queries) {
      const { rows } = await c.query(`explain (analyze, buffers) ${q}`);
      console.log('==', label);
      for (const r of rows) console.log('  ', r['QUERY PLAN']);
    }
    await c.end();
  } finally {
    await bench.drop();
  }
})();
