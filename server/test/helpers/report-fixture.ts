import type { ReportComments, ReportContent } from '@prometrica/shared-api/contract';
import { canvasSignaturePng } from './alpha-png';
import { signaturePng } from './png';

/** The name the acceptance asks for: Latin-extended, Greek and Cyrillic in one. */
export const multiScriptName = 'Zoë Ñúñez Ωμέγα Юлия';

export const reportCategoryNames = ['Numeracy', 'Verbal reasoning', 'Attention to detail', 'Σκέψη', 'Логика'] as const;

const percents = [12, 40, 75, 76, 100] as const;
const band = (percent: number) => (percent < 25 ? 'Low' : percent > 75 ? 'High' : 'Average');

/**
 * A report as the content assembly builds it, by hand: 5 categories, `answers` answers (30 by
 * default), 5 concerns and a signed consent with a signature image. The admin's copy by default;
 * `participantCopy` strips the correct answers as the participant's copy does when they're not shown.
 * The signature is a small grey PNG, which pdfkit copies as it is; `canvasSignature` makes it the
 * participant app's canvas export (900 × 300 RGBA), which the renderer flattens first (slow under
 * jest, whose VM contexts run typed-array loops several times slower than plain Node).
 */
export function reportContent(
  options: { answers?: number; name?: string; participantCopy?: boolean; canvasSignature?: boolean } = {},
): ReportContent {
  const count = options.answers ?? 30;
  const answers = Array.from({ length: count }, (_, i) => {
    const categoryName = reportCategoryNames[i % reportCategoryNames.length] ?? 'Numeracy';
    const isCorrect = i % 3 !== 0;
    const answer = {
      question: `Question ${i + 1}: which of the listed options best completes sequence ${i + 1}?`,
      categoryName,
      userAnswer: `Given answer ${i + 1}`,
    };
    return options.participantCopy
      ? answer
      : { ...answer, correctAnswer: isCorrect ? `Given answer ${i + 1}` : `Right answer ${i + 1}`, isCorrect };
  });
  const correct = answers.filter((_, i) => i % 3 !== 0).length;
  return {
    resultId: 'result-1',
    participant: {
      _id: 'participant-1',
      name: options.name ?? multiScriptName,
      email: 'zoe.nunez@example.org',
      phoneNumber: '+44 20 7946 0958',
    },
    dates: {
      invitedAt: '2026-03-01T08:00:00.000Z',
      enteredAt: '2026-03-01T08:00:00.000Z',
      consentedAt: '2026-03-02T09:04:00.000Z',
      startedAt: '2026-03-02T09:05:00.000Z',
      submittedAt: '2026-03-02T09:31:40.000Z',
      timeTakenSeconds: 1600,
    },
    totals: {
      correctAnswer: correct,
      wrongAnswer: count - correct,
      totalAnswers: count,
      percent: count === 0 ? 0 : Math.round((correct / count) * 100),
      passed: count > 0 && correct / count >= 0.5,
    },
    percentile: 64,
    cohortSize: 212,
    categories: reportCategoryNames.map((categoryName, i) => {
      const percent = percents[i] ?? 0;
      return {
        categoryName,
        correctAnswer: Math.round(percent / 10),
        wrongAnswer: 10 - Math.round(percent / 10),
        totalAnswers: 10,
        percent,
        performance: band(percent),
        percentile: 20 + i * 15,
      };
    }),
    answers,
    showsCorrectAnswers: !options.participantCopy,
    concerns: Array.from({ length: 5 }, (_, i) => ({
      title: `Concern ${i + 1}`,
      description: `How much does workplace matter ${i + 1} affect your work?`,
      rating: ['Not at all', 'A little', 'Somewhat', 'Much', 'Very much'][i] ?? 'Somewhat',
    })),
    concernsSubmittedAt: '2026-03-02T09:35:00.000Z',
    consent: {
      _id: 'agreement-1',
      date: '02/03/2026',
      imageBase64: options.canvasSignature ? canvasSignaturePng() : signaturePng,
      createdAt: '2026-03-02T09:04:00.000Z',
      textVersion: '2026-01',
      textSha256: 'a3f1c2d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90',
      signedName: options.name ?? multiScriptName,
      method: 'drawn',
      clientAddress: '203.0.113.7',
    },
    questionSetVersion: 3,
  };
}

/** The doctor's comments: an overall one of two paragraphs and one for every category but the last. */
export function reportComments(): ReportComments {
  return {
    overall:
      'Overall a steady performance with clear strengths.\n\nWe suggest a follow-up conversation about attention to detail.',
    categories: Object.fromEntries(
      reportCategoryNames.slice(0, -1).map((name) => [name, `Comment on ${name}: consistent with the interview.`]),
    ),
  };
}
