// Builders of API answers shaped exactly as the contract says, for component tests.
import {
  useAuthStore,
  type Category,
  type Concern,
  type ConcernSubmission,
  type Question,
  type Result,
  type ResultListResponse,
  type Role,
  type StatsResponse,
  type User,
} from '@prometrica/shared-api';

const at = (day: number) => new Date(Date.UTC(2026, 0, day, 9)).toISOString();

export function aUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phoneNumber: '03001234567',
    role: 'user',
    createdAt: at(5),
    updatedAt: at(6),
    ...overrides,
  };
}

/** Puts a signed-in account of `role` in the auth store, as after login. */
export function signInAs(role: Role, overrides: Partial<User> = {}) {
  const user = aUser({
    _id: `me-${role}`,
    name: `Signed-in ${role}`,
    email: `${role}@example.com`,
    role,
    ...overrides,
  });
  useAuthStore.setState({ userAuth: true, user, token: 'tok' });
  return user;
}

export function aQuestion(overrides: Partial<Question> = {}): Question {
  return {
    _id: 'q1',
    question: 'Which colour is the sky on a clear day?',
    correctAnswer: 'Blue',
    options: ['Red', 'Blue', 'Green', 'Yellow'],
    questionType: 'mcq',
    category: { _id: 'c1', name: 'General' },
    createdAt: at(10),
    updatedAt: at(10),
    ...overrides,
  };
}

export function aCategory(overrides: Partial<Category> = {}): Category {
  return { _id: 'c1', name: 'General', createdAt: at(3), questionCount: 4, ...overrides };
}

type ListedResult = Omit<Result, 'answers'> & { answers: [] };

export function aResult(overrides: Partial<Result> = {}): Result {
  return {
    _id: 'r1',
    user: {
      _id: 'p1',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      phoneNumber: '03111111111',
      role: 'user',
      createdAt: at(2),
    },
    userTotals: { correctAnswer: 3, wrongAnswer: 1, totalAnswers: 4, percent: 75, passed: true },
    categories: [
      {
        categoryName: 'General',
        correctAnswer: 3,
        wrongAnswer: 1,
        totalAnswers: 4,
        percent: 75,
        performance: 'Average',
      },
    ],
    answers: [],
    createdAt: at(12),
    ...overrides,
  };
}

/** A result as the list returns it: without answers. */
export function aListedResult(overrides: Partial<Result> = {}): ListedResult {
  return { ...aResult(overrides), answers: [] };
}

/** The results list's answer holding `results` as its one page (the summary as the results screen's tests expect). */
export function resultListOf(
  results: ResultListResponse['results'],
  extra: Partial<ResultListResponse> = {},
): { body: ResultListResponse } {
  return {
    body: {
      results,
      totalResults: results.length,
      page: 1,
      totalPages: results.length ? 1 : 0,
      summary: { total: 40, passed: 25, failed: 15, averagePercent: 58 },
      ...extra,
    },
  };
}

export function aConcern(overrides: Partial<Concern> = {}): Concern {
  return {
    _id: 'cp1',
    title: 'Clarity of Expectations',
    description: 'I am not sure what is expected of me at work.',
    botherOptions: ['A little', 'Quite a Bit', 'A great deal'],
    status: 'pending',
    reporterName: 'Admin',
    createdAt: at(8),
    updatedAt: at(8),
    ...overrides,
  };
}

export function aConcernSubmission(overrides: Partial<ConcernSubmission> = {}): ConcernSubmission {
  return {
    _id: 'g1',
    user: { _id: 'p1', name: 'Grace Hopper', email: 'grace@example.com', phoneNumber: '03111111111' },
    createdAt: at(14),
    bothers: [
      {
        _id: 'b1',
        complaintId: {
          _id: 'cp1',
          title: 'Clarity of Expectations',
          description: 'Knowing what is expected of me.',
          botherOptions: ['A little', 'Quite a Bit', 'A great deal'],
          createdAt: at(8),
        },
        botherOptions: ['Quite a Bit'],
        status: 'pending',
      },
    ],
    ...overrides,
  };
}

export function someStats(overrides: Partial<StatsResponse> = {}): StatsResponse {
  return {
    year: 2026,
    totals: { users: 112, questions: 97, admins: 3 },
    lastMonth: { users: 100, questions: 100, admins: 0 },
    monthly: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, users: i, questions: i * 2 })),
    roles: [
      { role: 'participant', count: 100 },
      { role: 'user', count: 9 },
      { role: 'admin', count: 2 },
      { role: 'superadmin', count: 1 },
    ],
    ...overrides,
  };
}
