import { TextPerQuestion } from '../../lib/kept-text';
import type { IntBoolean } from '../../db/types';
import type { AnswerRecord, ResultCategoryRecord } from './records';

/** A boolean as its integer column stores it. */
export const bit = (value: boolean): IntBoolean => (value ? 1 : 0);

/** How `results.categories` holds one figure (migration 0005). */
type StoredCategory = [name: string, correct: number, wrong: number, total: number, percent: number];
/** How `result_answers.answers` holds one answer, in submission order (migration 0005). */
type StoredAnswer = [
  questionId: string,
  questionText: string,
  userAnswer: string,
  correctAnswer: string,
  categoryName: string,
  isCorrect: boolean,
];

/** The stored text of a result's category figures. */
export function encodeCategories(figures: readonly ResultCategoryRecord[]): string {
  const stored: StoredCategory[] = figures.map((figure) => [
    figure.categoryName,
    figure.correct,
    figure.wrong,
    figure.total,
    figure.percent,
  ]);
  return JSON.stringify(stored);
}

export function decodeCategories(text: string): ResultCategoryRecord[] {
  return storedList<StoredCategory>(text, 'categories', 5).map(([categoryName, correct, wrong, total, percent]) => ({
    categoryName,
    correct,
    wrong,
    total,
    percent,
  }));
}

/**
 * The stored text of a result's answers: the JSON of `StoredAnswer` tuples. Each tuple but its
 * user's answer and correctness is the same for every submission of a question, so that text is
 * made once per question and kept, rather than encoding the whole list each time.
 */
export function encodeAnswers(answers: readonly AnswerRecord[]): string {
  let text = '[';
  for (let index = 0; index < answers.length; index += 1) {
    const answer = answers[index]!;
    const { head, tail } = answerTexts.get(
      answer.questionId,
      answer.questionText,
      answer.correctAnswer,
      answer.categoryName,
    );
    text += `${index === 0 ? '' : ','}${head}${JSON.stringify(answer.userAnswer)}${tail}${answer.isCorrect ? 'true]' : 'false]'}`;
  }
  return `${text}]`;
}

/** A question's part of its stored answers: the text before and after the user's answer. */
const answerTexts = new TextPerQuestion((id, questionText, correctAnswer, categoryName) => ({
  // `["id","text",` and `,"correct","category",`.
  head: `${JSON.stringify([id, questionText]).slice(0, -1)},`,
  tail: `,${JSON.stringify([correctAnswer, categoryName]).slice(1, -1)},`,
}));

export function decodeAnswers(text: string): AnswerRecord[] {
  return storedList<StoredAnswer>(text, 'answers', 6).map(
    ([questionId, questionText, userAnswer, correctAnswer, categoryName, isCorrect]) => ({
      questionId,
      questionText,
      userAnswer,
      correctAnswer,
      categoryName,
      isCorrect,
    }),
  );
}

/** A stored JSON list of tuples; anything else is a damaged row, reported as such. */
function storedList<T extends unknown[]>(text: string, column: string, width: number): T[] {
  const list: unknown = JSON.parse(text);
  if (!Array.isArray(list) || !list.every((item) => Array.isArray(item) && item.length === width)) {
    throw new Error(`Stored ${column} are not a list of ${width}-item entries`);
  }
  return list as T[];
}
