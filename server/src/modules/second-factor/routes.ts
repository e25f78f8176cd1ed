import {
  type AuditAction,
  messageResponseSchema,
  recoveryCodesResponseSchema,
  secondFactorCodeBodySchema,
  secondFactorDisableBodySchema,
  secondFactorRequirementSchema,
  secondFactorSetupResponseSchema,
  secondFactorStatusResponseSchema,
} from '@prometrica/shared-api/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeGroup } from '../../lib/route-group';
import { access } from '../../lib/route-table';
import { currentAccount } from '../../plugins/auth';
import { actorOf, auditedSettingChange, record } from '../audit/service';
import { asSecretAttempt } from '../rate-limits/service';
import type { Account } from '../users/service';
import {
  confirmEnrolment,
  disableSecondFactor,
  readRequirement,
  renewRecoveryCodes,
  secondFactorStatus,
  setRequirement,
  startEnrolment,
} from './service';

const { route } = routeGroup({ tag: 'second-factor', access: access.signedIn });

const codeLimit =
  'Five wrong codes in 15 minutes from one address or for one account (sign-in included) refuse further attempts with 429 until the window ends (see Retry-After)';

/**
 * A check of a code by the signed-in account, counted against the second factor's attempt limits;
 * what it changed is recorded in the audit log as `action`.
 */
const codeAttempt = async <T>(
  app: FastifyInstance,
  request: FastifyRequest,
  action: AuditAction,
  check: (account: Account) => Promise<T>,
) => {
  const account = currentAccount(request);
  const outcome = await asSecretAttempt(app.rateLimiter.startSecondFactor(request.ip, account.id), () =>
    check(account),
  );
  await record(app.db, actorOf(request), { action, targetType: 'user', targetId: account.id });
  return outcome;
};

/**
 * The signed-in account's second factor (TOTP from an authenticator app, and recovery codes), and
 * the superadmin's setting that requires one of admins.
 */
export const secondFactorRoutes = [
  route({
    method: 'GET',
    url: '/auth/second-factor',
    access: access.signedInEnrolling,
    summary:
      "The signed-in account's second factor: on or off, unused recovery codes, whether the superadmin requires it, and whether this session may only turn it on",
    response: secondFactorStatusResponseSchema,
    errors: [401],
    handler: ({ app, request }) => secondFactorStatus(app.db, currentAccount(request), request.accountEnrolOnly),
  }),
  route({
    method: 'POST',
    url: '/auth/second-factor/setup',
    access: access.signedInEnrolling,
    summary:
      'Start turning the second factor on: a new secret (base32), its otpauth:// URI and a QR code (SVG data URL) for the authenticator app; it is on once a code confirms it. 409 when it is on already',
    response: secondFactorSetupResponseSchema,
    errors: [401, 409],
    handler: ({ app, request }) => startEnrolment(app.db, app.secondFactorKeys, currentAccount(request)),
  }),
  route({
    method: 'POST',
    url: '/auth/second-factor/confirm',
    access: access.signedInEnrolling,
    summary: `Turn the second factor on with the first code from the app; answers the 10 recovery codes, this once. 400 naming code for a wrong one. ${codeLimit}`,
    body: secondFactorCodeBodySchema,
    response: recoveryCodesResponseSchema,
    errors: [400, 401, 409, 429],
    handler: ({ app, request, body }) =>
      codeAttempt(app, request, 'user.second-factor-on', (account) =>
        confirmEnrolment(app.db, app.secondFactorKeys, account, body.code),
      ),
  }),
  route({
    method: 'POST',
    url: '/auth/second-factor/recovery-codes',
    summary: `10 new recovery codes (the old ones stop working), with a code from the app; shown this once. ${codeLimit}`,
    body: secondFactorCodeBodySchema,
    response: recoveryCodesResponseSchema,
    errors: [400, 401, 409, 429],
    handler: ({ app, request, body }) =>
      codeAttempt(app, request, 'user.recovery-codes', (account) =>
        renewRecoveryCodes(app.db, app.secondFactorKeys, account, body.code),
      ),
  }),
  route({
    method: 'POST',
    url: '/auth/second-factor/disable',
    summary: `Turn the second factor off, with the password and a code from the app or a recovery code; 403 for an admin while the superadmin requires it. ${codeLimit}`,
    body: secondFactorDisableBodySchema,
    response: messageResponseSchema,
    errors: [400, 401, 403, 409, 429],
    handler: ({ app, request, body }) =>
      codeAttempt(app, request, 'user.second-factor-off', (account) =>
        disableSecondFactor(app.db, app.secondFactorKeys, account, body),
      ),
  }),
  route({
    method: 'GET',
    url: '/admin/second-factor-requirement',
    access: access.superadmin,
    summary: 'Whether admins must have a second factor (superadmin)',
    response: secondFactorRequirementSchema,
    errors: [401, 403],
    handler: ({ app }) => readRequirement(app.db),
  }),
  route({
    method: 'PUT',
    url: '/admin/second-factor-requirement',
    access: access.superadmin,
    summary:
      'Require a second factor of admins, or not (superadmin). While required, an admin without one who signs in gets a session that may only turn it on (every other call: 403 second-factor-enrolment-required); turning it on restricts the open sessions of such admins at once',
    body: secondFactorRequirementSchema,
    response: secondFactorRequirementSchema,
    errors: [400, 401, 403],
    handler: ({ app, request, body }) =>
      auditedSettingChange(
        app,
        actorOf(request),
        {
          action: 'setting.second-factor-requirement',
          key: 'second_factor_required',
          read: () => readRequirement(app.db),
        },
        ({ required }) => ({ required }),
        () => setRequirement(app.db, body),
      ),
  }),
];
