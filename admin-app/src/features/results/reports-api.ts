import {
  request,
  type AdminReportResponse,
  type ReportState,
  type ReportVersionsResponse,
  type ResultFilterQuery,
  type RevokeReportResponse,
  type SaveReportCommentsBody,
  type SendReportBody,
  type SendReportResponse,
} from '@prometrica/shared-api';

// The report calls only the admin's report and results screens make. They live with the admin
// remote, not in shared-api's root: the root is the federation singleton every first screen loads
// (the admin login among them, whose JavaScript has a budget against a plain build), and these
// calls are only `request` with a path.

const reportPath = (resultId: string) => `admin/reports/${encodeURIComponent(resultId)}`;

/** `GET admin/reports/{resultId}`: the report with the correct answers, its comments and its links. */
export const getReport = (resultId: string) => request<AdminReportResponse>('get', reportPath(resultId));

/** `PUT admin/reports/{resultId}/comments`: saves the comments as a new draft version (409 when stale). */
export const saveComments = (resultId: string, body: SaveReportCommentsBody) =>
  request<{ report: ReportState }>('put', `${reportPath(resultId)}/comments`, { json: body });

/** `GET admin/reports/{resultId}/versions`: every saved version of the comments, newest first. */
export const getVersions = (resultId: string) =>
  request<ReportVersionsResponse>('get', `${reportPath(resultId)}/versions`);

/** `POST admin/reports/{resultId}/send`: releases the report with a new link, mailed or to copy. */
export const sendReport = (resultId: string, body: SendReportBody) =>
  request<SendReportResponse>('post', `${reportPath(resultId)}/send`, { json: body });

/** `POST admin/reports/{resultId}/revoke`: every active link of the report stops working. */
export const revokeReport = (resultId: string) =>
  request<RevokeReportResponse>('post', `${reportPath(resultId)}/revoke`);

/** API paths of the downloads (fetched with the admin's token, streamed to a file). */
export const downloadPaths = {
  /** `GET admin/reports/{resultId}/pdf`: the admin's PDF (correct answers included). */
  pdf: (resultId: string) => `${reportPath(resultId)}/pdf`,
  /** `GET admin/reports/archive`: a ZIP of every report PDF under the filters. */
  archive: 'admin/reports/archive',
  /** `GET admin/results/export?format=csv|xlsx`: the results under the filters. */
  export: 'admin/results/export',
} as const;

/** The filters as query-string values (absent ones left out). */
export const filterParams = (filter: ResultFilterQuery): Record<string, string> =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''));
