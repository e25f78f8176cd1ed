// Development aid: query plans and timings of the results/stats SQL on a seeded SQLite database.
import Sqlite from 'better-sqlite3';
import { createDatabase } from '../api/database';
import { seedDatabase } from '../api/seed';

(async () => {
  const db = await createDatabase('sqlite');
  await seedDatabase(db, { participants: Number(process.env.N ?? 100000), fresh: 0 });
  const s = new Sqlite(db.sqliteFile!);
  if (process.env.CACHE) s.pragma(`cache_size = ${process.env.CACHE}`);
  for (const ddl of (process.env.DDL ?? '').split(';').filter(Boolean)) s.exec(ddl);
  const q = (label: string, sql: string, ...args: unknown[]) => {
    console.log('==', label);
    for (const r of s.prepare('explain query plan ' + sql).all(...args) as { detail: string }[])
      console.log('   ', r.detail);
    const st = s.prepare(sql);
    st.all(...args);
    const t = performance.now();
    for (let i = 0; i < 10; i++) st.all(...args);
    console.log('   ms', ((performance.now() - t) / 10).toFixed(2), JSON.stringify(st.all(...args)[0]).slice(0, 100));
  };
  const like = `(participants.name_lower like '%okafor%' escape '\\' or participants.email_lower like '%okafor%' escape '\\')`;
  const fts = `results.rowid in (select rowid from result_search where result_search match '"okafor"')`;
  q('fts only', `select count(*) from result_search where result_search match '"okafor"'`);
  q('count', `select count(*) from results where ${fts}`);
  q('summary', `select count(*), sum(results.passed), avg(results.percent) from results where ${fts}`);
  q(
    'list',
    `select results.*, participants.name from results inner join participants on participants.id = results.participant_id where results.id in (select id from results where ${fts} order by results.created_at desc, results.id desc limit 25 offset 0) order by results.created_at desc, results.id desc`,
  );
  void like;
  q('list ids A', `select id from results where ${fts} order by results.created_at desc, results.id desc limit 25`);
  q(
    'list ids B',
    `select id from results indexed by results_created_at_idx where ${fts} order by results.created_at desc, results.id desc limit 25`,
  );
  q(
    'list ids B offset 2000',
    `select id from results indexed by results_created_at_idx where ${fts} order by results.created_at desc, results.id desc limit 25 offset 2000`,
  );
  q(
    'list ids A offset 2000',
    `select id from results where ${fts} order by results.created_at desc, results.id desc limit 25 offset 2000`,
  );
  q('count fts', `select count(*) from result_search where result_search match '"okafor"'`);
  q('count all', `select count(*) from results`);
  q('summary all', `select count(*), sum(results.passed), avg(results.percent) from results`);
  q(
    'list all',
    `select results.*, participants.name from results inner join participants on participants.id = results.participant_id order by results.created_at desc, results.id desc limit 25 offset 0`,
  );
  q(
    'participants count',
    `select (select count(*) from participants), (select count(*) from participants where created_at >= '2026-11-01')`,
  );
  const months = Array.from(
    { length: 12 },
    (_, i) =>
      `(select count(*) from participants where created_at >= '${new Date(Date.UTC(2026, i, 1)).toISOString()}' and created_at < '${new Date(Date.UTC(2026, i + 1, 1)).toISOString()}') as m${i + 1}`,
  );
  q('monthly', `select ${months.join(', ')}`);
  s.close();
  await db.drop();
})();
