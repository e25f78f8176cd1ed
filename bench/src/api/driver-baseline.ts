// The write baseline: the rows the server writes for one submission (the result with its category
// figures, and its answer snapshots) inserted in one transaction straight through the driver, with
// the server's durability settings (SQLite: WAL, synchronous=FULL, foreign keys on; PostgreSQL:
// defaults). As for the server, the participants exist beforehand (added in bulk, untimed).
// SQLite has one writer, so submissions go one after another; PostgreSQL gets as many concurrent
// connections as the server's pool (pg's default, 10). The answer saves' baseline, the same way:
// one upserted row per transaction.
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

/** The answer saves' baseline: single-row upserts, each its own transaction. */
export interface UpsertBaseline {
  upserts: number;
  seconds: number;
  upsertsPerSecond: number;
  connections: number;
}

/** Participants whose answers the upsert baseline writes (each question of each, then again). */
const upsertParticipants = 500;

const upsertSql = (placeholders: string[]) => `
  insert into progress_answers (participant_id, question_id, user_answer, answered_at, time_ms)
  values (${placeholders.join(', ')})
  on conflict (participant_id, question_id) do update set
    user_answer = excluded.user_answer, answered_at = excluded.answered_at,
    time_ms = progress_answers.time_ms + excluded.time_ms`;

/**
 * The write baseline of an answer save: the row the server writes for one, upserted alone in a
 * transaction of its own (autocommit) straight through the driver, with the server's durability
 * settings (SQLite: WAL, synchronous=FULL, foreign keys on, one connection; PostgreSQL: defaults,
 * as many concurrent connections as the server's pool). Statements are prepared once.
 */
export async function measureUpsertBaseline(
  database: BenchDatabase,
  questions: readonly QuestionSeed[],
  seconds: number,
): Promise<UpsertBaseline> {
  const people = await addFreshParticipants(database, upsertParticipants, `upsert${Date.now().toString(36)}`);
  const pairs = people.flatMap((who) => questions.map((question) => [who.id, question.id] as const));
  let next = 0;
  const values = () => {
    const [participantId, questionId] = pairs[next++ % pairs.length]!;
    return [participantId, questionId, 'An answer', new Date().toISOString(), 1500];
  };
  let upserts = 0;
  let elapsedMs = 0;
  if (database.engine === 'sqlite') {
    const writer = sqliteWriter(database.sqliteFile!, { durable: true });
    try {
      const statement = writer.raw.prepare(upsertSql(['?', '?', '?', '?', '?']));
      for (let warm = 0; warm < 20; warm++) statement.run(...values());
      const started = performance.now();
      const deadline = started + seconds * 1000;
      while (performance.now() < deadline) {
        statement.run(...values());
        upserts++;
      }
      elapsedMs = performance.now() - started;
    } finally {
      await writer.close();
    }
    return upsertFigures(upserts, elapsedMs, 1);
  }
  const writers = await Promise.all(
    Array.from({ length: postgresPoolSize }, () => postgresWriter(database.databaseUrl!, { durable: true })),
  );
  try {
    const text = upsertSql(['$1', '$2', '$3', '$4', '$5']);
    const run = (client: (typeof writers)[number]['client']) =>
      client.query({ name: 'answer-upsert', text, values: values() });
    for (const writer of writers) for (let warm = 0; warm < 5; warm++) await run(writer.client);
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      writers.map(async (writer) => {
        while (performance.now() < deadline) {
          await run(writer.client);
          upserts++;
        }
      }),
    );
    elapsedMs = performance.now() - started;
  } finally {
    await Promise.all(writers.map((writer) => writer.close()));
  }
  return upsertFigures(upserts, elapsedMs, postgresPoolSize);
}

function upsertFigures(upserts: number, elapsedMs: number, connections: number): UpsertBaseline {
  const elapsed = elapsedMs / 1000;
  return {
    upserts,
    seconds: Math.round(elapsed * 100) / 100,
    upsertsPerSecond: Math.round((upserts / elapsed) * 10) / 10,
    connections,
  };
}
