import { randomUUID } from 'node:crypto';
import type { Role } from '@prometrica/shared-api/contract';
import { signJwt, verifyJwt, type JwtClaims, type JwtResult } from './jwt';

/** How long an access token (account or participant) stays valid. */
export const ACCESS_TOKEN_TTL_SECONDS = 8 * 60 * 60;

/** Issues and checks the server's access tokens with one secret. */
export interface TokenService {
  /** A token for a signed-in account, carrying its role and the session it belongs to. */
  issueAccountToken(account: { id: string; role: Role }, sessionId: string): string;
  /**
   * A token scoped to one participant (participants do not log in) and one browser session:
   * `sessionId` carries an existing session on, a new one is generated when omitted.
   */
  issueParticipantToken(participantId: string, sessionId?: string): string;
  verify(token: string): JwtResult;
}

/** How many verified tokens are remembered (a few MB at most). */
export const verifiedTokenCacheSize = 10_000;

/** A token that verified, and its claims. */
interface Verified {
  token: string;
  claims: JwtClaims;
}

/**
 * Builds the token service; `now` is injectable so expiry can be tested. Tokens that verified are
 * remembered (oldest forgotten first), so a participant's or admin's repeated calls skip the HMAC
 * and parsing; a remembered token is still refused once it expires. They are looked up by their
 * signature, the last of their three parts: a request's token is a new string each time, and
 * finding it in a map hashes its whole text first, five times the signature's. The whole token
 * must then equal the one that verified: a signature copied onto other claims finds nothing.
 */
export function createTokenService(secret: string, now: () => number = Date.now): TokenService {
  const seconds = () => Math.floor(now() / 1000);
  const verified = new Map<string, Verified>();
  const verify = (token: string): JwtResult => {
    const signature = token.slice(token.lastIndexOf('.') + 1);
    const known = verified.get(signature);
    if (known && known.token === token) {
      if (known.claims.exp > seconds()) return { ok: true, claims: known.claims };
      verified.delete(signature);
      return { ok: false, reason: 'expired' };
    }
    const result = verifyJwt(token, secret, seconds());
    if (result.ok) {
      if (verified.size >= verifiedTokenCacheSize) verified.delete(verified.keys().next().value!);
      verified.set(signature, { token, claims: result.claims });
    }
    return result;
  };
  const issue = (sub: string, role: Role, kind: 'account' | 'participant', sid?: string) => {
    const iat = seconds();
    return signJwt({ sub, role, kind, ...(sid ? { sid } : {}), iat, exp: iat + ACCESS_TOKEN_TTL_SECONDS }, secret);
  };
  return {
    issueAccountToken: (account, sessionId) => issue(account.id, account.role, 'account', sessionId),
    issueParticipantToken: (participantId, sessionId) =>
      issue(participantId, 'user', 'participant', sessionId ?? randomUUID()),
    verify,
  };
}
