import type { QuestionKindName } from '@prometrica/shared-api/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/types';
import { fromJsonList, toJsonList } from '../../lib/json-text';
import { containsPattern, likeLower, toCount } from '../../lib/pagination';

/** A question with its category, as the server works with it. */
export interface QuestionRecord {
  id: string;
  question: string;
  correctAnswer: string;
  questionType: QuestionKindName;
  options: string[];
  category: { id: string; name: string };
  createdAt: string;
  updatedAt: string;
}

/** What is written for a question. */
export interface QuestionFields {
  question: string;
  correctAnswer: string;
  questionType: QuestionKindName;
  options: string[];
  categoryId: string;
}

function selectQuestions(db: Executor) {
  return db
    .selectFrom('questions')
    .innerJoin('categories', 'categories.id', 'questions.category_id')
    .select([
      'questions.id',
      'questions.question',
      'questions.correct_answer',
      'questions.question_type',
      'questions.options',
      'questions.created_at',
      'questions.updated_at',
      'categories.id as category_id',
      'categories.name as category_name',
    ]);
}

type Row = {
  id: string;
  question: string;
  correct_answer: string;
  question_type: QuestionKindName;
  options: string;
  created_at: string;
  updated_at: string;
  category_id: string;
  category_name: string;
};

const toRecord = (row: Row): QuestionRecord => ({
  id: row.id,
  question: row.question,
  correctAnswer: row.correct_answer,
  questionType: row.question_type,
  options: fromJsonList(row.options),
  category: { id: row.category_id, name: row.category_name },
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const matches = (search: string) => likeLower('questions.question_lower', containsPattern(search));

export async function countQuestions(db: Executor, search: string): Promise<number> {
  const row = await db
    .selectFrom('questions')
    .$if(search !== '', (query) => query.where(matches(search)))
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return toCount(row.count);
}

/** One page of questions whose text contains `search` (any case), newest first. */
export async function listQuestions(
  db: Executor,
  search: string,
  page: { limit: number; offset: number },
): Promise<QuestionRecord[]> {
  const rows = await selectQuestions(db)
    .$if(search !== '', (query) => query.where(matches(search)))
    .orderBy('questions.created_at', 'desc')
    .orderBy('questions.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map(toRecord);
}

/** Every question in quiz order: by category name, then oldest first; stable through the ids. */
export async function listQuestionsInQuizOrder(db: Executor): Promise<QuestionRecord[]> {
  const rows = await selectQuestions(db)
    .orderBy('categories.name_lower')
    .orderBy('categories.id')
    .orderBy('questions.created_at')
    .orderBy('questions.id')
    .execute();
  return rows.map(toRecord);
}

export async function findQuestionById(db: Executor, id: string): Promise<QuestionRecord | undefined> {
  const row = await selectQuestions(db).where('questions.id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function insertQuestion(
  db: Executor,
  question: QuestionFields & { id: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('questions')
    .values({
      id: question.id,
      question: question.question,
      question_lower: question.question.toLowerCase(),
      correct_answer: question.correctAnswer,
      question_type: question.questionType,
      options: toJsonList(question.options),
      category_id: question.categoryId,
      created_at: question.createdAt,
      updated_at: question.createdAt,
    })
    .execute();
}

export async function updateQuestion(db: Executor, id: string, fields: QuestionFields, updatedAt: string) {
  await db
    .updateTable('questions')
    .set({
      question: fields.question,
      question_lower: fields.question.toLowerCase(),
      correct_answer: fields.correctAnswer,
      question_type: fields.questionType,
      options: toJsonList(fields.options),
      category_id: fields.categoryId,
      updated_at: updatedAt,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteQuestion(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('questions').where('id', '=', id).execute();
}

/** A stored question set version: its records as JSON. */
export async function findQuestionSetVersion(db: Executor, version: number) {
  return db
    .selectFrom('question_set_versions')
    .select(['version', 'questions'])
    .where('version', '=', version)
    .executeTakeFirst();
}

/** The version number of the set whose records hash to `hash`, if it is stored. */
export async function findQuestionSetVersionByHash(db: Executor, hash: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('question_set_versions')
    .select('version')
    .where('content_hash', '=', hash)
    .executeTakeFirst();
  return row ? Number(row.version) : undefined;
}

/**
 * Stores a set as the next version, numbered in the statement itself; does nothing when the set
 * is stored already or another writer took that number first (both are unique).
 */
export async function insertQuestionSetVersion(
  db: Executor,
  set: { hash: string; questions: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('question_set_versions')
    .values((eb) => ({
      version: eb.selectFrom('question_set_versions').select(sql<number>`coalesce(max(version), 0) + 1`.as('next')),
      content_hash: set.hash,
      questions: set.questions,
      created_at: set.createdAt,
    }))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
