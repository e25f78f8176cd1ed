import {
  auditExportQuerySchema,
  auditExportResponseSchema,
  auditListQuerySchema,
  auditListResponseSchema,
  auditRetentionSchema,
} from '@prometrica/shared-api/contract';
import { routeGroup } from '../../lib/route-group';
import { actorOf, auditRetention, exportAuditLog, listAuditLog, record, updateAuditRetention } from './service';

// Read-only: no call changes or deletes an entry (the database refuses it too, migration 0014).
const { route, list } = routeGroup({ tag: 'audit', access: { kind: 'account', roles: ['superadmin'] } });

/** The audit log (superadmin). */
export const auditRoutes = [
  list({
    url: '/admin/audit-log',
    summary: 'The audit log, newest first: filter by who (email contains), what (action) and when (from, to: UTC days)',
    query: auditListQuerySchema,
    response: auditListResponseSchema,
    handler: ({ app, query }) => listAuditLog(app, query),
  }),
  list({
    url: '/admin/audit-log/export',
    summary: 'Every entry the filters match, as CSV (the export is itself recorded)',
    query: auditExportQuerySchema,
    response: auditExportResponseSchema,
    handler: async ({ app, request, query }) => {
      const exported = await exportAuditLog(app, query);
      await record(app.db, actorOf(request), { action: 'audit.export', targetType: 'audit-log', after: { ...query } });
      return exported;
    },
  }),
  route({
    method: 'GET',
    url: '/admin/audit-retention',
    summary: 'How many months audit entries are kept (24 unless set)',
    response: auditRetentionSchema,
    errors: [401, 403],
    handler: ({ app }) => auditRetention(app),
  }),
  route({
    method: 'PUT',
    url: '/admin/audit-retention',
    summary: 'Set how many months audit entries are kept (at least 6); older ones are deleted by the hourly purge',
    body: auditRetentionSchema,
    response: auditRetentionSchema,
    errors: [400, 401, 403],
    handler: ({ app, request, body }) => updateAuditRetention(app, actorOf(request), body.months),
  }),
];
