// Development aid (not part of `pnpm bench`): the SQLite write thread's share of answer saves, with
// no load around it. Batches of BATCH saves (the server's own statements, `sqliteSaveStatements`)
// are written on one connection as the thread writes them, each batch in a transaction of its own
// followed by a passive checkpoint as the checkpointer thread runs them; it prints the wall and CPU
// time a save of each step (the saves' statements, the read of the replies' answers, the commit with
// its sync, the checkpoint) and the WAL frames a save adds. MODE=all replies with every answer
// (saves without `since`), MODE=since with those of the last second; WITHOUT_ROWID=1 first rebuilds
// progress_answers as a WITHOUT ROWID table (tried: more WAL frames a save, not fewer).
import Database from 'better-sqlite3';
import { createDatabase } from '../api/database';
import { addFreshParticipants, seedDatabase } from '../api/seed';
import { openDatabase } from '../../../server/src/db/index';
import { sqlitePragmas } from '../../../server/src/db/sqlite/sqlite';
import { sqliteSaveStatements, type AnswerSave } from '../../../server/src/modules/progress/repository';
import { questionSet } from '../../../server/src/modules/questions/question-set';

const steps = ['saves', 'read', 'commit', 'checkpoint'] as const;
type Step = (typeof steps)[number];

async function main() {
  const batch = Number(process.env.BATCH ?? 30);
  const batches = Number(process.env.BATCHES ?? 1000);
  const warmup = Math.min(100, Math.floor(batches / 2));
  const database = await createDatabase('sqlite');
  try {
    const seeded = await seedDatabase(database, { participants: Number(process.env.N ?? 100_000), fresh: 0 });
    const people = await addFreshParticipants(database, Number(process.env.SAVERS ?? 4000), 'saver', {
      consented: true,
    });
    // The question set version participants answer, stored as the server stores it.
    const handle = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
    const { version } = await questionSet(handle).latest();
    await handle.close();

    const db = new Database(database.sqliteFile!);
    for (const pragma of sqlitePragmas) db.pragma(pragma);
    if (process.env.WITHOUT_ROWID) {
      db.pragma('foreign_keys = OFF');
      db.exec(`create table progress_answers_new (
          participant_id text not null references participants(id) on delete cascade,
          question_id text not null, user_answer text not null, answered_at text not null,
          time_ms integer not null default 0, primary key (participant_id, question_id)) without rowid;
        insert into progress_answers_new select * from progress_answers;
        drop table progress_answers;
        alter table progress_answers_new rename to progress_answers;`);
      db.pragma('foreign_keys = ON');
    }
    const prepared = new Map<string, Database.Statement>();
    const statement = (sql: string) => {
      let found = prepared.get(sql);
      if (!found) prepared.set(sql, (found = db.prepare(sql)));
      return found;
    };
    const cpuMs = () => {
      const used = process.cpuUsage();
      return (used.user + used.system) / 1000;
    };
    const wall = Object.fromEntries(steps.map((step) => [step, 0])) as Record<Step, number>;
    const cpu = { ...wall };
    let frames = 0;
    let rows = 0;
    let n = 0;
    for (let b = 0; b < batches; b++) {
      // Participants answer in turn, question by question, as in the bench.
      const saves: AnswerSave[] = Array.from({ length: batch }, () => {
        const who = people[n % people.length]!;
        const question = seeded.questions[Math.floor(n / people.length) % seeded.questions.length]!;
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
      const statements = sqliteSaveStatements(saves);
      const marks: Array<[number, number]> = [[performance.now(), cpuMs()]];
      const mark = () => marks.push([performance.now(), cpuMs()]);
      statement('begin immediate').run();
      for (const { sql, parameters } of statements.slice(0, -1)) statement(sql).all(parameters as unknown[]);
      mark();
      const read = statements.at(-1)!;
      const found = statement(read.sql).all(read.parameters as unknown[]).length;
      mark();
      statement('commit').run();
      mark();
      const [checkpoint] = db.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number }>;
      mark();
      if (b < warmup) continue;
      steps.forEach((step, index) => {
        wall[step] += marks[index + 1]![0] - marks[index]![0];
        cpu[step] += marks[index + 1]![1] - marks[index]![1];
      });
      frames += checkpoint!.log;
      rows += found;
    }
    db.close();
    const measured = (batches - warmup) * batch;
    const per = (ms: number) => ((ms * 1000) / measured).toFixed(1);
    const list = (times: Record<Step, number>) => steps.map((step) => `${step} ${per(times[step])}`).join(', ');
    console.log(`${process.env.MODE ?? 'since'}, batches of ${batch}: a save's wall time in µs: ${list(wall)}`);
    console.log(`  CPU time in µs: ${list(cpu)}`);
    console.log(
      `  WAL frames a save: ${(frames / measured).toFixed(2)}; answers a save's reply lists: ${(rows / measured).toFixed(2)}`,
    );
  } finally {
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
