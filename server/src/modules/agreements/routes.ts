import { agreementBodySchema, agreementResponseSchema, limits } from '@prometrica/shared-api/contract';
import { access, defineRoute } from '../../lib/route-table';
import { currentParticipant } from '../../plugins/auth';
import { addAgreement } from './service';

/**
 * A signature image of up to `limits.signatureBase64` characters, plus 4 KB for the date, the signed
 * name (200 characters, up to 6 bytes each when escaped), the text version, the method and the JSON
 * around them: anything larger is refused (413) before a byte of it is parsed.
 */
export const agreementBodyLimitBytes = limits.signatureBase64 + 4096;

const image = limits.signatureImage;

/** The consent form (participant token). */
export const agreementRoutes = [
  defineRoute({
    method: 'POST',
    url: '/useragreement/add',
    tag: 'quiz',
    summary: `Record the signed consent as evidence, once per participant; claims the participant for this session and pins their question set (signature: a PNG of at most ${image.bytes / 1024} KB and ${image.width} × ${image.height} px, as base64 without a data-URL prefix)`,
    access: access.participant,
    body: agreementBodySchema,
    response: agreementResponseSchema,
    status: 201,
    errors: [400, 401, 403, 409, 413, 429],
    bodyLimit: agreementBodyLimitBytes,
    handler: async ({ app, request, body }) => {
      await app.rateLimiter.countConsent(request.ip);
      return addAgreement(app, currentParticipant(request), body, request.ip);
    },
  }),
];
