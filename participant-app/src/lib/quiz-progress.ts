import { writeStored, storageKeys, type ParticipantQuestion } from '@prometrica/shared-api';

// The participant's progress lives on the server (`GET user/progress`); this browser keeps only the
// saves not yet sent (lib/answer-queue.ts). Earlier versions kept the quiz itself in storage: those
// keys are still cleared, so nothing of them is ever read back.

/** Browser storage key of the unsent answer saves (lib/answer-queue.ts). */
export const answerQueueKey = 'pendingAnswers';

/** The answers so far, by question id. */
export type AnswerMap = Readonly<Record<string, string>>;

/** Position of the first question without an answer; the last question when every one has one. */
export function firstUnanswered(questions: readonly ParticipantQuestion[], answers: AnswerMap): number {
  const at = questions.findIndex((q) => answers[q._id] === undefined);
  return at === -1 ? Math.max(questions.length - 1, 0) : at;
}

/** How many of `questions` have an answer. */
export function answeredCount(questions: readonly ParticipantQuestion[], answers: AnswerMap): number {
  return questions.filter((q) => answers[q._id] !== undefined).length;
}

/**
 * Forgets what a participant leaves in this browser besides their details: the unsent saves and the
 * keys of spec section 3 (after a submission, or when someone else enters their details here).
 */
export function clearQuizProgress(): void {
  for (const key of [
    answerQueueKey,
    storageKeys.questions,
    storageKeys.answers,
    storageKeys.currentIndex,
    storageKeys.previousAnswers,
    storageKeys.answerData,
    storageKeys.scoreResults,
  ]) {
    writeStored(key, null);
  }
}
