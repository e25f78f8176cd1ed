import { isApiError, tooManyAttemptsMessage } from '@prometrica/shared-api';

/** Which form's failure is being described (spec section 8). */
export type SubmissionForm = 'consent' | 'assessment';

/** The failure texts of spec section 8, word for word. */
export const submissionMessages = {
  sessionExpired: 'Your session has expired. Please log in again.',
  serverError: 'Server error occurred. Please try again later.',
  network: 'Network error. Please check your internet connection and try again.',
  invalid: {
    consent: 'Invalid data format. Please check your information and try again.',
    assessment: 'Invalid data format. Please check your selections and try again.',
  },
  other: {
    consent: 'There was an error submitting your agreement. Please try again.',
    assessment: 'There was an error submitting your assessment. Please check your connection and try again.',
  },
} as const;

/** The message a participant sees when sending the consent or the concerns assessment failed. */
export function submissionErrorMessage(form: SubmissionForm, error: unknown): string {
  if (!isApiError(error)) return submissionMessages.other[form];
  if (error.status === 0) return submissionMessages.network;
  if (error.status === 401) return submissionMessages.sessionExpired;
  if (error.status === 400) return submissionMessages.invalid[form];
  if (error.status === 429) return tooManyAttemptsMessage(error.retryAfterSeconds);
  if (error.status >= 500) return submissionMessages.serverError;
  return submissionMessages.other[form];
}

/**
 * The message for a failed quiz submission: the server's own words, except where it has nothing
 * useful to say (an expired session, a call that got no answer) and for a refusal to wait (429),
 * where only the reply's Retry-After says how long is left.
 */
export function answerSubmissionErrorMessage(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  if (error.status === 401) return submissionMessages.sessionExpired;
  if (error.status === 429) return tooManyAttemptsMessage(error.retryAfterSeconds);
  if (error.status === 0) return submissionMessages.network;
  return error.message;
}
