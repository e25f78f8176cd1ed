import type {
  LoginBody,
  LoginChallengeResponse,
  LoginResponse,
  LoginSessionResponse,
  SecondFactorLoginBody,
} from '@prometrica/shared-api/contract';
import type { Executor } from '../../db/types';
import { HttpError, unauthorized } from '../../lib/http-errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { TokenService } from '../../lib/tokens';
import { record } from '../audit/service';
import { asSecretAttempt, checkSecret, type RateLimiter } from '../rate-limits/service';
import {
  challengeExpiredMessage,
  checkSignInCode,
  hasSecondFactor,
  issueChallenge,
  mustEnrol,
  readChallenge,
  type SecondFactorKeys,
} from '../second-factor/service';
import { startSession } from '../sessions/service';
import { findUserByEmail, toAccount, toPublicUser, upgradePasswordHash } from '../users/service';

export const invalidCredentialsMessage = 'Invalid email or password';

/** An account as sign-in reads it (with its password hash). */
type SignInUser = NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>;

// A real hash to check unknown emails against, so a wrong email costs as long as a wrong password
// and response times do not reveal which emails have accounts.
let decoyHash: Promise<string> | undefined;
const getDecoyHash = () =>
  (decoyHash ??= hashPassword('decoy password that matches nothing').catch((error: unknown) => {
    // Refused while the server was busy: made on a later sign-in.
    decoyHash = undefined;
    throw error;
  }));

export function createAuthService(deps: {
  db: Executor;
  tokens: TokenService;
  rateLimiter: RateLimiter;
  secondFactorKeys: SecondFactorKeys;
}) {
  /** A sign-in that is complete: a session (recorded in the audit log) and its token. */
  const openSession = async (
    user: SignInUser,
    client: { address: string | undefined; userAgent: string | undefined; enrolOnly?: boolean },
  ): Promise<LoginSessionResponse> => {
    const sessionId = await startSession(deps.db, user.id, client);
    const actor = { id: user.id, email: user.email, role: user.role, address: client.address ?? '' };
    await record(deps.db, actor, { action: 'sign-in', targetType: 'session', targetId: sessionId });
    return {
      message: 'Login successful',
      accessToken: deps.tokens.issueAccountToken(user, sessionId),
      user: toPublicUser(toAccount(user)),
      ...(client.enrolOnly ? { secondFactorEnrolmentRequired: true } : {}),
    };
  };

  return {
    /**
     * Checks an email (any case) and password; one message for both failures. `address` is the
     * client's: five failures from it, or against the email, refuse further attempts for a while.
     * A sign-in opens a session (kept with `address` and `userAgent`) that the token belongs to;
     * with a second factor on, it answers a challenge instead, for `completeSignIn` with the code.
     * An admin who must have a second factor (the superadmin requires it) and has none gets a
     * session that may only turn it on.
     */
    async login(body: LoginBody, address: string | undefined, userAgent?: string): Promise<LoginResponse> {
      const attempt = await deps.rateLimiter.startLogin(address, body.email);
      const user = await findUserByEmail(deps.db, body.email);
      const matches = await checkSecret(attempt, async () =>
        verifyPassword(body.password, user?.passwordHash ?? (await getDecoyHash())),
      );
      if (!user || !matches) {
        // The email as typed (it may name no account); never the password.
        const actor = { id: user?.id ?? null, email: body.email, role: user?.role ?? null, address: address ?? '' };
        await record(deps.db, actor, { action: 'sign-in-failed', targetType: 'account', targetId: user?.id ?? null });
        throw unauthorized(invalidCredentialsMessage);
      }
      await attempt.succeeded();
      // A hash made with weaker parameters than today's is replaced, now that the password is known.
      await upgradePasswordHash(deps.db, user, body.password);
      if (await hasSecondFactor(deps.db, user.id)) return challengeFor(deps.secondFactorKeys, user);
      return openSession(user, { address, userAgent, enrolOnly: await mustEnrol(deps.db, user) });
    },

    /**
     * The second step of a sign-in with a second factor: the challenge of the password step and a
     * code from the app or an unused recovery code. Wrong codes are limited as wrong passwords are
     * (five per address or per account in 15 minutes, then 429).
     */
    async completeSignIn(
      body: SecondFactorLoginBody,
      address: string | undefined,
      userAgent?: string,
    ): Promise<LoginSessionResponse> {
      const challenge = readChallenge(deps.secondFactorKeys, body.challenge);
      const user = await findUserByEmail(deps.db, challenge.email);
      if (!user || user.id !== challenge.userId) throw new HttpError(401, challengeExpiredMessage, 'challenge');
      await asSecretAttempt(deps.rateLimiter.startSecondFactor(address, user.id), () =>
        checkSignInCode(deps.db, deps.secondFactorKeys, user.id, body),
      ).catch(async (error: unknown) => {
        // A wrong code or recovery code is a failed sign-in too.
        if (error instanceof HttpError && error.statusCode === 401) {
          const actor = { id: user.id, email: user.email, role: user.role, address: address ?? '' };
          await record(deps.db, actor, {
            action: 'sign-in-failed',
            targetType: 'account',
            targetId: user.id,
            after: { step: 'second factor' },
          });
        }
        throw error;
      });
      return openSession(user, { address, userAgent });
    },
  };
}

/** The password step's reply to an account with a second factor: a challenge, no session. */
function challengeFor(keys: SecondFactorKeys, user: { id: string; email: string }): LoginChallengeResponse {
  return {
    message: 'Enter the code from your authenticator app',
    secondFactorRequired: true,
    challenge: issueChallenge(keys, user),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
