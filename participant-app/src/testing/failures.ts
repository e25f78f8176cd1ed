// The failed submissions every participant form explains, as rows for test.each.

/** One failed request: the status, what else the reply does (a network error), and the message shown. */
export type FailedSubmission = [status: number, extra: { networkError?: boolean }, message: string];

/**
 * Rejected data, a server error, no network at all and one other status, with the messages a form
 * shows for them: `invalid` for rejected data (400) and `other` for `otherStatus`. A refused token
 * (401, and 403 from another device's session) is not among them: the forms offer the resume code
 * for it instead of a message.
 */
export function failedSubmissions(
  invalid: string,
  serverStatus: number,
  [otherStatus, other]: [number, string],
): FailedSubmission[] {
  return [
    [400, {}, invalid],
    [serverStatus, {}, 'Server error occurred. Please try again later.'],
    [0, { networkError: true }, 'Network error. Please check your internet connection and try again.'],
    [otherStatus, {}, other],
  ];
}
