// Development aid (not part of `pnpm bench`): what the aggregates of Insights cost and give, on one
// engine (ENGINE: sqlite or postgres; DATABASE_URL for postgres). On N seeded results (100,000 × 30
// unless N says otherwise): the results page as it opens, with a search, and Insights, at one
// connection and at CONNECTIONS (100); then the server's submission statements in batches of BATCH
// (64, the group commit's cap), each batch its own transaction on one connection, with the
// aggregates and (SQLite, where they are statements of their own) without them, with each
// statement's mean time a batch on SQLite. STATEMENTS_ONLY=1 leaves out the reads.
import { openDatabase } from '../../../server/src/db/index';
import { executeKept, runInOrder } from '../../../server/src/db/statements/execute';
import { insightCodes } from '../../../server/src/modules/insights/service';
import type { VersionedQuestion } from '../../../server/src/modules/questions/service';
import { scoreAnswers } from '../../../server/src/modules/quiz/scoring';
import { submissionStatements, type NewSubmission } from '../../../server/src/modules/results/submission-statements';
import { timeOrderedId } from '../../../server/src/lib/ids';
import { createDatabase, type Engine } from '../api/database';
import { runLoad } from '../api/load';
import { startBenchServer } from '../api/processes';
import { adminLogin } from '../api/requests';
import { answersFor, createRandom, searchTerm } from '../api/rows';
import { addFreshParticipants, seedDatabase, seededVersion } from '../api/seed';

async function main() {
  const engine = (process.env.ENGINE ?? 'sqlite') as Engine;
  const participants = Number(process.env.N ?? 100_000);
  const batch = Number(process.env.BATCH ?? 64);
  const batches = Number(process.env.BATCHES ?? 120);
  const database = await createDatabase(engine, process.env.DATABASE_URL || undefined);
  try {
    const started = performance.now();
    const seeded = await seedDatabase(database, { participants, fresh: 0 });
    console.log(
      `seeded ${participants} results and their aggregates in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const people = await addFreshParticipants(database, batch * batches * 2, 'cost', { consented: true });
    await database.settle();

    if (!process.env.STATEMENTS_ONLY) await readFigures(engine, database);

    // The submission statements alone, on the seeded version.
    const handle = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
    try {
      const { db } = handle;
      const row = await db
        .selectFrom('question_set_versions')
        .select('questions')
        .where('version', '=', seededVersion)
        .executeTakeFirstOrThrow();
      const records = JSON.parse(row.questions) as VersionedQuestion[];
      const random = createRandom(5);
      const submissions: NewSubmission[] = people.map((who) => {
        const score = scoreAnswers(records, answersFor(seeded.questions, random));
        return {
          result: {
            id: timeOrderedId(),
            participantId: who.id,
            sessionId: who.session,
            ...score.totals,
            createdAt: new Date().toISOString(),
            questionSetVersion: seededVersion,
          },
          categories: score.categories,
          answers: score.answers,
          currentVersion: seededVersion,
          insight: insightCodes(records, score.answers),
        };
      });
      // SQLite without the aggregates: the statements but the five that add to them.
      const withoutAggregates = (statements: ReturnType<typeof submissionStatements>) =>
        statements.filter(
          (statement) => !/insert into (result_period_totals|result_percent_counts|insight_)/.test(statement.sql),
        );
      const write = async (items: readonly NewSubmission[], aggregates: boolean) => {
        if (engine === 'postgres') return executeKept(db, submissionStatements(db, items));
        const statements = submissionStatements(db, items);
        // Each statement timed as it runs (those whose condition does not hold are not run).
        return db.transaction().execute((trx) =>
          runInOrder(aggregates ? statements : withoutAggregates(statements), async (statement) => {
            const at = performance.now();
            const { rows } = await trx.executeQuery(statement);
            const table = /insert into (\w+)/.exec(statement.sql)?.[1] ?? 'other';
            statementMs.set(table, (statementMs.get(table) ?? 0) + performance.now() - at);
            return rows as unknown[];
          }),
        );
      };
      // Time in each statement (by the table it writes) over a mode's batches (SQLite).
      const statementMs = new Map<string, number>();
      const modes = engine === 'postgres' ? [true] : [false, true, false, true];
      let next = 0;
      for (const aggregates of modes) {
        const rounds = batches / modes.length;
        const times: number[] = [];
        for (let i = 0; i < rounds; i++) {
          const items = submissions.slice(next, next + batch);
          next += batch;
          const at = performance.now();
          await write(items, aggregates);
          times.push(performance.now() - at);
        }
        times.sort((a, b) => a - b);
        if (statementMs.size > 0) {
          const each = [...statementMs].map(([table, ms]) => `${table} ${(ms / rounds).toFixed(2)}`).join(', ');
          console.log(`${engine} ${aggregates ? 'with' : 'without'} the aggregates, ms a batch: ${each}`);
          statementMs.clear();
        }
        const mean = times.reduce((s, t) => s + t, 0) / times.length;
        console.log(
          `${engine} a batch of ${batch} ${aggregates ? 'with' : 'without'} the aggregates: mean ${mean.toFixed(2)} ms, ` +
            `median ${times[Math.floor(times.length / 2)]!.toFixed(2)} ms (${((mean * 1000) / batch).toFixed(0)} µs a submission)`,
        );
      }
    } finally {
      await handle.close();
    }
  } finally {
    await database.drop();
  }
}

/** The results page, its search and Insights, read at one connection and at CONNECTIONS. */
async function readFigures(engine: Engine, database: Awaited<ReturnType<typeof createDatabase>>) {
  const connections = Number(process.env.CONNECTIONS ?? 100);
  const seconds = Number(process.env.SECONDS ?? 8);
  const server = await startBenchServer(database.serverEnv, database.dataDir);
  try {
    const headers = { authorization: `Bearer ${await adminLogin(server.url)}` };
    for (const [name, path] of [
      ['results page', '/api/admin/getquizresult?page=1&limit=25'],
      ['results search', `/api/admin/getquizresult?page=1&limit=25&search=${searchTerm}`],
      ['insights', `/api/admin/insights?version=${seededVersion}`],
      ['insights, a quarter', `/api/admin/insights?version=${seededVersion}&from=2026-01-15&to=2026-04-14`],
    ] as const) {
      const load = { name, method: 'GET' as const, path, headers };
      const single = await runLoad(server.url, load, { connections: 1, seconds, warmupSeconds: 1 });
      const loaded = await runLoad(server.url, load, { connections, seconds, warmupSeconds: 1 });
      console.log(
        `${engine} ${name}: p50 ${single.latencyMs.p50} p95 ${single.latencyMs.p95} ms at 1 conn; ` +
          `${loaded.requestsPerSecond} req/s p95 ${loaded.latencyMs.p95} ms at ${connections} (non-2xx ${single.non2xx + loaded.non2xx})`,
      );
    }
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
