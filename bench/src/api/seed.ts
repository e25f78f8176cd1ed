// The bulk loader: quiz content, N participants each with a stored submission (result with its
// category figures, and one answer snapshot per question) spread over the past year, and fresh
// participants without results for the write test. Straight to the tables through the driver, in
// big transactions, never through the API.
//
// Which answers are right is a deterministic function of (participant number, question position),
// evaluated here for the results and their category figures, and by the database itself for the
// bulk of the data (N lists of 30 answer snapshots, `insert ... select`), so totals always agree
// with the answers. The answer table's keys are dropped during the load and rebuilt after it (as a
// database restore does), which is faster than maintaining them row by row.
import { createHash, randomUUID } from 'node:crypto';
import { consentTextCanonical, currentConsentText, PASS_PERCENT, percentOf } from '@prometrica/shared-api/contract';
import { demoContentSettingKey } from '../../../server/src/seed/content';
import type { BenchDatabase, Engine } from './database';
import {
  createRandom,
  participant,
  participantRow,
  quizContent,
  type CategorySeed,
  type ParticipantSeed,
  type QuestionSeed,
} from './rows';
import { openWriter, type Row, type Writer } from './writer';
import { encodeCategories } from '../../../server/src/modules/results/codecs';
import { openDatabase } from '../../../server/src/db';
import { rebuildAggregates } from '../../../server/src/modules/insights/service';

export interface SeedOptions {
  /** Participants with a stored submission (the results page and dashboard figures). */
  participants: number;
  /** Participants without a submission, ready to submit during the write test. */
  fresh: number;
  questions?: number;
  /** Submissions per transaction. */
  batch?: number;
  now?: Date;
}

export interface SeededData {
  categories: CategorySeed[];
  questions: QuestionSeed[];
  /** Participants who have not submitted yet. */
  fresh: ParticipantSeed[];
  /** A few participants who already submitted. */
  submitted: ParticipantSeed[];
  /** What was stored: rows, and the category figures and answers inside the results' JSON. */
  rows: { participants: number; results: number; resultCategories: number; answers: number };
  seconds: number;
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * A seed dated so that the results list's day filter holds exactly its results: `now` (for
 * `seedDatabase`) is the start of today (UTC), before which every seeded result is submitted, and
 * `filter` ends the day before, so whatever a measurement submits later today falls outside it.
 */
export function seedDay(clock = new Date()) {
  const now = new Date(clock.toISOString().slice(0, 10));
  return { now, filter: { to: new Date(now.getTime() - dayMs).toISOString().slice(0, 10) } };
}

/** The question set version the seeded results answered (the first one stored). */
export const seededVersion = 1;

/**
 * The seeded questions as the server keeps a version of them (questions/question-set.ts): its
 * fields in its order, in quiz order (category name, then when added), so the server finds this
 * version by its hash rather than storing another.
 */
function versionRow(questions: readonly QuestionSeed[], createdAt: string): Row {
  const ordered = questions
    .map((q, index) => ({ q, index }))
    .sort(
      (a, b) =>
        a.q.category.name.toLowerCase().localeCompare(b.q.category.name.toLowerCase()) ||
        a.q.category.id.localeCompare(b.q.category.id) ||
        a.index - b.index,
    );
  const json = JSON.stringify(
    ordered.map(({ q }) => ({
      id: q.id,
      question: q.question,
      correctAnswer: q.correctAnswer,
      questionType: q.questionType,
      options: q.options,
      category: { id: q.category.id, name: q.category.name },
    })),
  );
  return [seededVersion, createHash('sha256').update(json, 'utf8').digest('hex'), json, createdAt];
}

/** Whether participant `n` (skill in per mille) answers question `position` right; SQL below says the same. */
export function answersRight(n: number, position: number, skill: number): boolean {
  return (n * 7919 + position * 104729 + (n % 97) * position * 31) % 1000 < skill;
}
const rightSql = '((r.n * 7919 + q.position * 104729 + (r.n % 97) * q.position * 31) % 1000) < r.skill';
/** Which of the three wrong answers a wrong answer is. */
const wrongSql = '(r.n + q.position) % 3';

const bulkTables = ['result_answers'];

/**
 * Drops the bulk tables' indexes (and their keys and foreign keys on PostgreSQL, as a restore
 * does: one check per table afterwards instead of one per row); returns how to rebuild them.
 */
async function dropIndexes(writer: Writer, engine: Engine): Promise<string[]> {
  const rebuild: string[] = [];
  const list = bulkTables.map((t) => `'${t}'`).join(', ');
  if (engine === 'sqlite') {
    // Key indexes (sql is null) stay: SQLite cannot drop them.
    const rows = (await writer.rows(
      `select name, sql from sqlite_master where type = 'index' and tbl_name in (${list}) and sql is not null`,
    )) as { name: string; sql: string }[];
    for (const row of rows) {
      await writer.exec(`drop index "${row.name}"`);
      rebuild.push(row.sql);
    }
    return rebuild;
  }
  const constraints = (await writer.rows(`
    select c.conrelid::regclass::text as tbl, c.conname as name, pg_get_constraintdef(c.oid) as def, c.conindid
    from pg_constraint c where c.conrelid::regclass::text in (${list}) and c.contype in ('p', 'u', 'f')
    order by c.contype = 'f'`)) as { tbl: string; name: string; def: string }[];
  const indexes = (await writer.rows(`
    select i.indexname as name, i.indexdef as def from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in (${list})
      and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`)) as {
    name: string;
    def: string;
  }[];
  for (const index of indexes) {
    await writer.exec(`drop index "${index.name}"`);
    rebuild.push(index.def);
  }
  // Keys are rebuilt before the indexes, foreign keys last (each checked in one pass).
  const keys: string[] = [];
  const foreign: string[] = [];
  for (const constraint of constraints) {
    await writer.exec(`alter table ${constraint.tbl} drop constraint "${constraint.name}"`);
    (constraint.def.startsWith('FOREIGN KEY') ? foreign : keys).push(
      `alter table ${constraint.tbl} add constraint "${constraint.name}" ${constraint.def}`,
    );
  }
  return [...keys, ...rebuild, ...foreign];
}

const consentSha256 = createHash('sha256').update(consentTextCanonical(currentConsentText), 'utf8').digest('hex');

/** The consent row of a participant who signed (the image a stand-in: nothing measured reads it). */
function agreementRow(who: ParticipantSeed): Row {
  const text = currentConsentText;
  return [
    randomUUID(),
    who.id,
    'iVBORw0KGgo=',
    who.createdAt.slice(0, 10),
    who.createdAt,
    text.version,
    consentSha256,
    who.name,
    'typed',
    '127.0.0.1',
  ];
}

/**
 * Participants who have not submitted yet (inserted straight, like the rest of the seed). With
 * `consented`, each has signed the consent (as the server requires before answers and a
 * submission), held by their own session (`ParticipantSeed.session`, which their tokens carry).
 */
export async function addFreshParticipants(
  database: BenchDatabase,
  count: number,
  label = 'fresh',
  { consented = false }: { consented?: boolean } = {},
): Promise<ParticipantSeed[]> {
  const random = createRandom(99);
  const now = Date.now();
  const people = Array.from({ length: count }, (_, n) =>
    participant(n, random, new Date(now - (count - n) * 10).toISOString(), label),
  );
  const writer = await openWriter(database, { durable: false });
  try {
    await writer.transaction(async () => {
      await writer.insert('participants', people.map(participantRow));
      if (consented) await writer.insert('agreements', people.map(agreementRow));
    });
  } finally {
    await writer.close();
  }
  return people;
}

export async function seedDatabase(database: BenchDatabase, options: SeedOptions): Promise<SeededData> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const random = createRandom(20240601);
  const { categories, questions } = quizContent(options.questions ?? 30);
  const batch = options.batch ?? 10000;
  const engine = database.engine;
  const writer = await openWriter(database, { durable: false });
  const submitted: ParticipantSeed[] = [];
  const fresh: ParticipantSeed[] = [];
  let rows: SeededData['rows'];
  try {
    const contentTime = new Date(now.getTime() - 400 * dayMs);
    await writer.exec(
      'create temp table bench_questions (position integer, question_id text, question_text text, correct_answer text, wrong0 text, wrong1 text, wrong2 text, category_name text)',
    );
    await writer.exec('create temp table bench_results (n integer, result_id text, skill integer)');
    await writer.transaction(async () => {
      // Marks first-start content as handled, so the server does not add its demo questions.
      await writer.insert('settings', [[demoContentSettingKey, contentTime.toISOString()]]);
      await writer.insert(
        'categories',
        categories.map((c, i) => {
          const at = new Date(contentTime.getTime() + i).toISOString();
          return [c.id, c.name, c.name.toLowerCase(), at, at];
        }),
      );
      await writer.insert(
        'questions',
        questions.map((q, i) => {
          const at = new Date(contentTime.getTime() + 100 + i).toISOString();
          return [
            q.id,
            q.question,
            q.question.toLowerCase(),
            q.correctAnswer,
            q.questionType,
            JSON.stringify(q.options),
            q.category.id,
            at,
            at,
          ];
        }),
      );
      await writer.insert('question_set_versions', [versionRow(questions, contentTime.toISOString())]);
      await writer.insertInto(
        'bench_questions',
        questions.map((q, position) => [
          position,
          q.id,
          q.question,
          q.correctAnswer,
          ...[0, 1, 2].map((w) => q.wrongAnswers[w % q.wrongAnswers.length]!),
          q.category.name,
        ]),
      );
    });
    const rebuild = await dropIndexes(writer, engine);

    // Each result's answers as the server stores them: a JSON list of
    // [questionId, questionText, userAnswer, correctAnswer, categoryName, isCorrect] in quiz order.
    const userAnswer = `case when ${rightSql} then q.correct_answer
      when ${wrongSql} = 0 then q.wrong0 when ${wrongSql} = 1 then q.wrong1 else q.wrong2 end`;
    const answersInsert =
      engine === 'postgres'
        ? `insert into result_answers (result_id, answers)
           select r.result_id, json_agg(json_build_array(q.question_id, q.question_text, ${userAnswer}, q.correct_answer,
             q.category_name, ${rightSql}) order by q.position)::text
           from bench_results r cross join bench_questions q group by r.result_id`
        : `insert into result_answers (result_id, answers)
           select r.result_id, json_group_array(json_array(q.question_id, q.question_text, ${userAnswer}, q.correct_answer,
             q.category_name, json(case when ${rightSql} then 'true' else 'false' end)) order by q.position)
           from bench_results r cross join bench_questions q group by r.result_id`;

    for (let start = 0; start < options.participants; start += batch) {
      const people: Row[] = [];
      const results: Row[] = [];
      const skills: Row[] = [];
      for (let n = start; n < Math.min(options.participants, start + batch); n++) {
        // Spread over the past year; the submission follows the details by 5 to 40 minutes.
        const created = now.getTime() - 60 * 60 * 1000 - random() * 365 * dayMs;
        const who = participant(n, random, new Date(created).toISOString());
        const submittedAt = new Date(created + (5 + random() * 35) * 60 * 1000).toISOString();
        const skill = 300 + Math.floor(random() * 650);
        const resultId = randomUUID();
        // Scored like the server does at submission: totals and per-category figures in quiz order.
        let correct = 0;
        const byCategory = new Map<string, { correct: number; total: number }>();
        questions.forEach((question, position) => {
          const right = answersRight(n, position, skill);
          if (right) correct += 1;
          const figure = byCategory.get(question.category.name) ?? { correct: 0, total: 0 };
          figure.total += 1;
          if (right) figure.correct += 1;
          byCategory.set(question.category.name, figure);
        });
        const percent = percentOf(correct, questions.length - correct);
        const categories = encodeCategories(
          [...byCategory].map(([name, figure]) => ({
            categoryName: name,
            correct: figure.correct,
            wrong: figure.total - figure.correct,
            total: figure.total,
            percent: percentOf(figure.correct, figure.total - figure.correct),
          })),
        );
        people.push(participantRow(who));
        results.push([
          resultId,
          who.id,
          who.session,
          correct,
          questions.length - correct,
          questions.length,
          percent,
          percent >= PASS_PERCENT ? 1 : 0,
          submittedAt,
          categories,
          seededVersion,
        ]);
        skills.push([n, resultId, skill]);
        if (submitted.length < 20) submitted.push(who);
      }
      await writer.transaction(async () => {
        await writer.insert('participants', people);
        await writer.insert('results', results);
        await writer.exec('delete from bench_results');
        await writer.insertInto('bench_results', skills);
        await writer.exec(answersInsert);
      });
    }

    const freshRows: Row[] = [];
    for (let n = 0; n < options.fresh; n++) {
      const who = participant(n, random, new Date(now.getTime() - (options.fresh - n) * 10).toISOString(), 'fresh');
      fresh.push(who);
      freshRows.push(participantRow(who));
    }
    await writer.transaction(() => writer.insert('participants', freshRows));
    for (const statement of rebuild) await writer.exec(statement);
    await writer.exec('drop table bench_questions');
    await writer.exec('drop table bench_results');
    // After such a load PostgreSQL's autovacuum would vacuum (visibility map: index-only scans) and
    // gather statistics; do it now rather than in the middle of a measurement.
    if (engine === 'postgres') await writer.exec('vacuum analyze');
    const count = async (table: string) => Number(await writer.scalar(`select count(*) from ${table}`));
    const jsonLength = (column: string) =>
      engine === 'postgres' ? `json_array_length(${column}::json)` : `json_array_length(${column})`;
    rows = {
      participants: await count('participants'),
      results: await count('results'),
      resultCategories: Number(
        await writer.scalar(`select coalesce(sum(${jsonLength('categories')}), 0) from results`),
      ),
      answers: Number(await writer.scalar(`select coalesce(sum(${jsonLength('answers')}), 0) from result_answers`)),
    };
  } finally {
    await writer.close();
  }
  // The aggregates every submission keeps (Insights, the results page's totals, the percentiles),
  // counted from the rows loaded straight into the tables, as after a restore.
  const handle = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
  try {
    await rebuildAggregates(handle.db);
  } finally {
    await handle.close();
  }
  return { categories, questions, fresh, submitted, rows, seconds: (performance.now() - started) / 1000 };
}
