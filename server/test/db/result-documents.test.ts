// Migration 0005 moves each result's answers and category figures from rows of their own into JSON
// text: what was stored before reads back the same after it, and going back restores the rows.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/types';
import { findResultCategories, listAnswers } from '../../src/modules/results/queries';
import type { AnswerRecord } from '../../src/modules/results/records';
import { encodeAnswers, encodeCategories } from '../../src/modules/results/codecs';
import { timeOrderedId } from '../../src/lib/ids';
import { postgresUrl } from '../helpers/build';
import { emptyDatabase, type EmptyDatabase } from '../helpers/empty-database';

const now = '2025-05-01T09:00:00.000Z';

/** Writes a participant with a result, figures and answers as the schema before 0005 held them. */
async function oldSubmission(
  db: Kysely<Database>,
  n: number,
  answers: Array<[string, string, string, string, boolean]>,
) {
  const participantId = randomUUID();
  const resultId = randomUUID();
  await sql`insert into participants (id, name, name_lower, email, email_lower, phone, created_at, updated_at)
    values (${participantId}, ${`Person ${n}`}, ${`person ${n}`}, ${`p${n}@old.example`}, ${`p${n}@old.example`}, '0300', ${now}, ${now})`.execute(
    db,
  );
  await sql`insert into results (id, participant_id, session_id, correct, wrong, total, percent, passed, created_at)
    values (${resultId}, ${participantId}, 's', 1, 1, 2, 50, 1, ${now})`.execute(db);
  // Stored out of order: the position decides the order read back.
  for (const [position, category] of [
    [1, 'Leadership'],
    [0, 'Ethics'],
  ] as const) {
    await sql`insert into result_categories (id, result_id, position, category_name, correct, wrong, total, percent)
      values (${randomUUID()}, ${resultId}, ${position}, ${category}, ${position}, 1, ${position + 1}, ${position * 50})`.execute(
      db,
    );
  }
  for (const [position, [questionId, text, answer, correct, isCorrect]] of [...answers.entries()].reverse()) {
    await sql`insert into answers (id, result_id, position, question_id, question_text, user_answer, correct_answer, category_name, is_correct)
      values (${randomUUID()}, ${resultId}, ${position}, ${questionId}, ${text}, ${answer}, ${correct}, 'Ethics', ${isCorrect ? 1 : 0})`.execute(
      db,
    );
  }
  return resultId;
}

let subject: EmptyDatabase;
beforeEach(async () => {
  subject = await emptyDatabase();
});
afterEach(() => subject.close());

test('answers and figures stored as rows read back the same as JSON, and going back restores the rows', async () => {
  const { db } = subject;
  await subject.migrateTo('0004-search-and-figures');
  const first = await oldSubmission(db, 1, [
    ['q1', 'Is "trust" earned?', 'Yes, always', 'Yes, always', true],
    ['q2', 'Ünïcode & <markup>', 'Non', 'Oui', false],
  ]);
  const second = await oldSubmission(db, 2, [['q1', 'Is "trust" earned?', 'No', 'Yes, always', false]]);

  await subject.migrateTo('0005-result-documents');
  expect(await listAnswers(db, first)).toEqual([
    {
      questionId: 'q1',
      questionText: 'Is "trust" earned?',
      userAnswer: 'Yes, always',
      correctAnswer: 'Yes, always',
      categoryName: 'Ethics',
      isCorrect: true,
    },
    {
      questionId: 'q2',
      questionText: 'Ünïcode & <markup>',
      userAnswer: 'Non',
      correctAnswer: 'Oui',
      categoryName: 'Ethics',
      isCorrect: false,
    },
  ]);
  expect(await listAnswers(db, second)).toHaveLength(1);
  const figures = [
    { categoryName: 'Ethics', correct: 0, wrong: 1, total: 1, percent: 0 },
    { categoryName: 'Leadership', correct: 1, wrong: 1, total: 2, percent: 50 },
  ];
  expect(await findResultCategories(db, first)).toEqual(figures);
  // Decoded as the results list decodes them (its own query needs the columns of later migrations).
  expect(await Promise.all([second, first].map((id) => findResultCategories(db, id)))).toEqual([figures, figures]);

  await subject.migrateTo('0004-search-and-figures');
  const rows = await sql<{ position: number; question_id: string; user_answer: string; is_correct: number }>`
    select position, question_id, user_answer, is_correct from answers where result_id = ${first} order by position`.execute(
    db,
  );
  expect(
    rows.rows.map((row) => ({ ...row, position: Number(row.position), is_correct: Number(row.is_correct) })),
  ).toEqual([
    { position: 0, question_id: 'q1', user_answer: 'Yes, always', is_correct: 1 },
    { position: 1, question_id: 'q2', user_answer: 'Non', is_correct: 0 },
  ]);
  const figureRows = await sql<{ category_name: string }>`
    select category_name from result_categories where result_id = ${first} order by position`.execute(db);
  expect(figureRows.rows.map((row) => row.category_name)).toEqual(['Ethics', 'Leadership']);
});

test('a result and its answers go together: deleting the participant deletes both', async () => {
  const { db } = subject;
  await subject.migrateTo('0004-search-and-figures');
  const resultId = await oldSubmission(db, 3, [['q1', 'Question', 'A', 'A', true]]);
  await subject.migrateTo('0005-result-documents');
  await db.deleteFrom('participants').execute();
  expect(await db.selectFrom('result_answers').select('result_id').where('result_id', '=', resultId).execute()).toEqual(
    [],
  );
});

/**
 * Stores a participant's submission as the current code writes its rows (30 answers, about 5 kB of
 * JSON, encoded by the codec); the rows are written straight, since the code's statement needs the
 * columns of later migrations.
 */
async function newSubmission(db: Kysely<Database>, n: number): Promise<{ resultId: string; answers: AnswerRecord[] }> {
  const participantId = randomUUID();
  await sql`insert into participants (id, name, name_lower, email, email_lower, phone, created_at, updated_at)
    values (${participantId}, ${`Person ${n}`}, ${`person ${n}`}, ${`p${n}@new.example`}, ${`p${n}@new.example`}, '0300', ${now}, ${now})`.execute(
    db,
  );
  const answers = Array.from({ length: 30 }, (_, index): AnswerRecord => ({
    questionId: randomUUID(),
    questionText: `How often does question ${index} of the assessment apply to your week at work?`,
    userAnswer: index % 2 ? 'Often' : 'Rarely',
    correctAnswer: 'Often',
    categoryName: 'Resilience',
    isCorrect: index % 2 === 1,
  }));
  const resultId = timeOrderedId();
  await sql`insert into results (id, participant_id, session_id, correct, wrong, total, percent, passed, created_at, categories)
    values (${resultId}, ${participantId}, 's', 15, 15, 30, 50, 1, ${now}, ${encodeCategories([])})`.execute(db);
  await sql`insert into result_answers (result_id, answers) values (${resultId}, ${encodeAnswers(answers)})`.execute(
    db,
  );
  return { resultId, answers };
}

test('PostgreSQL compresses answers stored from 0007 on with lz4; stored under either method they read back the same', async () => {
  const { db } = subject;
  const compressions = async (resultIds: string[]) =>
    (
      await sql<{ method: string }>`
      select pg_column_compression(answers) as method from result_answers
      where result_id in (${sql.join(resultIds)}) order by result_id`.execute(db)
    ).rows.map((row) => row.method);
  await subject.migrateTo('0006-search-pending-list');
  const before = await newSubmission(db, 1);
  await subject.migrateTo('0007-answers-lz4');
  const after = await newSubmission(db, 2);
  if (postgresUrl) expect(await compressions([before.resultId, after.resultId])).toEqual(['pglz', 'lz4']);
  expect(await listAnswers(db, before.resultId)).toEqual(before.answers);
  expect(await listAnswers(db, after.resultId)).toEqual(after.answers);

  // Going back: what is stored stays as it is, and new answers get the default again.
  await subject.migrateTo('0006-search-pending-list');
  const back = await newSubmission(db, 3);
  if (postgresUrl)
    expect(await compressions([before.resultId, after.resultId, back.resultId])).toEqual(['pglz', 'lz4', 'pglz']);
  expect(await listAnswers(db, after.resultId)).toEqual(after.answers);
  expect(await listAnswers(db, back.resultId)).toEqual(back.answers);
});
