import type { ParticipantQuestion } from '@prometrica/shared-api';
import { answeredCount, clearQuizProgress, firstUnanswered } from './quiz-progress';

const q = (id: string) =>
  ({ _id: id, question: id, questionType: 'truefalse', options: [], category: null }) as ParticipantQuestion;
const questions = [q('q1'), q('q2'), q('q3')];

test('the quiz resumes at the first question without an answer, or the last when all have one', () => {
  expect(firstUnanswered(questions, {})).toBe(0);
  expect(firstUnanswered(questions, { q1: 'true', q3: 'false' })).toBe(1);
  expect(firstUnanswered(questions, { q1: 'true', q2: 'x', q3: 'false' })).toBe(2);
  expect(firstUnanswered([], {})).toBe(0);
});

test('only answers to questions of the set count', () => {
  expect(answeredCount(questions, { q1: 'true', other: 'x' })).toBe(1);
});

test('a finished submission forgets every saved quiz key and the unsent saves, not the details', () => {
  for (const key of [
    'pendingAnswers',
    'questions',
    'answers',
    'currentQuestionIndex',
    'previousAnswers',
    'answerdata',
    'scoreResults',
    'UserData',
  ]) {
    localStorage.setItem(key, '1');
  }
  clearQuizProgress();
  expect(localStorage.length).toBe(1);
  expect(localStorage.getItem('UserData')).toBe('1');
});
