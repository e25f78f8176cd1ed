import {
  type AdminReportResponse,
  type ParticipantReport,
  type ReportComments,
  type ReportContent,
  type ReportLinkResponse,
  type ReportState,
  type ReportVersionsResponse,
  type RevokeReportResponse,
  type SaveReportCommentsBody,
  type sendReportBodySchema,
  type SendReportResponse,
  type UserReportsResponse,
} from '@prometrica/shared-api/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Executor, Store } from '../../db/types';
import { FileReply } from '../../lib/file-reply';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-errors';
import { timeOrderedId } from '../../lib/ids';
import { mailFailureReason, type Mailer, type OutgoingMail } from '../../lib/mail';
import type { ParticipantIdentity } from '../../plugins/auth';
import { letterDate, senderName } from '../invitations/service';
import { assertOwner } from '../participants/service';
import { findResultByParticipant, reportStatusOf } from '../results/service';
import { findReportResult, reportContent } from './content';
import { hashReportToken, newReportToken, reportLink, reportLinkStatus, toReportLink } from './links';
import { renderReportPdf } from './pdf';
import {
  anyLinkShowsCorrect,
  ensureReport,
  findLinkByHash,
  findParticipantReportRows,
  findReport,
  insertLink,
  listCommentVersions,
  listLinks,
  listReleasedReports,
  markLinkOpened,
  markReleased,
  markReportOpened,
  revokeActiveLinks,
  saveCommentsVersion,
  type ReportLinkRow,
  type ReportRow,
} from './repository';

// The doctor's report on a result (docs/reports.md): its content, the doctor's comments (drafts,
// each save a new version), its release to the participant with a link (mailed, or copied by the
// admin), the links' revocation, and the participant's read-only copy.

export const reportNotFoundMessage = 'Report not found';
export const revokedLinkMessage = 'This report link has been revoked. Ask the doctor for a new one.';
export const expiredLinkMessage = 'This report link has expired. Ask the doctor for a new one.';
export const reportMailNotConfiguredMessage =
  'Mail is not configured on this server (SMTP_URL is not set): send the report as a link and copy it to the participant instead.';
export const reportSubject = 'Your Prometrica report';

/** What the report calls need of the app: the database, the mailer and the sender and link settings. */
export interface ReportDeps extends Store {
  mailer: Mailer;
  config: Pick<Config, 'mail' | 'publicUrl'>;
}

const dayMs = 24 * 60 * 60 * 1000;

/** Stored comments as the API gives them (none before the first save). */
function commentsOf(row: ReportRow | undefined): ReportComments {
  if (!row) return { overall: '', categories: {} };
  return { overall: row.overall_comment, categories: readCategoryComments(row.category_comments) };
}

function readCategoryComments(text: string): Record<string, string> {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The doctor's name as the product shows it: the display name of `MAIL_FROM`, unless it is only the product's. */
export function doctorName(config: Pick<Config, 'mail'>): string | null {
  const name = senderName(config.mail.from);
  return name && name.toLowerCase() !== 'prometrica' ? name : null;
}

async function reportState(db: Executor, resultId: string, now = new Date().toISOString()): Promise<ReportState> {
  const [row, links] = await Promise.all([findReport(db, resultId), listLinks(db, resultId)]);
  return stateOf(row, links, now);
}

function stateOf(
  row: ReportRow | undefined,
  links: ReadonlyArray<Parameters<typeof toReportLink>[0]>,
  now: string,
): ReportState {
  const dates = { releasedAt: row?.released_at ?? null, openedAt: row?.opened_at ?? null };
  return {
    status: reportStatusOf(dates),
    comments: commentsOf(row),
    version: row?.version ?? 0,
    savedAt: row?.saved_at ?? null,
    ...dates,
    links: links.map((link) => toReportLink(link, now)),
  };
}

/** `GET admin/reports/{resultId}`: the report with the correct answers, its comments and its links. */
export async function getAdminReport(deps: ReportDeps, resultId: string): Promise<AdminReportResponse> {
  const result = await findReportResult(deps, resultId);
  const [content, report] = await Promise.all([
    reportContent(deps, result, { correctAnswers: true }),
    reportState(deps.db, resultId),
  ]);
  return { content, report, mailConfigured: deps.mailer.configured };
}

/** The comments as saved: empty ones left out; a category must be one of the result's (400 naming it). */
function checkedComments(body: SaveReportCommentsBody, categoryNames: readonly string[]): ReportComments {
  const known = new Set(categoryNames);
  for (const name of Object.keys(body.categories)) {
    if (!known.has(name)) {
      const list = categoryNames.length > 0 ? categoryNames.map((item) => `"${item}"`).join(', ') : 'none';
      throw badRequest(
        `categories: "${name}" is not a category of this result (its categories: ${list})`,
        `categories.${name}`,
      );
    }
  }
  return {
    overall: body.overall,
    categories: Object.fromEntries(Object.entries(body.categories).filter(([, text]) => text.trim() !== '')),
  };
}

/**
 * `PUT admin/reports/{resultId}/comments`: saves the comments as version `baseVersion + 1`; 409 when
 * someone saved since `baseVersion`. Saving after release is allowed: the doctor may correct or add
 * to a released report, and the participant's copy shows the latest saved comments (each version
 * stays in `report_versions`, so what was shown when can be told).
 */
export async function saveReportComments(
  store: Store,
  resultId: string,
  body: SaveReportCommentsBody,
  savedBy: string,
): Promise<{ report: ReportState }> {
  const result = await findReportResult(store, resultId);
  const comments = checkedComments(
    body,
    result.categories.map((figure) => figure.categoryName),
  );
  const savedAt = new Date().toISOString();
  return store.db.transaction().execute(async (trx) => {
    await ensureReport(trx, resultId, result.participant.id, savedAt);
    const version = await saveCommentsVersion(trx, {
      resultId,
      baseVersion: body.baseVersion,
      comments,
      savedAt,
      savedBy,
    });
    if (version === undefined) {
      const latest = (await findReport(trx, resultId))?.version ?? 0;
      throw conflict(
        `These comments were changed since you opened them (you edited version ${body.baseVersion}, the saved one is ` +
          `version ${latest}): reload the report to see the saved comments, then make your change again.`,
        'baseVersion',
      );
    }
    return { report: await reportState(trx, resultId, savedAt) };
  });
}

/** `GET admin/reports/{resultId}/versions`: every saved version of the comments, newest first. */
export async function listReportVersions(store: Store, resultId: string): Promise<ReportVersionsResponse> {
  await findReportResult(store, resultId);
  const rows = await listCommentVersions(store.db, resultId);
  return {
    versions: rows.map((row) => ({
      version: row.version,
      comments: { overall: row.overall_comment, categories: readCategoryComments(row.category_comments) },
      savedAt: row.saved_at,
      savedBy: row.saved_by,
    })),
  };
}

/** The report's mail: who sends it, the link and until when it works; plain text, like the invitation. */
export function reportMail(
  participant: { name: string; email: string },
  link: string,
  expiresAt: string,
  doctor: string | null,
  pdf: { filename: string; content: Buffer } | undefined,
): OutgoingMail {
  const greeting = participant.name.trim() ? `Hello ${participant.name.trim()},` : 'Hello,';
  return {
    to: participant.email,
    subject: reportSubject,
    text: [
      greeting,
      '',
      `${doctor ?? 'The doctor'} has prepared your report from your Prometrica assessment.`,
      '',
      'Open it here:',
      link,
      '',
      `The link is yours alone and works until ${letterDate(expiresAt)}.${pdf ? ' The report is also attached as a PDF.' : ''}`,
      ...(doctor ? ['', doctor] : []),
    ].join('\n'),
    ...(pdf ? { attachments: [{ ...pdf, contentType: 'application/pdf' }] } : {}),
  };
}

/** The PDF's file name: `report-<name>-<submission day>.pdf` (the name as written, spaces as '-'). */
export function reportFileName(content: {
  participant: Pick<ReportContent['participant'], 'name'>;
  dates: Pick<ReportContent['dates'], 'submittedAt'>;
}): string {
  const name = content.participant.name
    .replace(/[\p{Cc}\p{Cf}/\\:*?"<>|]+/gu, ' ')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80);
  return `report-${name || 'participant'}-${content.dates.submittedAt.slice(0, 10)}.pdf`;
}

async function renderPdf(
  deps: ReportDeps,
  content: ReportContent,
  row: ReportRow | undefined,
  audience: 'admin' | 'participant',
  releasedAt = row?.released_at ?? null,
): Promise<{ filename: string; content: Buffer }> {
  const pdf = await renderReportPdf({
    content,
    comments: commentsOf(row),
    releasedAt,
    doctorName: doctorName(deps.config),
    audience,
  });
  return { filename: reportFileName(content), content: pdf };
}

const pdfReply = (pdf: { filename: string; content: Buffer }) =>
  new FileReply({ contentType: 'application/pdf', filename: pdf.filename, body: pdf.content });

/**
 * `POST admin/reports/{resultId}/send`: releases the report with a new link (the participant's
 * copy; correct answers only when chosen), mailed when `delivery` is mail. The mail goes out before
 * anything is stored: when the SMTP server refuses it (502, with its reason) nothing is released
 * and no link exists, so the admin's retry or a copied link starts clean rather than leaving a
 * released report the participant was never told of. A report released before keeps its first
 * release time.
 */
export async function sendReport(
  deps: ReportDeps,
  resultId: string,
  body: z.output<typeof sendReportBodySchema>,
  sentBy: string,
  base: string,
): Promise<SendReportResponse> {
  const result = await findReportResult(deps, resultId);
  if (body.delivery === 'mail' && !deps.mailer.configured) throw conflict(reportMailNotConfiguredMessage, 'delivery');
  const now = new Date();
  const createdAt = now.toISOString();
  const expiresAt = new Date(now.getTime() + body.expiresInDays * dayMs).toISOString();
  const { token, tokenHash } = newReportToken();
  const link = reportLink(base, token);
  const row = await findReport(deps.db, resultId);
  const mailedTo = body.delivery === 'mail' ? result.participant.email : null;

  if (mailedTo !== null) {
    // The participant's copy as this link shows it, released now unless it was before.
    const pdf = body.attachPdf
      ? await renderPdf(
          deps,
          await reportContent(deps, result, { correctAnswers: body.showCorrectAnswers }),
          row,
          'participant',
          row?.released_at ?? createdAt,
        )
      : undefined;
    try {
      await deps.mailer.send(reportMail(result.participant, link, expiresAt, doctorName(deps.config), pdf));
    } catch (error) {
      throw new HttpError(
        502,
        `The report was not sent: ${mailFailureReason(error)}. Nothing was released; try again, or send it as a link to copy.`,
      );
    }
  }

  const report = await deps.db.transaction().execute(async (trx) => {
    await ensureReport(trx, resultId, result.participant.id, createdAt);
    await markReleased(trx, resultId, createdAt, sentBy);
    await insertLink(trx, {
      id: timeOrderedId(),
      result_id: resultId,
      participant_id: result.participant.id,
      token_hash: tokenHash,
      created_at: createdAt,
      expires_at: expiresAt,
      revoked_at: null,
      opened_at: null,
      show_correct: body.showCorrectAnswers ? 1 : 0,
      mailed_to: mailedTo,
      created_by: sentBy,
    });
    return reportState(trx, resultId, createdAt);
  });
  return {
    message:
      mailedTo !== null
        ? `Report sent to ${mailedTo}.`
        : 'Report released: copy the link and send it to the participant.',
    link,
    expiresAt,
    mailed: mailedTo !== null,
    report,
  };
}

/** `POST admin/reports/{resultId}/revoke`: every link that still works stops (410); the release stands. */
export async function revokeReport(store: Store, resultId: string): Promise<RevokeReportResponse> {
  await findReportResult(store, resultId);
  const now = new Date().toISOString();
  const revoked = await revokeActiveLinks(store.db, resultId, now);
  return {
    message:
      revoked === 0
        ? 'The report has no link that still works.'
        : `${revoked === 1 ? 'The link' : `${revoked} links`} of this report no longer work${revoked === 1 ? 's' : ''}.`,
    revoked,
    report: await reportState(store.db, resultId, now),
  };
}

/** `GET admin/reports/{resultId}/pdf`: the admin's PDF (correct answers, the consent's address). */
export async function adminReportPdf(deps: ReportDeps, resultId: string): Promise<FileReply> {
  const result = await findReportResult(deps, resultId);
  const [content, row] = await Promise.all([
    reportContent(deps, result, { correctAnswers: true }),
    findReport(deps.db, resultId),
  ]);
  return pdfReply(await renderPdf(deps, content, row, 'admin'));
}

/** The participant's copy of a released report. */
async function participantReport(
  deps: ReportDeps,
  row: ReportRow & { released_at: string },
  correctAnswers: boolean,
): Promise<ParticipantReport> {
  const result = await findReportResult(deps, row.result_id);
  const content = await reportContent(deps, result, { correctAnswers });
  return {
    // Like the participant's PDF, their copy leaves out the client address the consent came from.
    content: { ...content, consent: content.consent && { ...content.consent, clientAddress: null } },
    comments: commentsOf(row),
    releasedAt: row.released_at,
    doctorName: doctorName(deps.config),
  };
}

const isReleased = (row: ReportRow | undefined): row is ReportRow & { released_at: string } =>
  row !== undefined && row.released_at !== null;

/**
 * The report a link opens: 404 for a token nobody was given, 410 with a message once revoked or
 * expired. Opening notes the link's and the report's first opening.
 */
async function openLink(deps: ReportDeps, token: string): Promise<{ report: ParticipantReport; link: ReportLinkRow }> {
  const link = await findLinkByHash(deps.db, hashReportToken(token));
  if (!link) throw notFound(reportNotFoundMessage);
  const now = new Date().toISOString();
  const status = reportLinkStatus(link, now);
  if (status === 'revoked') throw new HttpError(410, revokedLinkMessage, 'revoked');
  if (status === 'expired') throw new HttpError(410, expiredLinkMessage, 'expired');
  const row = await findReport(deps.db, link.result_id);
  // The report is released whenever a link exists; a result erased meanwhile takes its links with it.
  if (!isReleased(row)) throw notFound(reportNotFoundMessage);
  const report = await participantReport(deps, row, link.show_correct === 1);
  await Promise.all([markLinkOpened(deps.db, link.id, now), markReportOpened(deps.db, link.result_id, now)]);
  return { report, link };
}

/** `GET reports/link/{token}`: the participant's copy, without signing in. */
export async function openReportLink(deps: ReportDeps, token: string): Promise<ReportLinkResponse> {
  const { report, link } = await openLink(deps, token);
  return { report, expiresAt: link.expires_at };
}

/** `GET reports/link/{token}/pdf`: the participant's PDF, on the same terms. */
export async function reportLinkPdf(deps: ReportDeps, token: string): Promise<FileReply> {
  const { report } = await openLink(deps, token);
  const pdf = await renderReportPdf({ ...report, audience: 'participant' });
  return pdfReply({ filename: reportFileName(report.content), content: pdf });
}

/**
 * `GET user/reports`: the signed-in participant's released reports (none before release), for the
 * session that holds them. The correct answers are shown when a link that was not revoked chose to
 * show them: the doctor's latest choice for this participant, and revoking the link withdraws it.
 */
export async function userReports(deps: ReportDeps, who: ParticipantIdentity): Promise<UserReportsResponse> {
  await assertOwner(deps.db, who);
  const rows = (await listReleasedReports(deps.db, who.id)).filter(isReleased);
  const now = new Date().toISOString();
  const reports: ParticipantReport[] = [];
  for (const row of rows) {
    reports.push(await participantReport(deps, row, await anyLinkShowsCorrect(deps.db, row.result_id)));
    await markReportOpened(deps.db, row.result_id, now);
  }
  return { reports };
}

/**
 * A participant's report for their export: its comments, release and opening, and its links (their
 * status and address, never their token hashes); null when their result has no report.
 */
export async function participantReportExport(
  db: Executor,
  participantId: string,
  now: string,
): Promise<(ReportState & { resultId: string }) | null> {
  const [result, rows] = await Promise.all([
    findResultByParticipant(db, participantId),
    findParticipantReportRows(db, participantId),
  ]);
  const row = rows.reports.find((report) => report.result_id === result?.id);
  if (!row) return null;
  const links = rows.links.filter((link) => link.result_id === row.result_id).reverse();
  return { resultId: row.result_id, ...stateOf(row, links, now) };
}
