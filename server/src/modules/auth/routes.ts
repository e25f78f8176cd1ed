import {
  checkAuthResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  loginSessionResponseSchema,
  participantSessionResponseSchema,
  secondFactorLoginBodySchema,
  resumeBodySchema,
  validateUserBodySchema,
  validateUserResponseSchema,
} from '@prometrica/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { access, defineRoute } from '../../lib/route-table';
import { currentAccount } from '../../plugins/auth';
import { resumeParticipant, validateParticipant } from '../participants/service';
import { toPublicUser } from '../users/service';
import { createAuthService } from './service';

const authService = (app: FastifyInstance) =>
  createAuthService({
    db: app.db,
    tokens: app.tokens,
    rateLimiter: app.rateLimiter,
    secondFactorKeys: app.secondFactorKeys,
  });

/** Signing in (accounts) and entering details (participants). */
export const authRoutes = [
  defineRoute({
    method: 'POST',
    url: '/auth/login',
    tag: 'auth',
    summary:
      'Sign an account in with email and password; after 5 failures in 15 minutes from one address or ' +
      'against one email, further attempts get 429 until the window ends (see Retry-After); 503 with ' +
      'Retry-After when too many passwords are being checked',
    access: access.public,
    body: loginBodySchema,
    response: loginResponseSchema,
    errors: [400, 401, 429, 503],
    handler: ({ app, request, body }) => authService(app).login(body, request.ip, request.headers['user-agent']),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/login/second-factor',
    tag: 'auth',
    summary:
      'Second step of signing in an account with a second factor: the challenge the password step answered ' +
      '(valid 5 minutes) and a code from the authenticator app or an unused recovery code (used up). 401 ' +
      'naming code, recoveryCode or challenge; after 5 wrong codes in 15 minutes from one address or for ' +
      'one account, 429 until the window ends (see Retry-After)',
    access: access.public,
    body: secondFactorLoginBodySchema,
    response: loginSessionResponseSchema,
    errors: [400, 401, 429],
    handler: ({ app, request, body }) =>
      authService(app).completeSignIn(body, request.ip, request.headers['user-agent']),
  }),
  defineRoute({
    method: 'GET',
    url: '/auth/checkauth',
    tag: 'auth',
    summary: 'The signed-in account behind the token (and whether its session may only turn the second factor on)',
    access: access.signedInEnrolling,
    response: checkAuthResponseSchema,
    errors: [401],
    handler: async ({ request }) => ({
      user: toPublicUser(currentAccount(request)),
      ...(request.accountEnrolOnly ? { secondFactorEnrolmentRequired: true } : {}),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/validateuser',
    tag: 'auth',
    summary:
      'A participant enters their details and gets a participant token; earlier answers come back only ' +
      "to the browser that holds the participant (send that browser's participant token). Once a " +
      'participant has started or was invited, any other browser changes nothing and gets 409 (after ' +
      'submission: status true and nothing else); with open entry off, an email nobody invited gets 403. ' +
      'At most 300 calls per client address and 10 per email in 15 minutes (429 beyond, see Retry-After)',
    access: access.public,
    body: validateUserBodySchema,
    response: validateUserResponseSchema,
    errors: [400, 403, 409, 429],
    handler: async ({ app, request, body }) => {
      await app.rateLimiter.countDetails(request.ip, body.email);
      return validateParticipant(app, app.tokens, body, await app.identifyParticipant(request));
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/resume',
    tag: 'auth',
    summary:
      'Continue on this device with the email and the resume code: a participant token of the session that ' +
      'holds the participant, and their progress. 401 for a wrong email or code; after 5 wrong ones in 15 ' +
      'minutes from one address or against one email, 429 until the window ends (see Retry-After)',
    access: access.public,
    body: resumeBodySchema,
    response: participantSessionResponseSchema,
    errors: [400, 401, 429],
    handler: ({ app, request, body }) => resumeParticipant(app, app.tokens, app.rateLimiter, body, request.ip),
  }),
];
