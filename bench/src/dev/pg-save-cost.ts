// Development aid (not part of `pnpm bench`): PostgreSQL's share of answer saves, with no load
// around it. On a seeded database whose savers already have PRIOR answers each, it prints the plan
// of one batch of BATCH saves (the server's own statement, `postgresSaveStatement`, as the generic
// plan of a prepared statement, as the server runs it after its first executions), then writes
// BATCHES batches on one connection and prints the wall time and PostgreSQL's CPU time a save (the
// CPU of every postgres process on the machine: other users of the server add to it). MODE=all
// replies with every answer (saves without `since`), MODE=since with those of the last second.
// DATABASE_URL: a server to create the scratch database on.
import pg from 'pg';
import { createDatabase } from '../api/database';
import { addFreshParticipants, seedDatabase } from '../api/seed';
import { openDatabase } from '../../../server/src/db/index';
import { postgresSaveStatement, type AnswerSave } from '../../../server/src/modules/progress/repository';
import { questionSet } from '../../../server/src/modules/questions/question-set';
import { postgresCpuMs } from './proc-cpu';

async function main() {
  const batch = Number(process.env.BATCH ?? 30);
  const batches = Number(process.env.BATCHES ?? 600);
  const prior = Number(process.env.PRIOR ?? 20);
  const bench = await createDatabase(
    'postgres',
    process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  try {
    const seeded = await seedDatabase(bench, { participants: Number(process.env.N ?? 100_000), fresh: 0 });
    const people = await addFreshParticipants(bench, Number(process.env.SAVERS ?? 4000), 'saver', { consented: true });
    const handle = await openDatabase({ dataDir: bench.dataDir, databaseUrl: bench.databaseUrl });
    const { version } = await questionSet(handle).latest();
    await handle.close();
    const client = new pg.Client({ connectionString: bench.databaseUrl! });
    await client.connect();
    try {
      // Answers saved long ago to the first PRIOR questions; the batches answer the ones after.
      await client.query(
        `insert into progress_answers (participant_id, question_id, user_answer, answered_at, time_ms)
         select p.id, q.id, 'earlier', '2026-01-01T00:00:00.000Z', 1000
         from unnest($1::text[]) as p(id) cross join unnest($2::text[]) as q(id)`,
        [people.map((who) => who.id), seeded.questions.slice(0, prior).map((question) => question.id)],
      );
      await client.query('vacuum analyze');
      let n = 0;
      const nextBatch = (): AnswerSave[] =>
        Array.from({ length: batch }, () => {
          const who = people[n % people.length]!;
          const question = seeded.questions[prior + (Math.floor(n / people.length) % (30 - prior))]!;
          n += 1;
          return {
            participantId: who.id,
            sessionId: who.session,
            questionId: question.id,
            userAnswer: question.correctAnswer,
            version,
            currentVersion: version,
            timeMs: 1000,
            answeredAt: new Date().toISOString(),
            after: process.env.MODE === 'all' ? '' : new Date(Date.now() - 1000).toISOString(),
          };
        });

      const first = postgresSaveStatement(nextBatch());
      await client.query('set plan_cache_mode = force_generic_plan');
      const types = (first.sql.match(/\$\d+::(text|integer)/g) ?? []).map((cast) => cast.split('::')[1]);
      await client.query(`prepare planned(${types.join(', ')}) as ${first.sql.replace(/::(text|integer)/g, '')}`);
      const literal = (value: unknown) =>
        typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
      await client.query('begin');
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) execute planned(${(first.parameters as unknown[]).map(literal).join(', ')})`,
      );
      await client.query('rollback');
      console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
      await client.query('reset plan_cache_mode');

      let wall = 0;
      let cpu = 0;
      let rows = 0;
      const warmup = Math.min(100, Math.floor(batches / 2));
      for (let b = 0; b < batches; b++) {
        const statement = postgresSaveStatement(nextBatch());
        const cpuBefore = postgresCpuMs();
        const started = performance.now();
        const result = await client.query({
          name: `saves-${batch}`,
          text: statement.sql,
          values: [...statement.parameters],
        });
        if (b < warmup) continue;
        wall += performance.now() - started;
        cpu += postgresCpuMs() - cpuBefore;
        rows += result.rows.length;
      }
      const measured = (batches - warmup) * batch;
      console.log(
        `${process.env.MODE ?? 'since'}, batches of ${batch}: ${((wall * 1000) / measured).toFixed(1)} µs a save, ` +
          `PostgreSQL CPU ${((cpu * 1000) / measured).toFixed(1)} µs a save, ${(rows / measured).toFixed(2)} rows a save`,
      );
    } finally {
      await client.end();
    }
  } finally {
    await bench.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
