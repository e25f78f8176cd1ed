import { request, type ReportLinkResponse, type UserReportsResponse } from '@prometrica/shared-api';

// The report calls of the participant's report screens. They live with the participant remote, not
// in shared-api's root: the root is the federation singleton every first screen loads, and these
// calls are only `request` with a path.

/** `GET reports/link/{token}`: the participant's copy opened by a link (no sign-in; 410 when revoked or expired). */
export const openLink = (token: string) =>
  request<ReportLinkResponse>('get', `reports/link/${encodeURIComponent(token)}`, { credential: 'none' });

/** Path of the participant's PDF opened by a link: `GET reports/link/{token}/pdf`. */
export const linkPdfPath = (token: string) => `reports/link/${encodeURIComponent(token)}/pdf`;

/** `GET user/reports`: the signed-in participant's released reports. */
export const getUserReports = () => request<UserReportsResponse>('get', 'user/reports', { credential: 'participant' });
