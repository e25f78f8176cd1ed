import {
  adminReportResponseSchema,
  reportLinkResponseSchema,
  reportParamsSchema,
  reportTokenParamsSchema,
  reportVersionsResponseSchema,
  revokeReportResponseSchema,
  saveReportCommentsBodySchema,
  saveReportCommentsResponseSchema,
  sendReportBodySchema,
  sendReportResponseSchema,
  userReportsResponseSchema,
} from '@prometrica/shared-api/contract';
import { fileResponseSchema } from '../../lib/file-reply';
import { routeGroup } from '../../lib/route-group';
import { access } from '../../lib/route-table';
import { currentAccount, currentParticipant } from '../../plugins/auth';
import { actorOf, record } from '../audit/service';
import { linkBase } from './links';
import {
  adminReportPdf,
  getAdminReport,
  listReportVersions,
  openReportLink,
  reportLinkPdf,
  revokeReport,
  saveReportComments,
  sendReport,
  userReports,
} from './service';

const { route } = routeGroup({ tag: 'reports', access: access.admins });

const byResult = [400, 401, 403, 404];
const openLimit = 'at most 300 opens per client address in 15 minutes (429 beyond, see Retry-After)';

/** The doctor's report on a result: the admin's calls, the participant's link and their list. */
export const reportRoutes = [
  route({
    method: 'GET',
    url: '/admin/reports/:resultId',
    summary:
      "The report on a result: its content (correct answers included, percentiles against every stored result), the doctor's comments, status and links",
    params: reportParamsSchema,
    response: adminReportResponseSchema,
    errors: byResult,
    handler: async ({ app, request, params }) => {
      const report = await getAdminReport(app, params.resultId);
      await record(app.db, actorOf(request), {
        action: 'report.view',
        targetType: 'result',
        targetId: params.resultId,
      });
      return report;
    },
  }),
  route({
    method: 'PUT',
    url: '/admin/reports/:resultId/comments',
    summary:
      "Save the doctor's comments (overall and per category of the result) as a new version; 409 when someone saved since baseVersion",
    params: reportParamsSchema,
    body: saveReportCommentsBodySchema,
    response: saveReportCommentsResponseSchema,
    errors: [...byResult, 409],
    handler: async ({ app, request, params, body }) => {
      const saved = await saveReportComments(app, params.resultId, body, currentAccount(request).id);
      await record(app.db, actorOf(request), {
        action: 'report.comments',
        targetType: 'result',
        targetId: params.resultId,
        after: { version: saved.report.version },
      });
      return saved;
    },
  }),
  route({
    method: 'GET',
    url: '/admin/reports/:resultId/versions',
    summary: "Every saved version of the report's comments, newest first",
    params: reportParamsSchema,
    response: reportVersionsResponseSchema,
    errors: byResult,
    handler: ({ app, params }) => listReportVersions(app, params.resultId),
  }),
  route({
    method: 'POST',
    url: '/admin/reports/:resultId/send',
    summary:
      "Release the report with a new link to the participant's copy (expires after expiresInDays), mailed (with the PDF when attachPdf) or to copy; " +
      '409 when mail is asked for but not configured, 502 when the mail server refuses it (then nothing is released)',
    params: reportParamsSchema,
    body: sendReportBodySchema,
    response: sendReportResponseSchema,
    errors: [...byResult, 409, 502],
    handler: async ({ app, request, params, body }) => {
      const sent = await sendReport(
        app,
        params.resultId,
        body,
        currentAccount(request).id,
        linkBase(app.config, request),
      );
      await record(app.db, actorOf(request), {
        action: 'report.send',
        targetType: 'result',
        targetId: params.resultId,
        after: {
          delivery: body.delivery,
          mailed: sent.mailed,
          attachPdf: body.attachPdf,
          showCorrectAnswers: body.showCorrectAnswers,
          expiresAt: sent.expiresAt,
        },
      });
      return sent;
    },
  }),
  route({
    method: 'POST',
    url: '/admin/reports/:resultId/revoke',
    summary: 'Revoke every link of the report that still works: they answer 410 from now on',
    params: reportParamsSchema,
    response: revokeReportResponseSchema,
    errors: byResult,
    handler: async ({ app, request, params }) => {
      const revoked = await revokeReport(app, params.resultId);
      await record(app.db, actorOf(request), {
        action: 'report.revoke',
        targetType: 'result',
        targetId: params.resultId,
        after: { revoked: revoked.revoked },
      });
      return revoked;
    },
  }),
  route({
    method: 'GET',
    url: '/admin/reports/:resultId/pdf',
    summary: "The report as a PDF (the admin's copy: correct answers included), as a download",
    params: reportParamsSchema,
    response: fileResponseSchema,
    produces: 'application/pdf',
    errors: byResult,
    handler: async ({ app, request, params }) => {
      const pdf = await adminReportPdf(app, params.resultId);
      await record(app.db, actorOf(request), {
        action: 'report.view',
        targetType: 'result',
        targetId: params.resultId,
        after: { format: 'pdf' },
      });
      return pdf;
    },
  }),
  route({
    method: 'GET',
    url: '/reports/link/:token',
    summary:
      "Open a report link: the participant's read-only copy (correct answers only when the admin chose so). 404 unknown " +
      `link, 410 revoked or expired; ${openLimit}`,
    access: access.public,
    params: reportTokenParamsSchema,
    response: reportLinkResponseSchema,
    errors: [400, 404, 410, 429],
    handler: async ({ app, request, params }) => {
      await app.rateLimiter.countReportOpen(request.ip);
      return openReportLink(app, params.token);
    },
  }),
  route({
    method: 'GET',
    url: '/reports/link/:token/pdf',
    summary: `The participant's copy opened by a report link, as a PDF; the same rules as the link (404, 410; ${openLimit})`,
    access: access.public,
    params: reportTokenParamsSchema,
    response: fileResponseSchema,
    produces: 'application/pdf',
    errors: [400, 404, 410, 429],
    handler: async ({ app, request, params }) => {
      await app.rateLimiter.countReportOpen(request.ip);
      return reportLinkPdf(app, params.token);
    },
  }),
  route({
    method: 'GET',
    url: '/user/reports',
    summary:
      "The participant's released reports (empty before the doctor releases one), for the session that holds the participant",
    access: access.participant,
    response: userReportsResponseSchema,
    errors: [401, 403],
    handler: ({ app, request }) => userReports(app, currentParticipant(request)),
  }),
];
