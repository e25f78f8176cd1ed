// What the server says when it refuses the token of a session that was ended (signed out, ended from
// the sessions list, or by a password or role change), as opposed to one that ran out. No zod: the
// browsers read it too.

/** The `error` code of such a 401: the client leaves for sign-in rather than renewing in place. */
export const sessionEndedCode = 'session-ended';

/** Its message. */
export const sessionEndedMessage = 'Your session has ended. Please log in again.';

/**
 * The `error` code of a 403 refusing a session that may only turn the second factor on (the
 * superadmin requires one of admins and the account has none yet).
 */
export const secondFactorEnrolmentCode = 'second-factor-enrolment-required';

/** Its message. */
export const secondFactorEnrolmentMessage =
  'Turn on two-factor authentication first (Account, Two-factor authentication).';
