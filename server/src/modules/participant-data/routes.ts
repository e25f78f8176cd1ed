import {
  participantErasureResponseSchema,
  participantExportSchema,
  retentionPreviewSchema,
  retentionRunResponseSchema,
  retentionSettingsSchema,
  updateRetentionBodySchema,
} from '@prometrica/shared-api/contract';
import { routeGroup } from '../../lib/route-group';
import { access } from '../../lib/route-table';
import { actorOf, auditedSettingChange, record } from '../audit/service';
import { retentionPreview, retentionSettings, runRetention, updateRetention } from './retention';
import { eraseParticipant, exportParticipant } from './service';

// Participants' rights: export and erasure of one participant, and retention (admins only). The
// routes sit with the invitations' in the API reference: both are the Participants section's.
const { route, getById, deleteById } = routeGroup({ tag: 'invitations', access: access.admins });

export const participantDataRoutes = [
  getById({
    url: '/admin/participants/:id/export',
    summary:
      'Everything held about one participant as one JSON document: details, consent with the signature ' +
      'image, saved answers, result with its answers and categories, concern ratings, invitations (without ' +
      'the link or the resume code, which act for the participant); 404 when there is no such participant',
    response: participantExportSchema,
    handler: async ({ app, request, params }) => {
      const exported = await exportParticipant(app, params.id);
      const entry = { action: 'participant.export', targetType: 'participant', targetId: params.id } as const;
      await record(app.db, actorOf(request), entry);
      return exported;
    },
  }),
  deleteById({
    url: '/admin/participants/:id',
    summary:
      'Erase one participant and everything stored about them (details, consent, answers, result, concern ' +
      'ratings, invitations), in one transaction; irreversible. 404 when there is no such participant',
    response: participantErasureResponseSchema,
    handler: ({ app, request, params }) => eraseParticipant(app, params.id, actorOf(request)),
  }),
  route({
    method: 'GET',
    url: '/admin/retention',
    summary:
      'The retention setting (months after submission before a participant is erased; null: off) and the last run',
    response: retentionSettingsSchema,
    errors: [401, 403],
    handler: ({ app }) => retentionSettings(app),
  }),
  route({
    method: 'PUT',
    url: '/admin/retention',
    summary:
      'Erase participants this many months after they submitted (1 to 120), every hour and on demand; ' +
      'null turns it off',
    body: updateRetentionBodySchema,
    response: retentionSettingsSchema,
    errors: [400, 401, 403],
    handler: ({ app, request, body }) =>
      auditedSettingChange(
        app,
        actorOf(request),
        { action: 'setting.retention', key: 'retention_months', read: () => retentionSettings(app) },
        ({ months }) => ({ months }),
        () => updateRetention(app, body.months),
      ),
  }),
  route({
    method: 'GET',
    url: '/admin/retention/preview',
    summary: 'Who the next retention run would erase: the count, and the first 100 by submission time',
    response: retentionPreviewSchema,
    errors: [401, 403],
    handler: ({ app }) => retentionPreview(app),
  }),
  route({
    method: 'POST',
    url: '/admin/retention/run',
    summary: 'Run retention now: erases everyone the preview lists',
    response: retentionRunResponseSchema,
    errors: [401, 403],
    handler: async ({ app, request }) => {
      const run = await runRetention(app);
      await record(app.db, actorOf(request), {
        action: 'retention.run',
        targetType: 'participants',
        after: { erased: run.erased },
      });
      return run;
    },
  }),
];
