import type {
  AdminReportResponse,
  ReportLinkResponse,
  ReportVersionsResponse,
  RevokeReportResponse,
  SaveReportCommentsBody,
  SendReportBody,
  SendReportResponse,
  ReportState,
  UserReportsResponse,
} from '../contract/reports';
import type { ResultFilterQuery } from '../contract/results';
import { request } from '../client/http';

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

/** `GET reports/link/{token}`: the participant's copy opened by a link (no sign-in; 410 when revoked or expired). */
export const openLink = (token: string) =>
  request<ReportLinkResponse>('get', `reports/link/${encodeURIComponent(token)}`, { credential: 'none' });

/** Path of the participant's PDF opened by a link: `GET reports/link/{token}/pdf`. */
export const linkPdfPath = (token: string) => `reports/link/${encodeURIComponent(token)}/pdf`;

/** `GET user/reports`: the signed-in participant's released reports. */
export const getUserReports = () => request<UserReportsResponse>('get', 'user/reports', { credential: 'participant' });
