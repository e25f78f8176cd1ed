import { isCorrectAnswer, PASS_PERCENT, percentOf } from '@prometrica/shared-api/contract';
import type { AnswerRecord, ResultCategoryRecord } from '../results/service';
import type { VersionedQuestion } from '../questions/service';

/** What a submission scores: its answers (snapshots), totals and per-category figures. */
export interface Score {
  answers: AnswerRecord[];
  categories: ResultCategoryRecord[];
  totals: { correct: number; wrong: number; total: number; percent: number; passed: boolean };
}

/**
 * Scores answers against the questions they answer, in quiz order. An answer is correct when it
 * equals the correct answer after trimming, ignoring case; percent = percentOf(correct, wrong);
 * passed at PASS_PERCENT or more. Categories appear in quiz order.
 */
export function scoreAnswers(questions: readonly VersionedQuestion[], userAnswers: ReadonlyMap<string, string>): Score {
  const answers: AnswerRecord[] = [];
  const categories = new Map<string, ResultCategoryRecord>();
  for (const question of questions) {
    const userAnswer = userAnswers.get(question.id);
    if (userAnswer === undefined) continue;
    const correct = isCorrectAnswer(userAnswer, question.correctAnswer);
    answers.push({
      questionId: question.id,
      questionText: question.question,
      userAnswer,
      correctAnswer: question.correctAnswer,
      categoryName: question.category.name,
      isCorrect: correct,
    });
    const figure = categories.get(question.category.name) ?? {
      categoryName: question.category.name,
      correct: 0,
      wrong: 0,
      total: 0,
      percent: 0,
    };
    if (correct) figure.correct += 1;
    else figure.wrong += 1;
    categories.set(question.category.name, figure);
  }
  const figures = [...categories.values()].map((figure) => ({
    ...figure,
    total: figure.correct + figure.wrong,
    percent: percentOf(figure.correct, figure.wrong),
  }));
  const correct = answers.filter((answer) => answer.isCorrect).length;
  const wrong = answers.length - correct;
  const percent = percentOf(correct, wrong);
  return {
    answers,
    categories: figures,
    totals: { correct, wrong, total: correct + wrong, percent, passed: percent >= PASS_PERCENT },
  };
}
