import type { AuditExportResponse, AuditListQuery, AuditListResponse, AuditRetention } from '../contract/audit';
import { request } from '../client/http';

/** `GET admin/audit-log`: the audit log, newest first, filtered and paged (superadmin). */
export const listAuditLog = (query: AuditListQuery = {}) =>
  request<AuditListResponse>('get', 'admin/audit-log', { searchParams: { ...query } });

/** `GET admin/audit-log/export`: the filtered entries as CSV text to save (superadmin). */
export const exportAuditLog = (query: Omit<AuditListQuery, 'page' | 'limit'> = {}) =>
  request<AuditExportResponse>('get', 'admin/audit-log/export', { searchParams: { ...query } });

/** `GET`/`PUT admin/audit-retention`: months an entry is kept (superadmin). */
export const getAuditRetention = () => request<AuditRetention>('get', 'admin/audit-retention');
export const setAuditRetention = (body: AuditRetention) =>
  request<AuditRetention>('put', 'admin/audit-retention', { json: body });
