import {
  createInvitationBodySchema,
  exportInvitationsResponseSchema,
  importInvitationsBodySchema,
  importInvitationsResponseSchema,
  invitationIdParamsSchema,
  invitationResponseSchema,
  limits,
  messageResponseSchema,
  openInvitationBodySchema,
  openInvitationResponseSchema,
  participantListQuerySchema,
  participantListResponseSchema,
  participationSettingsSchema,
  updateParticipationBodySchema,
} from '@prometrica/shared-api/contract';
import { routeGroup } from '../../lib/route-group';
import { access } from '../../lib/route-table';
import { currentAccount } from '../../plugins/auth';
import { actorOf, auditedSettingChange, record } from '../audit/service';
import {
  createInvitation,
  exportInvitations,
  importInvitations,
  linkBase,
  listParticipants,
  openInvitation,
  participationSettings,
  resendInvitation,
  revokeInvitation,
  updateParticipationSettings,
} from './service';

const { route, create, list } = routeGroup({ tag: 'invitations', access: access.admins });

/**
 * A CSV of `limits.invitationImportBytes` characters inside a JSON string: a character may take up
 * to six bytes there (`\u0001`), so the body limit leaves room for that, admins only.
 */
const importBodyLimit = limits.invitationImportBytes * 6 + 64 * 1024;

/** Invitations, the admin's list of participants, and the open-entry setting. */
export const invitationRoutes = [
  create({
    url: '/admin/invitations',
    summary:
      'Invite one participant: creates them when new and gives them a personal link (mailed when mail is ' +
      'configured and send is not false); 409 when they have started or have an active invitation',
    body: createInvitationBodySchema,
    response: invitationResponseSchema,
    errors: [400, 401, 403, 409],
    handler: async ({ app, request, body }) => {
      const invited = await createInvitation(app, currentAccount(request).id, body, linkBase(app.config, request));
      await record(app.db, actorOf(request), {
        action: 'participant.invite',
        targetType: 'participant',
        targetId: invited.participant._id,
        after: { sent: invited.sent },
      });
      return invited;
    },
  }),
  route({
    method: 'POST',
    url: '/admin/invitations/import',
    summary:
      'Invite everyone in a CSV (a header row naming name, email and optionally phone, in any order): good ' +
      'rows are invited in one go, bad rows come back by line, and emails that started or hold an active ' +
      `invitation are skipped; at most ${limits.invitationImportRows} rows`,
    body: importInvitationsBodySchema,
    response: importInvitationsResponseSchema,
    errors: [400, 401, 403, 409, 413],
    bodyLimit: importBodyLimit,
    handler: async ({ app, request, body }) => {
      const imported = await importInvitations(app, currentAccount(request).id, body, linkBase(app.config, request));
      await record(app.db, actorOf(request), {
        action: 'participant.import',
        targetType: 'participants',
        after: { invited: imported.invited, skipped: imported.skipped.length, errors: imported.errors.length },
      });
      return imported;
    },
  }),
  route({
    method: 'POST',
    url: '/admin/invitations/:id/resend',
    summary:
      'Mail the invitation link again; 409 when mail is not configured or the invitation is withdrawn or ' +
      'expired, 502 when the mail server refuses it',
    params: invitationIdParamsSchema,
    response: invitationResponseSchema,
    errors: [400, 401, 403, 404, 409, 502],
    handler: async ({ app, request, params }) => {
      const resent = await resendInvitation(app, params.id, linkBase(app.config, request));
      await record(app.db, actorOf(request), {
        action: 'invitation.resend',
        targetType: 'invitation',
        targetId: params.id,
        after: { participantId: resent.participant._id, sent: resent.sent },
      });
      return resent;
    },
  }),
  route({
    method: 'POST',
    url: '/admin/invitations/:id/revoke',
    summary:
      'Withdraw an invitation: its link stops working, and a participant who has not started is no longer ' +
      'held by the devices that opened it',
    params: invitationIdParamsSchema,
    response: messageResponseSchema,
    errors: [400, 401, 403, 404],
    handler: async ({ app, request, params }) => {
      const revoked = await revokeInvitation(app, params.id);
      await record(app.db, actorOf(request), {
        action: 'invitation.revoke',
        targetType: 'invitation',
        targetId: params.id,
      });
      return revoked;
    },
  }),
  list({
    url: '/admin/invitations/export',
    summary:
      'Every participant with stage, answers, link, status and expiry as CSV text (cells a spreadsheet would ' +
      "run as formulas start with ')",
    response: exportInvitationsResponseSchema,
    handler: async ({ app, request }) => {
      const exported = await exportInvitations(app, linkBase(app.config, request));
      await record(app.db, actorOf(request), { action: 'participants.export', targetType: 'participants' });
      return exported;
    },
  }),
  list({
    url: '/admin/participants',
    summary:
      'Every participant, invited or not, newest first, with stage, answers saved, invitation and result; ' +
      'search matches name or email; stage filters',
    query: participantListQuerySchema,
    response: participantListResponseSchema,
    handler: ({ app, request, query }) => listParticipants(app, query, linkBase(app.config, request)),
  }),
  route({
    method: 'POST',
    url: '/invitations/open',
    tag: 'participation',
    summary:
      'Open a personal invitation link: a participant token of the session that holds the participant (the ' +
      'same on every device the link is opened on) and their progress. 404 unknown link, 410 withdrawn or ' +
      'expired; at most 300 calls per client address in 15 minutes (429 beyond, see Retry-After)',
    access: access.public,
    body: openInvitationBodySchema,
    response: openInvitationResponseSchema,
    errors: [400, 404, 410, 429],
    handler: async ({ app, request, body }) => {
      await app.rateLimiter.countInvitationOpen(request.ip);
      return openInvitation(app, body);
    },
  }),
  route({
    method: 'GET',
    url: '/participation',
    tag: 'participation',
    summary: 'Whether the details page takes new participants (open entry) or only invited ones',
    access: access.public,
    response: participationSettingsSchema,
    handler: ({ app }) => participationSettings(app),
  }),
  route({
    method: 'GET',
    url: '/admin/participation',
    tag: 'participation',
    summary: 'The participation settings: whether open entry is on',
    response: participationSettingsSchema,
    errors: [401, 403],
    handler: ({ app }) => participationSettings(app),
  }),
  route({
    method: 'PUT',
    url: '/admin/participation',
    tag: 'participation',
    summary:
      'Turn open entry on or off: off, the details page takes only invited participants (every server ' +
      'process follows within a second)',
    body: updateParticipationBodySchema,
    response: participationSettingsSchema,
    errors: [400, 401, 403],
    handler: ({ app, request, body }) =>
      auditedSettingChange(
        app,
        actorOf(request),
        { action: 'setting.open-entry', key: 'open_entry', read: () => participationSettings(app) },
        ({ openEntry }) => ({ openEntry }),
        () => updateParticipationSettings(app, body.openEntry),
      ),
  }),
];
