// The stored text of a result's answers: written from kept pieces per question, read as JSON.
import fc from 'fast-check';
import { decodeAnswers, encodeAnswers } from '../../src/modules/results/codecs';
import type { AnswerRecord } from '../../src/modules/results/records';

const asTuples = (answers: readonly AnswerRecord[]) =>
  JSON.stringify(
    answers.map((a) => [a.questionId, a.questionText, a.userAnswer, a.correctAnswer, a.categoryName, a.isCorrect]),
  );

const text = fc.string({ unit: 'binary', maxLength: 40 });
const answer = fc.record({
  questionId: fc.constantFrom('q1', 'q2', 'q3', 'q"4\\'),
  questionText: text,
  userAnswer: text,
  correctAnswer: text,
  categoryName: text,
  isCorrect: fc.boolean(),
});

test('is exactly the JSON of the answer tuples, whatever the characters, and reads back the same', () => {
  fc.assert(
    fc.property(fc.array(answer, { maxLength: 8 }), (answers) => {
      const stored = encodeAnswers(answers);
      expect(stored).toBe(asTuples(answers));
      expect(decodeAnswers(stored)).toEqual(answers);
    }),
    { numRuns: 500 },
  );
});

test('follows a question edited since its text was kept', () => {
  const before: AnswerRecord = {
    questionId: 'edited',
    questionText: 'Old?',
    userAnswer: 'Yes',
    correctAnswer: 'Yes',
    categoryName: 'Ethics',
    isCorrect: true,
  };
  expect(encodeAnswers([before])).toBe(asTuples([before]));
  for (const change of [
    { questionText: 'New?' },
    { correctAnswer: 'No', isCorrect: false },
    { categoryName: 'Leadership' },
  ]) {
    const after = { ...before, ...change };
    expect(encodeAnswers([after, before])).toBe(asTuples([after, before]));
  }
});
