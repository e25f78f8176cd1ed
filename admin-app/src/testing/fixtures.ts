// Builders of API answers shaped exactly as the contract says, for component tests.
import {
  useAuthStore,
  type AdminReportResponse,
  type ReportLink,
  type ReportState,
  type Category,
  type Concern,
  type ConcernSubmission,
  type ParticipantListResponse,
  type ParticipantSummary,
  type Question,
  type Result,
  type ResultListResponse,
  type Role,
  type SignedAgreement,
  type StatsResponse,
  type User,
  type UserListResponse,
} from '@prometrica/shared-api';
import { reportContentFixture } from '@prometrica/shared-api/testing';

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

/** `GET admin/getallusers`'s answer for these accounts, counted as the server counts them. */
export function userList(users: User[]): UserListResponse {
  return {
    users,
    totalUsers: users.length,
    counts: {
      accounts: users.length,
      users: users.filter((u) => u.role === 'user').length,
      admins: users.filter((u) => u.role === 'admin' || u.role === 'superadmin').length,
    },
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
    // 100 participants; 12 staff accounts: 9 of role user, 2 admins, 1 superadmin.
    totals: { participants: 100, accounts: 12, users: 9, admins: 3, questions: 97 },
    lastMonth: { participants: 89, accounts: 11, users: 9, admins: 0, questions: 100 },
    monthly: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, participants: i, questions: i * 2 })),
    roles: [
      { role: 'participant', count: 100 },
      { role: 'user', count: 9 },
      { role: 'admin', count: 2 },
      { role: 'superadmin', count: 1 },
    ],
    ...overrides,
  };
}

type Invitation = NonNullable<ParticipantSummary['invitation']>;

/** An active invitation as the participants list shows it. */
export function anInvitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    _id: 'i1',
    link: 'https://prometrica.example/invite/tok-ada',
    status: 'active',
    createdAt: at(3),
    expiresAt: at(30),
    openedAt: null,
    lastSentAt: null,
    ...overrides,
  };
}

/** An invited participant who has not opened their link yet. */
export function aParticipant(overrides: Partial<ParticipantSummary> = {}): ParticipantSummary {
  return {
    _id: 'p1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '+442079460000',
    stage: 'invited',
    answered: 0,
    questionCount: 20,
    createdAt: at(3),
    lastActivityAt: new Date(2026, 0, 4, 14, 30).toISOString(),
    invitation: anInvitation(),
    resultId: null,
    ...overrides,
  };
}

/** The participants list's answer holding `participants` as its one page. */
export function participantListOf(
  participants: ParticipantSummary[],
  extra: Partial<ParticipantListResponse> = {},
): { body: ParticipantListResponse } {
  return {
    body: {
      participants,
      totalParticipants: participants.length,
      page: 1,
      totalPages: participants.length ? 1 : 0,
      mailConfigured: false,
      ...extra,
    },
  };
}

/** A consent signed with every piece of evidence recorded. */
export function anAgreement(overrides: Partial<SignedAgreement> = {}): SignedAgreement {
  return {
    _id: 'a1',
    date: '12/01/2026',
    imageBase64: 'iVBORw0KGgo=',
    createdAt: new Date(2026, 0, 12, 9, 41).toISOString(),
    textVersion: '2026-11-25',
    textSha256: '3f5a9c0d7e21b4c6a8f0e2d4c6b8a0f1e3d5c7b9a1f3e5d7c9b1a3f5e7d9c1b3',
    signedName: 'Grace Hopper',
    method: 'drawn',
    clientAddress: '203.0.113.7',
    ...overrides,
  };
}

/** A report's state as the admin reads it: a draft with no comments saved, no links, unless overridden. */
export function aReportState(overrides: Partial<ReportState> = {}): ReportState {
  return {
    status: 'draft',
    comments: { overall: '', categories: {} },
    version: 0,
    savedAt: null,
    releasedAt: null,
    openedAt: null,
    links: [],
    ...overrides,
  };
}

/** `GET admin/reports/{id}`'s answer: the shared report fixture's content with this state. */
export function anAdminReport(
  report: Partial<ReportState> = {},
  extra: Partial<Omit<AdminReportResponse, 'report'>> = {},
): AdminReportResponse {
  return { content: reportContentFixture, report: aReportState(report), mailConfigured: true, ...extra };
}

/** One link of a report, active unless overridden. */
export function aReportLink(overrides: Partial<ReportLink> = {}): ReportLink {
  return {
    _id: 'l1',
    createdAt: at(20),
    expiresAt: at(50),
    revokedAt: null,
    openedAt: null,
    status: 'active',
    showCorrectAnswers: false,
    mailedTo: null,
    ...overrides,
  };
}
