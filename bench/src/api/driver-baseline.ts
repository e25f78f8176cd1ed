// The write baseline: the rows of one submission (participant + result + category figures + one
// answer per question) inserted in one transaction straight through the driver, with the server's
// durability settings (SQLite: WAL, synchronous=FULL, foreign keys on; PostgreSQL: defaults).
// SQLite has one writer, so submissions go one after another; PostgreSQL gets as many concurrent
// connections as the server's pool (pg's default, 10).
import type { BenchDatabase } from './database';
import { answersFor, createRandom, participant, participantRow, submissionRows, type QuestionSeed } from './rows';
import { postgresWriter, sqliteWriter, type Writer } from './writer';

export interface DriverBaseline {
  submissions: number;
  seconds: number;
  submissionsPerSecond: number;
  connections: number;
}

/** The server's PostgreSQL pool size (pg.Pool's default). */
export const postgresPoolSize = 10;

function submissionSource(questions: readonly QuestionSeed[], label: string) {
  const random = createRandom(7);
  let n = 0;
  return () => {
    const now = new Date().toISOString();
    const who = participant(n++, random, now, label);
    return { who: participantRow(who), ...submissionRows(questions, who, answersFor(questions, random), now) };
  };
}

async function writeOne(writer: Writer, next: ReturnType<typeof submissionSource>) {
  const submission = next();
  await writer.transaction(async () => {
    await writer.insert('participants', [submission.who]);
    await writer.insert('results', [submission.result]);
    await writer.insert('result_categories', submission.categories);
    await writer.insert('answers', submission.answers);
  });
}

export async function measureDriverBaseline(
  database: BenchDatabase,
  questions: readonly QuestionSeed[],
  seconds: number,
): Promise<DriverBaseline> {
  const next = submissionSource(questions, `driver${Date.now().toString(36)}`);
  let submissions = 0;
  let elapsed = 0;
  let connections = 1;
  if (database.engine === 'sqlite') {
    const writer = sqliteWriter(database.sqliteFile!, { durable: true });
    try {
      await writeOne(writer, next); // warm the statements
      const started = performance.now();
      while (performance.now() - started < seconds * 1000) {
        await writeOne(writer, next);
        submissions++;
      }
      elapsed = (performance.now() - started) / 1000;
    } finally {
      await writer.close();
    }
  } else {
    connections = postgresPoolSize;
    const writers = await Promise.all(
      Array.from({ length: connections }, () => postgresWriter(database.databaseUrl!, { durable: true })),
    );
    try {
      await Promise.all(writers.map((writer) => writeOne(writer, next)));
      const started = performance.now();
      const deadline = started + seconds * 1000;
      await Promise.all(
        writers.map(async (writer) => {
          while (performance.now() < deadline) {
            await writeOne(writer, next);
            submissions++;
          }
        }),
      );
      elapsed = (performance.now() - started) / 1000;
    } finally {
      await Promise.all(writers.map((writer) => writer.close()));
    }
  }
  return { submissions, seconds: Math.round(elapsed * 100) / 100, submissionsPerSecond: Math.round((submissions / elapsed) * 10) / 10, connections };
}
