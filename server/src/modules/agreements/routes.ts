import { agreementBodySchema, agreementResponseSchema, limits } from '@prometrica/shared-api/contract';
import { access, defineRoute } from '../../lib/route-table';
import { currentParticipant } from '../../plugins/auth';
import { addAgreement } from './service';

/**
 * A signature image of up to `limits.signatureBase64` characters, plus 1 KB for the date and the
 * JSON around them: anything larger is refused (413) before a byte of it is parsed.
 */
export const agreementBodyLimitBytes = limits.signatureBase64 + 1024;

const image = limits.signatureImage;

/** The consent form (participant token). */
export const agreementRoutes = [
  defineRoute({
    method: 'POST',
    url: '/useragreement/add',
    tag: 'quiz',
    summary: `Record the signed consent, once per participant (signature: a PNG of at most ${image.bytes / 1024} KB and ${image.width} × ${image.height} px, as base64 without a data-URL prefix)`,
    access: access.participant,
    body: agreementBodySchema,
    response: agreementResponseSchema,
    status: 201,
    errors: [400, 401, 403, 409, 413],
    bodyLimit: agreementBodyLimitBytes,
    handler: ({ app, request, body }) => addAgreement(app, currentParticipant(request), body),
  }),
];
