// The write baseline: the rows the server writes for one submission (the result with its category
// figures, and its answer snapshots) inserted in one transaction straight through the driver, with
// the server's durability settings (SQLite: WAL, synchronous=FULL, foreign keys on; PostgreSQL:
// defaults). As for the server, the participants exist beforehand (added in bulk, untimed).
// SQLite has one writer, so submissions go one after another; PostgreSQL gets as many concurrent
// connections as the server's pool (pg's default, 10).
import type { BenchDatabase } from './database';
import { answersFor, createRandom, submissionRows, type ParticipantSeed, type QuestionSeed } from './rows';
import { addFreshParticipants } from './seed';
import { postgresWriter, sqliteWriter, type Writer } from './writer';

export interface DriverBaseline {
  submissions: number;
  seconds: number;
  submissionsPerSecond: number;
  connections: number;
}

/** The server's PostgreSQL pool size (pg.Pool's default). */
export const postgresPoolSize = 10;

/** Participants to submit for, added in bulk between timed rounds. */
const participantsPerRound = 4000;

function submissionSource(questions: readonly QuestionSeed[]) {
  const random = createRandom(7);
  return (who: ParticipantSeed) =>
    submissionRows(questions, who, answersFor(questions, random), new Date().toISOString());
}

async function writeOne(writer: Writer, rows: ReturnType<typeof submissionRows>) {
  await writer.transaction(async () => {
    await writer.insert('results', [rows.result]);
    await writer.insert('result_answers', [rows.answers]);
  });
}

export async function measureDriverBaseline(
  database: BenchDatabase,
  questions: readonly QuestionSeed[],
  seconds: number,
): Promise<DriverBaseline> {
  const next = submissionSource(questions);
  const label = `driver${Date.now().toString(36)}r`;
  const connections = database.engine === 'sqlite' ? 1 : postgresPoolSize;
  const writers =
    database.engine === 'sqlite'
      ? [sqliteWriter(database.sqliteFile!, { durable: true })]
      : await Promise.all(
          Array.from({ length: connections }, () => postgresWriter(database.databaseUrl!, { durable: true })),
        );
  let submissions = 0;
  let elapsedMs = 0;
  try {
    // Untimed: warms each connection's statements.
    const warm = await addFreshParticipants(database, connections, `${label}w`);
    await Promise.all(writers.map((writer, index) => writeOne(writer, next(warm[index]!))));
    for (let round = 0; elapsedMs < seconds * 1000; round++) {
      const waiting = await addFreshParticipants(database, participantsPerRound, `${label}${round}`);
      const started = performance.now();
      const deadline = started + seconds * 1000 - elapsedMs;
      await Promise.all(
        writers.map(async (writer) => {
          for (let who = waiting.pop(); who && performance.now() < deadline; who = waiting.pop()) {
            await writeOne(writer, next(who));
            submissions++;
          }
        }),
      );
      elapsedMs += performance.now() - started;
    }
  } finally {
    await Promise.all(writers.map((writer) => writer.close()));
  }
  const elapsed = elapsedMs / 1000;
  return {
    submissions,
    seconds: Math.round(elapsed * 100) / 100,
    submissionsPerSecond: Math.round((submissions / elapsed) * 10) / 10,
    connections,
  };
}
