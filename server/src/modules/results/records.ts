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

/** A result with its category figures and the participant it belongs to, as lists show it. */
export interface ResultWithParticipant extends ResultRecord {
  categories: ResultCategoryRecord[];
  participant: { id: string; name: string; email: string; phone: string; createdAt: string };
}
