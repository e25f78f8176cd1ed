// Development aid (not part of `pnpm bench`): the cost of writing submissions in batches with the
// server's own statements (`submissionStatements`), one transaction per batch on one connection,
// with no load around it: wall time and PostgreSQL's CPU time per submission, and the bytes the
// answers take. PostgreSQL only (DATABASE_URL: a server to create the scratch database on).
import pg from 'pg';
import { executeInOrder, executeKept } from '../../../server/src/db/statements/execute';
import { openDatabase } from '../../../server/src/db/index';
import { decodeAnswers, decodeCategories } from '../../../server/src/modules/results/codecs';
import { submissionStatements, type NewSubmission } from '../../../server/src/modules/results/submission-statements';
import { createDatabase } from '../api/database';
import { answersFor, createRandom, submissionRows } from '../api/rows';
import { addFreshParticipants, seedDatabase } from '../api/seed';
import { postgresCpuMs } from './proc-cpu';

async function main() {
  const batch = Number(process.env.BATCH ?? 40);
  const batches = Number(process.env.BATCHES ?? 300);
  const database = await createDatabase(
    'postgres',
    process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  try {
    const seeded = await seedDatabase(database, { participants: Number(process.env.N ?? 20000), fresh: 0 });
    // Consented, and held by the session each submission carries, as the server requires.
    const people = await addFreshParticipants(database, batch * batches, 'cost', { consented: true });
    const random = createRandom(5);
    const submissions: NewSubmission[] = people.map((who) => {
      const rows = submissionRows(
        seeded.questions,
        who,
        answersFor(seeded.questions, random),
        new Date().toISOString(),
      );
      const [id, participantId, sessionId, correct, wrong, total, percent, passed, createdAt, categories] = rows.result;
      return {
        result: {
          id,
          participantId,
          sessionId,
          correct,
          wrong,
          total,
          percent,
          passed: passed === 1,
          createdAt,
          questionSetVersion: null,
        },
        categories: decodeCategories(categories),
        answers: decodeAnswers(rows.answers[1]),
      };
    });
    if (process.env.SQL) {
      // A change to try (SQL, run before the measurement), e.g. dropping an index.
      const setup = new pg.Client({ connectionString: database.databaseUrl! });
      await setup.connect();
      await setup.query(process.env.SQL).finally(() => setup.end());
    }
    await database.settle();
    const handle = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
    const { db } = handle;
    // MODE=named: the batch as the server writes it (its own transaction, a named prepared
    // statement). MODE=plain: the same statement unnamed. Otherwise: in a Kysely transaction.
    const mode = process.env.MODE;
    const write = (items: readonly NewSubmission[]) => {
      if (mode === 'named') return executeKept(db, submissionStatements(db, items));
      if (mode === 'plain') return executeInOrder(db, submissionStatements(db, items));
      return db.transaction().execute((trx) => executeInOrder(trx, submissionStatements(trx, items)));
    };
    const warm = 20;
    for (let i = 0; i < warm; i++) await write(submissions.slice(i * batch, (i + 1) * batch));
    const cpuBefore = postgresCpuMs();
    const started = performance.now();
    for (let i = warm; i < batches; i++) await write(submissions.slice(i * batch, (i + 1) * batch));
    const elapsed = performance.now() - started;
    const written = (batches - warm) * batch;
    console.log(
      `${written} submissions in batches of ${batch}: wall ${Math.round((elapsed * 1000) / written)} µs,`,
      `PostgreSQL CPU ${Math.round(((postgresCpuMs() - cpuBefore) * 1000) / written)} µs per submission`,
    );
    const client = new pg.Client({ connectionString: database.databaseUrl! });
    await client.connect();
    const size = await client.query(
      'select avg(pg_column_size(answers))::int as stored, avg(octet_length(answers))::int as text from result_answers where result_id in (select id from results order by created_at desc limit 1000)',
    );
    await client.end();
    console.log('answers per submission, bytes:', JSON.stringify(size.rows[0]));
    await handle.close();
  } finally {
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
