import type { LoginBody, LoginResponse } from '@prometrica/shared-api/contract';
import type { Executor } from '../../db/types';
import { unauthorized } from '../../lib/http-errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { TokenService } from '../../lib/tokens';
import { record } from '../audit/service';
import { checkSecret, type RateLimiter } from '../rate-limits/service';
import { startSession } from '../sessions/service';
import { findUserByEmail, toAccount, toPublicUser } from '../users/service';

export const invalidCredentialsMessage = 'Invalid email or password';

// A real hash to check unknown emails against, so a wrong email costs as long as a wrong password
// and response times do not reveal which emails have accounts.
let decoyHash: Promise<string> | undefined;
const getDecoyHash = () =>
  (decoyHash ??= hashPassword('decoy password that matches nothing').catch((error: unknown) => {
    // Refused while the server was busy: made on a later sign-in.
    decoyHash = undefined;
    throw error;
  }));

export function createAuthService(deps: { db: Executor; tokens: TokenService; rateLimiter: RateLimiter }) {
  return {
    /**
     * Checks an email (any case) and password; one message for both failures. `address` is the
     * client's: five failures from it, or against the email, refuse further attempts for a while.
     * A sign-in opens a session (kept with `address` and `userAgent`) that the token belongs to.
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
      const sessionId = await startSession(deps.db, user.id, { address, userAgent });
      const actor = { id: user.id, email: user.email, role: user.role, address: address ?? '' };
      await record(deps.db, actor, { action: 'sign-in', targetType: 'session', targetId: sessionId });
      return {
        message: 'Login successful',
        accessToken: deps.tokens.issueAccountToken(user, sessionId),
        user: toPublicUser(toAccount(user)),
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
