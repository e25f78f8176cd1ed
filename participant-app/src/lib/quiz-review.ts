/**
 * Navigation state of a link to the quiz that reviews the answers from the first question
 * (`/submit`'s Review answers); without it the quiz resumes at the first unanswered question.
 */
export const reviewFromStart = { review: true } as const;

/** Whether a location's state asks the quiz to start the review at the first question. */
export function isReviewFromStart(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { review?: unknown }).review === true;
}
