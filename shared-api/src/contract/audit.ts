import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { limitQuery, pageInfo, pageQuery } from './fields';

// The audit log (docs/operations.md, "Audit log"): who did what, when and from which address, kept
// append-only. Only a superadmin reads it; no call changes or deletes an entry.

export { auditActions, type AuditAction } from './audit-actions';

/** Changed fields of an edit (before and after), or what a call concerned. */
const auditValues = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: isoDateTimeSchema,
  /** The account that acted; null for the server itself (retention, the log's purge) or an unknown email. */
  actorId: z.string().nullable(),
  /** The account's email then, or the email typed at a failed sign-in, or `server`. */
  actorEmail: z.string(),
  actorRole: z.string().nullable(),
  /** The client address of the request ('' for the server's own runs). */
  address: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: auditValues,
  after: auditValues,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const dateQuery = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'dates are YYYY-MM-DD' })
  .optional();

/** `GET admin/audit-log`: newest first, filtered by who (email contains), what (action) and when (UTC days, inclusive). */
export const auditListQuerySchema = z.object({
  page: pageQuery,
  limit: limitQuery,
  actor: z.string().trim().max(200, 'actor must be at most 200 characters').default(''),
  action: z.string().trim().max(60, 'action must be at most 60 characters').default(''),
  from: dateQuery,
  to: dateQuery,
});
export type AuditListFilters = Omit<z.output<typeof auditListQuerySchema>, 'page' | 'limit'>;
/** What a client sends. */
export interface AuditListQuery {
  page?: number;
  limit?: number;
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
}

export const auditListResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  totalEntries: z.number().int(),
  ...pageInfo,
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

/** `GET admin/audit-log/export`: the filtered entries (all pages, at most 100,000, newest first) as CSV. */
export const auditExportQuerySchema = auditListQuerySchema.omit({ page: true, limit: true });
export const auditExportResponseSchema = z.object({
  filename: z.string(),
  csv: z.string(),
  /** More entries matched than one export holds (100,000): only the newest are in it. */
  truncated: z.boolean(),
});
export type AuditExportResponse = z.infer<typeof auditExportResponseSchema>;

/** `GET`/`PUT admin/audit-retention`: months an entry is kept (at least 6). */
export const auditRetentionSchema = z.object({
  months: z
    .number({ error: 'months must be a whole number' })
    .int('months must be a whole number')
    .min(6, 'months must be at least 6')
    .max(1200, 'months must be at most 1200'),
});
export type AuditRetention = z.infer<typeof auditRetentionSchema>;
