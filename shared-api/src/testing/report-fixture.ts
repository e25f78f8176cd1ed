import type { ParticipantReport, ReportContent } from '../contract/reports';

// One participant's report as the server sends it, for the component tests of both apps: every
// section filled, one category in each band, and a consent with every field recorded.

/** A 1×1 PNG, the smallest real signature image. */
const signaturePng = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** The content with the correct answers (the admin's copy, or a participant's when the admin chose to show them). */
export const reportContentFixture: ReportContent = {
  resultId: 'r1',
  participant: {
    _id: 'u1',
    name: 'Zoë Ñúñez Ωμέγα Юлия',
    email: 'zoe.nunez.a.rather.long.address@example-hospital.org',
    phoneNumber: '+923001234567',
  },
  dates: {
    invitedAt: '2026-03-01T09:00:00.000Z',
    enteredAt: '2026-03-01T09:00:00.000Z',
    consentedAt: '2026-03-02T09:55:00.000Z',
    startedAt: '2026-03-02T10:00:00.000Z',
    submittedAt: '2026-03-02T10:12:05.000Z',
    timeTakenSeconds: 725,
  },
  totals: { correctAnswer: 7, wrongAnswer: 3, totalAnswers: 10, percent: 70, passed: true },
  percentile: 62,
  cohortSize: 140,
  categories: [
    {
      categoryName: 'Anatomy',
      correctAnswer: 1,
      wrongAnswer: 4,
      totalAnswers: 5,
      percent: 20,
      performance: 'Low',
      percentile: 12,
    },
    {
      categoryName: 'Ethics',
      correctAnswer: 3,
      wrongAnswer: 2,
      totalAnswers: 5,
      percent: 60,
      performance: 'Average',
      percentile: 48,
    },
    {
      categoryName: 'Triage',
      correctAnswer: 4,
      wrongAnswer: 0,
      totalAnswers: 4,
      percent: 100,
      performance: 'High',
      percentile: 91,
    },
  ],
  answers: [
    {
      question: 'Which bone is the longest?',
      categoryName: 'Anatomy',
      userAnswer: 'Tibia',
      correctAnswer: 'Femur',
      isCorrect: false,
    },
    {
      question: 'Consent must be informed.',
      categoryName: 'Ethics',
      userAnswer: 'true',
      correctAnswer: 'true',
      isCorrect: true,
    },
    {
      question: 'The first colour of triage is ____.',
      categoryName: 'Triage',
      userAnswer: 'red',
      correctAnswer: 'Red',
      isCorrect: true,
    },
  ],
  showsCorrectAnswers: true,
  concerns: [
    { title: 'Workload', description: 'Hours and on-call duties', rating: 'Quite a Bit' },
    { title: 'Team & Culture', description: '', rating: 'A little' },
  ],
  concernsSubmittedAt: '2026-03-02T10:20:00.000Z',
  consent: {
    _id: 'a1',
    date: '2026-03-02',
    imageBase64: signaturePng,
    createdAt: '2026-03-02T09:55:00.000Z',
    textVersion: '2026-01',
    textSha256: '3f1c9a7be2d04c6f8a15e97b0c3d2a41f6e8b9c07d1a2e3f4b5c6d7e8f9a0b1c',
    signedName: 'Zoë Ñúñez',
    method: 'typed',
    clientAddress: '203.0.113.7',
  },
  questionSetVersion: 3,
};

/** The participant's copy without the correct answers (the default when a report is sent). */
export const participantContentFixture: ReportContent = {
  ...reportContentFixture,
  showsCorrectAnswers: false,
  answers: reportContentFixture.answers.map(({ question, categoryName, userAnswer }) => ({
    question,
    categoryName,
    userAnswer,
  })),
};

/** A released report as the participant reads it, with comments overall and on one category. */
export const participantReportFixture: ParticipantReport = {
  content: participantContentFixture,
  comments: {
    overall: 'A solid result overall.\n\nPlease review the anatomy notes\nbefore the next session.',
    categories: { Anatomy: 'Revise the long bones.', Ethics: '' },
  },
  releasedAt: '2026-03-05T08:30:00.000Z',
  doctorName: 'Dr. Amina Qureshi',
};
