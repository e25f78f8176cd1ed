import { answerCode, insightCodes } from '../../src/modules/insights/aggregates';
import type { VersionedQuestion } from '../../src/modules/questions/service';
import type { AnswerRecord } from '../../src/modules/results/service';

// A submission's codes for the Insights aggregates, as each submission computes them from its
// version's layout (the aggregates tests hold the rebuild and the submissions to agreeing).

const question = (id: string, questionType: VersionedQuestion['questionType'], options: string[], category: string) =>
  ({
    id,
    question: `Question ${id}`,
    correctAnswer: options[0] ?? 'anything',
    questionType,
    options,
    category: { id: `c-${category}`, name: category },
  }) satisfies VersionedQuestion;

const answer = (questionId: string, userAnswer: string, isCorrect: boolean): AnswerRecord => ({
  questionId,
  questionText: `Question ${questionId}`,
  userAnswer,
  correctAnswer: '',
  categoryName: '',
  isCorrect,
});

describe('insightCodes', () => {
  const records = [
    question('q1', 'mcq', ['Often', ' Sometimes ', 'never', 'often'], 'Stress'),
    question('q2', 'truefalse', [], 'Stress'),
    question('q3', 'fill_in_the_blanks', [], 'Sleep'),
    question('q4', 'mcq', ['Yes', 'No'], 'Sleep'),
  ];

  it('codes each answer by its offered answer (trimmed, any case; the first of equal ones) and counts the right ones per category', () => {
    const codes = insightCodes(records, [
      answer('q1', '  OFTEN', true),
      answer('q2', 'false', false),
      answer('q3', 'eight hours', true),
      answer('q4', 'maybe', false),
    ]);
    expect(codes.items).toEqual([
      answerCode(0, true),
      answerCode(1, false),
      answerCode(-1, true),
      answerCode(-1, false),
    ]);
    expect(codes.categories).toEqual([1, 1]);
  });

  it('counts a question left unanswered as wrong with no choice, ignores unknown questions, and takes the later of two answers', () => {
    const codes = insightCodes(records, [
      answer('q1', 'sometimes', false),
      answer('elsewhere', 'Often', true),
      answer('q1', 'Never', true),
      answer('q4', 'No', true),
    ]);
    expect(codes.items).toEqual([
      answerCode(2, true),
      answerCode(-1, false),
      answerCode(-1, false),
      answerCode(1, true),
    ]);
    expect(codes.categories).toEqual([1, 1]);
  });

  it('reads the same layout for every submission to one version, and a new one for another version', () => {
    const first = insightCodes(records, [answer('q4', 'Yes', true)]);
    const again = insightCodes(records, [answer('q4', 'Yes', true)]);
    expect(again).toEqual(first);
    const edited = [records[0]!, records[1]!, records[2]!, question('q4', 'mcq', ['No', 'Yes'], 'Sleep')];
    expect(insightCodes(edited, [answer('q4', 'Yes', true)]).items[3]).toBe(answerCode(1, true));
  });
});
