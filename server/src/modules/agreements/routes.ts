import { agreementBodySchema, agreementResponseSchema, limits } from '@prometrica/shared-api/contract';
import { access, defineRoute } from '../../lib/route-table';
import { currentParticipant } from '../../plugins/auth';
import { addAgreement } from './service';

/** A signature image of up to `limits.signatureBase64` characters, plus room for the rest of the JSON. */
export const agreementBodyLimitBytes = limits.signatureBase64 + 64 * 1024;

/** The consent form (participant token). */
export const agreementRoutes = [
  defineRoute({
    method: 'POST',
    url: '/useragreement/add',
    tag: 'quiz',
    summary: 'Record the signed consent (signature image as base64 without a data-URL prefix)',
    access: access.participant,
    body: agreementBodySchema,
    response: agreementResponseSchema,
    status: 201,
    errors: [400, 401, 403, 413],
    bodyLimit: agreementBodyLimitBytes,
    handler: ({ app, request, body }) => addAgreement(app, currentParticipant(request), body),
  }),
];
