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
    // The results page as a prepared statement, in the plan PostgreSQL keeps after five runs when
    // that one is not dearer than the custom ones: its limit and offset unknown when planned.
    const page =
      'select page.*, reports.released_at, reports.opened_at from (select results.*, participants.name ' +
      'from results inner join participants on participants.id = results.participant_id ' +
      'order by results.created_at desc, results.id desc limit $1 offset $2) as page ' +
      'left join reports on reports.result_id = page.id order by page.created_at desc, page.id desc';
    await c.query(`prepare page(bigint, bigint) as ${page}`);
    for (const mode of ['force_custom_plan', 'force_generic_plan']) {
      await c.query(`set plan_cache_mode = ${mode}`);
      const { rows } = await c.query(`explain (analyze, buffers) execute page(25, 0)`);
      console.log('== results page,', mode);
      for (const r of rows) console.log('  ', r['QUERY PLAN']);
    }
    await c.end();
  } finally {
    await bench.drop();
  }
})();
