// Builders of `GET admin/insights` answers shaped exactly as the contract says, for component tests.
import type {
  HistogramBucket,
  InsightCategory,
  InsightCohort,
  InsightQuestion,
  InsightsResponse,
  InsightVersion,
} from '@prometrica/shared-api';

/** Ten ten-point buckets with these counts, lowest first (zeros for the rest). */
export function histogramOf(counts: number[]): HistogramBucket[] {
  return Array.from({ length: 10 }, (_, i) => ({ from: i * 10, to: i * 10 + 10, count: counts[i] ?? 0 }));
}

export function aCohort(overrides: Partial<InsightCohort> = {}): InsightCohort {
  return {
    participants: 40,
    questions: 4,
    mean: 62.5,
    median: 75,
    sd: 18.24,
    skewness: -0.412,
    kurtosis: -0.803,
    histogram: histogramOf([0, 0, 2, 3, 5, 0, 10, 12, 0, 8]),
    reliability: { alpha: 0.714, sem: 9.75 },
    passed: 30,
    passRate: 0.75,
    ...overrides,
  };
}

export function anInsightCategory(overrides: Partial<InsightCategory> = {}): InsightCategory {
  return {
    categoryName: 'Leadership',
    participants: 40,
    questions: 2,
    mean: 70,
    median: 50,
    sd: 24.1,
    skewness: 0.12,
    kurtosis: null,
    histogram: histogramOf([4, 0, 0, 0, 0, 16, 0, 0, 0, 20]),
    reliability: { alpha: 0.52, sem: 16.7 },
    ...overrides,
  };
}

export function anInsightQuestion(overrides: Partial<InsightQuestion> = {}): InsightQuestion {
  return {
    position: 1,
    questionId: 'q1',
    question: 'Which approach builds trust in a new team fastest?',
    categoryName: 'Leadership',
    questionType: 'mcq',
    correctAnswer: 'Listening first',
    editable: true,
    answered: 40,
    facility: 0.7,
    discrimination: 0.451,
    options: [
      { option: 'Listening first', correct: true, chosen: 28, share: 0.7, meanRestPercent: 71.4 },
      { option: 'Setting targets', correct: false, chosen: 8, share: 0.2, meanRestPercent: 45.8 },
      { option: 'Working late', correct: false, chosen: 4, share: 0.1, meanRestPercent: 33.3 },
    ],
    medianTimeMs: 12_400,
    timedAnswers: 40,
    flags: [],
    ...overrides,
  };
}

/** A question keyed wrong: the strong participants choose the answer the key calls wrong. */
export function aMiskeyedQuestion(overrides: Partial<InsightQuestion> = {}): InsightQuestion {
  return anInsightQuestion({
    position: 2,
    questionId: 'q2',
    question: 'Which city is the capital of Australia?',
    categoryName: 'Communication',
    correctAnswer: 'Sydney',
    facility: 0.3,
    discrimination: -0.523,
    options: [
      { option: 'Canberra', correct: false, chosen: 24, share: 0.6, meanRestPercent: 80 },
      { option: 'Sydney', correct: true, chosen: 12, share: 0.3, meanRestPercent: 40.5 },
      { option: 'Melbourne', correct: false, chosen: 4, share: 0.1, meanRestPercent: null },
    ],
    medianTimeMs: 65_000,
    flags: ['check_key'],
    ...overrides,
  });
}

export function anInsightVersion(overrides: Partial<InsightVersion> = {}): InsightVersion {
  return {
    version: 2,
    createdAt: '2026-03-05T10:00:00.000Z',
    questions: 4,
    participants: 40,
    current: true,
    ...overrides,
  };
}

/** A whole answer: two versions, two categories and four questions (one keyed wrong, one easy, one hard). */
export function someInsights(overrides: Partial<InsightsResponse> = {}): InsightsResponse {
  return {
    version: 2,
    from: null,
    to: null,
    versions: [
      anInsightVersion(),
      anInsightVersion({ version: 1, createdAt: '2026-01-10T10:00:00.000Z', participants: 12, current: false }),
    ],
    cohort: aCohort(),
    categories: [
      anInsightCategory(),
      anInsightCategory({ categoryName: 'Communication', mean: 55, reliability: { alpha: null, sem: null } }),
    ],
    questions: [
      anInsightQuestion(),
      aMiskeyedQuestion(),
      anInsightQuestion({
        position: 3,
        questionId: 'q3',
        question: 'A good leader listens.',
        questionType: 'truefalse',
        correctAnswer: 'true',
        editable: false,
        facility: 0.95,
        discrimination: 0.04,
        options: [
          { option: 'True', correct: true, chosen: 38, share: 0.95, meanRestPercent: 63 },
          { option: 'False', correct: false, chosen: 2, share: 0.05, meanRestPercent: 58 },
        ],
        flags: ['too_easy', 'check_key'],
      }),
      anInsightQuestion({
        position: 4,
        questionId: 'q4',
        question: 'Name the stage of team development after storming.',
        categoryName: 'Communication',
        questionType: 'fill_in_the_blanks',
        correctAnswer: 'norming',
        facility: 0.15,
        discrimination: 0.31,
        options: [],
        medianTimeMs: null,
        timedAnswers: 0,
        flags: ['too_hard'],
      }),
    ],
    ...overrides,
  };
}
