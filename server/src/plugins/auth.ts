import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  secondFactorEnrolmentCode,
  secondFactorEnrolmentMessage,
  sessionEndedCode,
  sessionEndedMessage,
  type Role,
} from '@prometrica/shared-api/contract';
import { HttpError, unauthorized, forbidden } from '../lib/http-errors';
import { globalPlugin } from '../lib/plugin';
import type { TokenService } from '../lib/tokens';
import type { JwtClaims } from '../lib/jwt';
import type { Account } from '../modules/users/service';

/** A route-level check: use as `preHandler`. */
export type AuthorizeHook = (request: FastifyRequest) => Promise<void>;

/**
 * A route-level check that reads nothing from the database, so it runs at once: a refusal is thrown
 * (Fastify answers with it as it does a rejected hook), and no promise is made a request.
 */
export type ImmediateAuthorizeHook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /** Issues and verifies access tokens. */
    tokens: TokenService;
    /**
     * Requires an account token whose account still exists, whose session is still open, and (when
     * `roles` is given) has one of those roles; sets `request.account` and `request.accountSession`.
     * 401 without a valid token or for an ended session, 403 for another role. A session that may
     * only turn the second factor on gets 403 (`second-factor-enrolment-required`) unless
     * `enrolling` says the route is one of those it may call.
     */
    authorize(roles?: readonly Role[], enrolling?: boolean): AuthorizeHook;
    /** Requires a participant token; sets `request.participantId` and `request.participantSession`. */
    authorizeParticipant(): AuthorizeHook;
    /**
     * Requires a validly signed, unexpired participant token without looking the participant up:
     * for replies that are the same for every participant and hold nothing of theirs.
     */
    authorizeParticipantToken(): ImmediateAuthorizeHook;
    /**
     * Accepts a participant token, or an account token with one of `roles` (calls both audiences
     * make); sets what the matching hook above sets.
     */
    authorizeParticipantOrAccount(roles: readonly Role[]): AuthorizeHook;
    /**
     * The participant a request's token is scoped to, or null when it carries none (or an invalid,
     * expired or account token). Never throws: for calls open to everyone that say more to a holder.
     */
    identifyParticipant(request: FastifyRequest): Promise<ParticipantIdentity | null>;
  }
  interface FastifyRequest {
    /** The signed-in account, reloaded from the database; set by `app.authorize()`. */
    account: Account | null;
    /** The session of that account's token (see `JwtClaims.sid`); set by `app.authorize()`. */
    accountSession: string | null;
    /** That session may only turn the second factor on (set by `app.authorize()`). */
    accountEnrolOnly: boolean;
    /** The participant a participant token is scoped to; set by `app.authorizeParticipant()`. */
    participantId: string | null;
    /** The browser session of that participant token (see `JwtClaims.sid`). */
    participantSession: string | null;
  }
}

/** Who a participant token speaks for: the participant and the browser session it was issued to. */
export interface ParticipantIdentity {
  id: string;
  /** Empty for tokens issued without a session (never matches a stored session). */
  sessionId: string;
}

export interface AuthPluginOptions {
  tokens: TokenService;
  /**
   * Loads the current state of an account and of the token's session, so deleted accounts, changed
   * roles and ended sessions apply at once: undefined when the account is gone, 'ended' when the
   * session is; `enrolOnly` when the session may only turn the second factor on.
   */
  loadAccount(id: string, sessionId: string): Promise<{ account: Account; enrolOnly: boolean } | 'ended' | undefined>;
  /** When given, a participant token is refused unless its participant still exists. */
  participantExists?(id: string): Promise<boolean>;
}

const bearer = /^Bearer\s+([A-Za-z0-9_.-]+)\s*$/i;
export const sessionExpiredMessage = 'Your session has expired. Please log in again.';

function readClaims(app: FastifyInstance, request: FastifyRequest, kind: JwtClaims['kind'] | 'any'): JwtClaims {
  const header = request.headers.authorization;
  if (!header) throw unauthorized('Authentication required');
  // The usual spelling, `Bearer <token>`, is read without the pattern (a token that verifies holds
  // only the pattern's characters); any other spelling, or a refused token, is read by the pattern.
  const quick = header.startsWith('Bearer ') ? header.slice(7) : undefined;
  let result = quick === undefined ? undefined : app.tokens.verify(quick);
  if (!result?.ok) {
    const token = bearer.exec(header)?.[1];
    if (!token) throw unauthorized('Invalid token');
    if (token !== quick || !result) result = app.tokens.verify(token);
  }
  if (!result.ok) throw unauthorized(result.reason === 'expired' ? sessionExpiredMessage : 'Invalid token');
  // A participant token never opens account routes, and an account token is not a participant.
  if (kind !== 'any' && result.claims.kind !== kind) throw unauthorized('Invalid token');
  return result.claims;
}

/** JWT authentication and role checks for routes. */
export const authPlugin = globalPlugin<AuthPluginOptions>('auth', async (app, options) => {
  app.decorate('tokens', options.tokens);
  app.decorateRequest('account', null);
  app.decorateRequest('accountSession', null);
  app.decorateRequest('accountEnrolOnly', false);
  app.decorateRequest('participantId', null);
  app.decorateRequest('participantSession', null);

  const checkAccount = async (
    request: FastifyRequest,
    claims: JwtClaims,
    allowed: Set<Role> | null,
    enrolling = false,
  ) => {
    // A token from before sessions were kept names none: it is treated as run out.
    const sessionId = claims.sid;
    if (!sessionId) throw unauthorized(sessionExpiredMessage);
    const loaded = await options.loadAccount(claims.sub, sessionId);
    if (!loaded) throw unauthorized('Invalid token');
    // Its own code: the client leaves for sign-in rather than renewing the session in place.
    if (loaded === 'ended') throw new HttpError(401, sessionEndedMessage, sessionEndedCode);
    const { account, enrolOnly } = loaded;
    // The stored role decides, not the token's: a demoted admin loses access immediately.
    if (allowed && !allowed.has(account.role)) throw forbidden();
    if (enrolOnly && !enrolling) throw new HttpError(403, secondFactorEnrolmentMessage, secondFactorEnrolmentCode);
    request.account = account;
    request.accountSession = sessionId;
    request.accountEnrolOnly = enrolOnly;
  };

  const setParticipant = (request: FastifyRequest, claims: JwtClaims) => {
    request.participantId = claims.sub;
    request.participantSession = claims.sid ?? '';
  };

  const checkParticipant = async (request: FastifyRequest, claims: JwtClaims) => {
    if (options.participantExists && !(await options.participantExists(claims.sub))) {
      throw unauthorized('Invalid token');
    }
    setParticipant(request, claims);
  };

  app.decorate('authorize', (roles?: readonly Role[], enrolling = false): AuthorizeHook => {
    const allowed = roles ? new Set<Role>(roles) : null;
    return async (request) => checkAccount(request, readClaims(app, request, 'account'), allowed, enrolling);
  });

  app.decorate('authorizeParticipant', (): AuthorizeHook => async (request) => {
    await checkParticipant(request, readClaims(app, request, 'participant'));
  });

  app.decorate('authorizeParticipantToken', (): ImmediateAuthorizeHook => (request, _reply, done) => {
    setParticipant(request, readClaims(app, request, 'participant'));
    done();
  });

  app.decorate('authorizeParticipantOrAccount', (roles: readonly Role[]): AuthorizeHook => {
    const allowed = new Set<Role>(roles);
    return async (request) => {
      const claims = readClaims(app, request, 'any');
      if (claims.kind === 'participant') await checkParticipant(request, claims);
      else await checkAccount(request, claims, allowed);
    };
  });

  app.decorate('identifyParticipant', async (request: FastifyRequest): Promise<ParticipantIdentity | null> => {
    let claims: JwtClaims;
    try {
      claims = readClaims(app, request, 'participant');
    } catch {
      return null;
    }
    if (options.participantExists && !(await options.participantExists(claims.sub))) return null;
    return { id: claims.sub, sessionId: claims.sid ?? '' };
  });
});

/** The account `app.authorize()` loaded; a 401 if the route forgot the hook. */
export function currentAccount(request: FastifyRequest): Account {
  if (!request.account) throw unauthorized();
  return request.account;
}

/** The session of the account `app.authorize()` loaded; a 401 if the route forgot the hook. */
export function currentAccountSession(request: FastifyRequest): string {
  if (!request.accountSession) throw unauthorized();
  return request.accountSession;
}

/** The participant `app.authorizeParticipant()` verified; a 401 if the route forgot the hook. */
export function currentParticipantId(request: FastifyRequest): string {
  if (!request.participantId) throw unauthorized();
  return request.participantId;
}

/** The participant and session `app.authorizeParticipant()` verified; a 401 if the route forgot the hook. */
export function currentParticipant(request: FastifyRequest): ParticipantIdentity {
  return { id: currentParticipantId(request), sessionId: request.participantSession ?? '' };
}
