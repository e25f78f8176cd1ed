import { randomUUID } from 'node:crypto';
import {
  questionKind,
  type addQuestionBodySchema,
  type Question,
  type questionListQuerySchema,
  type QuestionListResponse,
  type QuestionResponse,
  type updateQuestionBodySchema,
} from '@prometrica/shared-api/contract';
import type { z } from 'zod';
import { isForeignKeyViolation } from '../../db/errors';
import type { Executor, Store } from '../../db/types';
import { badRequest, found } from '../../lib/http-errors';
import { pageWindow } from '../../lib/pagination';
import { findCategoryByName } from '../categories/service';
import {
  countQuestions,
  deleteQuestion as deleteQuestionRow,
  findQuestionById,
  insertQuestion,
  listQuestions,
  updateQuestion as updateQuestionRow,
  type QuestionFields,
  type QuestionRecord,
} from './repository';
import { questionSet } from './question-set';

export {
  answerFit,
  answerLayout,
  offeredAnswers,
  questionSet,
  type AnswerLayout,
  type QuestionSetVersion,
  type VersionedQuestion,
} from './question-set';
export type { QuestionRecord } from './repository';

export const questionNotFoundMessage = 'Question not found';
const missingCategory = (name: string) => badRequest(`category: Category "${name}" does not exist`, 'category');

type QuestionInput = Pick<
  z.output<typeof addQuestionBodySchema>,
  'question' | 'correctAnswer' | 'questionType' | 'options'
>;

/** The question as the admin API sends it (with its correct answer). */
export function toQuestion(record: QuestionRecord): Question {
  return {
    _id: record.id,
    question: record.question,
    correctAnswer: record.correctAnswer,
    options: record.options,
    questionType: record.questionType,
    category: { _id: record.category.id, name: record.category.name },
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/**
 * Stores every question one way (spec section 5): true/false as options `true`, `false` and a
 * lowercase answer; multiple choice with trimmed options and the answer spelled as its option;
 * fill-in-the-blanks without options. The schema has already checked that they fit together.
 */
export function normalizeQuestion(input: QuestionInput): Omit<QuestionFields, 'categoryId'> {
  const questionType = questionKind(input.questionType);
  const answer = input.correctAnswer.trim();
  if (questionType === 'truefalse') {
    return { question: input.question, questionType, options: ['true', 'false'], correctAnswer: answer.toLowerCase() };
  }
  if (questionType === 'fill_in_the_blanks') {
    return { question: input.question, questionType, options: [], correctAnswer: answer };
  }
  const options = input.options.map((option) => option.trim());
  const spelled = options.find((option) => option.toLowerCase() === answer.toLowerCase()) ?? answer;
  return { question: input.question, questionType, options, correctAnswer: spelled };
}

async function categoryIdFor(db: Executor, name: string): Promise<string> {
  const category = await findCategoryByName(db, name);
  if (!category) throw missingCategory(name);
  return category.id;
}

/** `POST admin/addquestion`: the category is named and must exist. */
export async function addQuestion(
  store: Store,
  body: z.output<typeof addQuestionBodySchema>,
): Promise<QuestionResponse> {
  const fields = { ...normalizeQuestion(body), categoryId: await categoryIdFor(store.db, body.category) };
  const id = randomUUID();
  try {
    await insertQuestion(store.db, { ...fields, id, createdAt: new Date().toISOString() });
    questionSet(store).invalidate();
  } catch (error) {
    // The category was deleted in the meantime.
    if (isForeignKeyViolation(error)) throw missingCategory(body.category);
    throw error;
  }
  const stored = found(await findQuestionById(store.db, id), questionNotFoundMessage);
  return { message: 'Question added successfully', question: toQuestion(stored) };
}

/** `GET admin/getquestions`: one page, newest first, searched on the question text. */
export async function listQuestionsPage(
  store: Store,
  query: z.output<typeof questionListQuerySchema>,
): Promise<QuestionListResponse> {
  const total = await countQuestions(store.db, query.search);
  const window = pageWindow(total, query.page, query.limit);
  const questions = await listQuestions(store.db, query.search, window);
  return {
    questions: questions.map(toQuestion),
    totalQuestions: total,
    page: window.page,
    totalPages: window.totalPages,
  };
}

/** A change as the route parsed it (defaults filled in). */
type UpdateQuestionBody = z.output<typeof updateQuestionBodySchema>;

/** `PUT admin/updatequestion/{id}`: submitted answers keep their own snapshot of the question. */
export async function updateQuestion(store: Store, id: string, body: UpdateQuestionBody): Promise<QuestionResponse> {
  const existing = found(await findQuestionById(store.db, id), questionNotFoundMessage);
  const categoryId = body.category ? await categoryIdFor(store.db, body.category) : existing.category.id;
  try {
    await updateQuestionRow(store.db, id, { ...normalizeQuestion(body), categoryId }, new Date().toISOString());
    questionSet(store).invalidate();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw missingCategory(body.category ?? existing.category.name);
    throw error;
  }
  const stored = found(await findQuestionById(store.db, id), questionNotFoundMessage);
  return { message: 'Question updated successfully', question: toQuestion(stored) };
}

/** `DELETE admin/deletequestion/{id}`. */
export async function deleteQuestion(store: Store, id: string): Promise<QuestionResponse> {
  const existing = found(await findQuestionById(store.db, id), questionNotFoundMessage);
  await deleteQuestionRow(store.db, id);
  questionSet(store).invalidate();
  return { message: 'Question deleted successfully', question: toQuestion(existing) };
}
