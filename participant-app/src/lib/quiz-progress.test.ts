import {
  clearQuizProgress,
  readSavedAnswers,
  readSavedIndex,
  readSavedQuestions,
  saveAnswers,
  saveIndex,
  withAnswer,
} from './quiz-progress';

const a1 = { questionId: 'q1', questionText: 'One?', userAnswer: 'true' };

test('answering a question again replaces the earlier answer and keeps its place', () => {
  const a2 = { questionId: 'q2', questionText: 'Two?', userAnswer: 'Paris' };
  const answers = withAnswer(withAnswer([a1], a2), { ...a1, userAnswer: 'false' });
  expect(answers).toEqual([{ ...a1, userAnswer: 'false' }, a2]);
});

test('saved answers and position are read back; damaged storage reads as nothing saved', () => {
  saveAnswers([a1]);
  saveIndex(2);
  expect(readSavedAnswers()).toEqual([a1]);
  expect(readSavedIndex()).toBe(2);
  localStorage.setItem('answers', '{not json');
  localStorage.setItem('currentQuestionIndex', '-3');
  localStorage.setItem('questions', JSON.stringify([{ _id: 1 }]));
  expect(readSavedAnswers()).toEqual([]);
  expect(readSavedIndex()).toBeNull();
  expect(readSavedQuestions()).toBeNull();
});

test('a finished submission forgets every saved quiz key', () => {
  for (const key of [
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
