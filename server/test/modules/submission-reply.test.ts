// The reply to a submission is serialised by the route: exactly what the response schema gives.
import fc from 'fast-check';
import { submitAnswersResponseSchema, type SubmitAnswersResponse } from '@prometrica/shared-api/contract';
import { submissionReply } from '../../src/modules/quiz/submission-reply';

const text = fc.string({ unit: 'binary', maxLength: 40 });
const response: fc.Arbitrary<SubmitAnswersResponse> = fc.record({
  message: text,
  questions: fc.array(
    fc.record({ questionId: fc.constantFrom('q1', 'q2', 'q"3\\'), question: text, userAnswer: text }),
    { maxLength: 8 },
  ),
  totalQuestions: fc.nat(),
  submittedAt: fc
    .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
    .map((date) => date.toISOString()),
});

test('is the JSON of what the response schema gives, key for key, whatever the characters', () => {
  fc.assert(
    fc.property(response, (value) => {
      expect(submissionReply(value).text).toBe(JSON.stringify(submitAnswersResponseSchema.parse(value)));
    }),
    { numRuns: 500 },
  );
});

test('follows a question edited since its text was kept', () => {
  const reply = (question: string) =>
    submissionReply({
      message: 'm',
      questions: [{ questionId: 'edited', question, userAnswer: 'Yes' }],
      totalQuestions: 1,
      submittedAt: '2026-01-01T00:00:00.000Z',
    });
  expect(JSON.parse(reply('Old?').text).questions[0].question).toBe('Old?');
  expect(JSON.parse(reply('New?').text).questions[0].question).toBe('New?');
});
