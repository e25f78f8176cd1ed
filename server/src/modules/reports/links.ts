import { createHash } from 'node:crypto';
import { paths, type ReportLink } from '@prometrica/shared-api/contract';
import { invitationStatus, linkBase, newInvitationToken } from '../invitations/service';
import type { ReportLinkRow } from './repository';

// A report link opens the participant's read-only copy without signing in: `<base>/report/<token>`,
// the token 32 random bytes (base64url) made the way invitation tokens are. Only its SHA-256 is
// stored, so the table (or a backup of it) opens no report; the link is shown once, when it is made.

export { linkBase };

/** A new link's token (256 random bits) and the hash that is stored of it. */
export function newReportToken(): { token: string; tokenHash: string } {
  const token = newInvitationToken();
  return { token, tokenHash: hashReportToken(token) };
}

/** SHA-256 (hex) of a token: what `report_links.token_hash` holds. A fast hash suffices for 256 random bits. */
export const hashReportToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The participant app's address of a report link. */
export const reportLink = (base: string, token: string) => `${base}${paths.report}/${token}`;

/** Active, expired or revoked (revoked wins), as invitations are. */
export const reportLinkStatus = (link: Pick<ReportLinkRow, 'revoked_at' | 'expires_at'>, now: string) =>
  invitationStatus({ revokedAt: link.revoked_at, expiresAt: link.expires_at }, now);

/** A stored link as the admin's report lists it (never its token: only the hash is kept). */
export function toReportLink(
  link: Omit<ReportLinkRow, 'token_hash' | 'participant_id' | 'created_by'>,
  now: string,
): ReportLink {
  return {
    _id: link.id,
    createdAt: link.created_at,
    expiresAt: link.expires_at,
    revokedAt: link.revoked_at,
    openedAt: link.opened_at,
    status: reportLinkStatus(link, now),
    showCorrectAnswers: link.show_correct === 1,
    mailedTo: link.mailed_to,
  };
}
