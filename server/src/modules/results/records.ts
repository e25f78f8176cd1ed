// The results module's records: what a stored result, its category figures and its answers are
// once read (see codecs.ts for how they are stored, queries.ts and submission-statements.ts for the
// statements that read and write them).

/** A participant's stored result: totals computed once, at submission. */
export interface ResultRecord {
  id: string;
  participantId: string;
  /** The browser session that submitted. */
  sessionId: string;
  correct: number;
  wrong: number;
  total: number;
  percent: number;
  passed: boolean;
  createdAt: string;
  /** The question set version answered; null for results stored before versions were kept. */
  questionSetVersion: number | null;
}

/** One category's figures inside a result. */
export interface ResultCategoryRecord {
  categoryName: string;
  correct: number;
  wrong: number;
  total: number;
  percent: number;
}

/** A submitted answer with the snapshot of its question. */
export interface AnswerRecord {
  questionId: string;
  questionText: string;
  userAnswer: string;
  correctAnswer: string;
  categoryName: string;
  isCorrect: boolean;
}

/** Where the doctor's report on a result stands: both null while it is a draft (or there is none). */
export interface ResultReportDates {
  releasedAt: string | null;
  openedAt: string | null;
}

/** A result with its category figures, the participant it belongs to and its report, as lists show it. */
export interface ResultWithParticipant extends ResultRecord {
  categories: ResultCategoryRecord[];
  report: ResultReportDates;
  participant: { id: string; name: string; email: string; phone: string; createdAt: string };
}
