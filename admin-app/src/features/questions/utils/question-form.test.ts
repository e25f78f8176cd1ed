import { aQuestion } from '../../../testing/fixtures';
import { inferQuestionKind, toQuestionBody, validateQuestionForm } from './question-form';

test('the edit modal infers the type from options and answer', () => {
  expect(inferQuestionKind(aQuestion())).toBe('mcq');
  expect(
    inferQuestionKind(aQuestion({ options: [], correctAnswer: 'Paris', questionType: 'fill_in_the_blanks' })),
  ).toBe('fill_in_the_blanks');
  expect(inferQuestionKind(aQuestion({ options: [], correctAnswer: 'FALSE', questionType: 'truefalse' }))).toBe(
    'truefalse',
  );
  expect(
    inferQuestionKind(aQuestion({ options: ['true', 'false'], correctAnswer: 'true', questionType: 'truefalse' })),
  ).toBe('truefalse');
  // A genuine multiple-choice question whose options happen to be True and False stays one.
  expect(inferQuestionKind(aQuestion({ options: ['True', 'False'], correctAnswer: 'True', questionType: 'mcq' }))).toBe(
    'mcq',
  );
});

test('category is required only when adding', () => {
  const values = {
    questionType: 'fill_in_the_blanks' as const,
    category: '',
    question: 'Q ___',
    options: [],
    correctAnswer: 'A',
  };
  expect(validateQuestionForm(values, { requireCategory: true }).category).toBe('Category is required');
  expect(validateQuestionForm(values, { requireCategory: false }).category).toBeUndefined();
});

test('the answer of a multiple-choice question is sent spelled as its option', () => {
  const body = toQuestionBody({
    questionType: 'mcq',
    category: 'General',
    question: ' Q ',
    options: [' Red ', 'Blue'],
    correctAnswer: 'red',
  });
  expect(body).toEqual({ question: 'Q', correctAnswer: 'Red', options: ['Red', 'Blue'], questionType: 'mcq' });
});
