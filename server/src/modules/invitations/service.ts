import { randomBytes, randomUUID } from 'node:crypto';
import {
  createInvitationBodySchema,
  limits,
  paths,
  type ExportInvitationsResponse,
  type ImportInvitationsResponse,
  type InvitationResponse,
  type InvitationStatus,
  type MessageResponse,
  type OpenInvitationBody,
  type ParticipantListResponse,
  type ParticipantSessionResponse,
  type ParticipantStage,
  type ParticipantSummary,
  type ParticipationSettings,
} from '@prometrica/shared-api/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config';
import { isUniqueViolation } from '../../db/errors';
import type { Store } from '../../db/types';
import { parseCsv, toCsv } from '../../lib/csv';
import { normalizeEmail } from '../../lib/email';
import { badRequest, conflict, found, HttpError, notFound } from '../../lib/http-errors';
import { timeOrderedId } from '../../lib/ids';
import { mailFailureReason, type Mailer } from '../../lib/mail';
import { pageWindow } from '../../lib/pagination';
import type { TokenService } from '../../lib/tokens';
import { describeIssues } from '../../lib/validation';
import {
  answeredOf,
  countParticipantOverviews,
  findInvitees,
  findParticipantOverview,
  insertInvitees,
  listParticipantOverviews,
  participantSession,
  reinviteParticipant,
  reholdUnstartedParticipant,
  type NewInvitee,
  type ParticipantOverview,
} from '../participants/service';
import { openEntrySetting } from '../settings/service';
import { invitationMail } from './invitation-mail';
import {
  deleteInvitations,
  findInvitationById,
  findInvitationByToken,
  findInvitationsOfParticipants,
  insertInvitations,
  markOpened,
  markRevoked,
  markSent,
  type InvitationRecord,
} from './repository';

// The report's mail (the reports module) writes dates and the sender's name the same way.
export { letterDate, senderName } from './invitation-mail';

// Invitations (docs/participation.md): a personal link per participant that opens their
// assessment on any device. Creating one makes the participant (when new) and holds them with a
// new session; the link hands out tokens of that session.

export const invitationNotFoundMessage = 'Invitation not found';
export const unknownLinkMessage = 'This invitation link is not valid.';
export const withdrawnLinkMessage = 'This invitation has been withdrawn.';
export const expiredLinkMessage = 'This invitation has expired. Please ask for a new one.';
export const alreadyStartedMessage =
  'This participant has already started the assessment: they continue from their link or with their resume code.';
export const activeInvitationMessage =
  'This participant already has an active invitation: send it again, or withdraw it to invite them afresh.';
export const mailNotConfiguredMessage =
  'Mail is not configured on this server (SMTP_URL is not set): copy the link and send it yourself.';
export const resendWithdrawnMessage =
  'This invitation has been withdrawn: invite the participant again for a new link.';
export const resendExpiredMessage = 'This invitation has expired: invite the participant again for a new link.';
export const concurrentChangeMessage =
  'These participants were changed by someone else at the same moment: please try again.';

/** What the invitation calls need of the app: the database, the mailer, the sender and the tokens. */
export interface InvitationDeps extends Store {
  mailer: Mailer;
  config: Pick<Config, 'mail' | 'publicUrl'>;
  tokens: TokenService;
}

/** The link's secret: 32 random bytes (256 bits), base64url. */
export const newInvitationToken = () => randomBytes(32).toString('base64url');

const dayMs = 24 * 60 * 60 * 1000;

export function invitationStatus(
  invitation: Pick<InvitationRecord, 'revokedAt' | 'expiresAt'>,
  now: string,
): InvitationStatus {
  if (invitation.revokedAt !== null) return 'revoked';
  return invitation.expiresAt <= now ? 'expired' : 'active';
}

/**
 * Where links point: `PUBLIC_URL`, or else the address the admin's request came to (behind a proxy
 * that is the public one only with `TRUST_PROXY` set, which is why `PUBLIC_URL` is there).
 */
export function linkBase(config: Pick<Config, 'publicUrl'>, request: FastifyRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}

export const invitationLink = (base: string, token: string) => `${base}${paths.invite}/${token}`;

const latest = (...times: ReadonlyArray<string | null | undefined>) =>
  times.reduce<string>((last, time) => (time && time > last ? time : last), '');

/** A participant as the Participants section lists them. */
async function toSummary(
  store: Store,
  overview: ParticipantOverview,
  base: string,
  now: string,
): Promise<ParticipantSummary> {
  const { invitation, result } = overview;
  return {
    _id: overview.id,
    name: overview.name,
    email: overview.email,
    phone: overview.phone,
    stage: overview.stage,
    ...(await answeredOf(store, overview)),
    createdAt: overview.createdAt,
    lastActivityAt: latest(
      overview.createdAt,
      overview.updatedAt,
      invitation?.openedAt,
      overview.consentedAt,
      overview.lastAnswerAt,
      result?.createdAt,
      overview.concernsSubmittedAt,
    ),
    invitation: invitation
      ? {
          _id: invitation.id,
          link: invitationLink(base, invitation.token),
          status: invitationStatus(invitation, now),
          createdAt: invitation.createdAt,
          expiresAt: invitation.expiresAt,
          openedAt: invitation.openedAt,
          lastSentAt: invitation.lastSentAt,
        }
      : null,
    resultId: result?.id ?? null,
  };
}

async function summaryOf(store: Store, participantId: string, base: string): Promise<ParticipantSummary> {
  const overview = found(await findParticipantOverview(store.db, participantId), invitationNotFoundMessage);
  return toSummary(store, overview, base, new Date().toISOString());
}

/** One person to invite, as the admin gave them (checked against the contract). */
interface Invitee {
  name: string;
  email: string;
  phone: string;
  /** The CSV line, for imports. */
  line: number;
}

/** An invitation made, with what its mail needs. */
interface Invited {
  invitee: Invitee;
  participantId: string;
  invitation: InvitationRecord;
}

interface InviteOutcome {
  invited: Invited[];
  skipped: Array<{ invitee: Invitee; reason: 'started' | 'active' | 'duplicate'; firstLine?: number }>;
}

/**
 * Invites everyone who can be, in one transaction: a new participant for a new email (held by a
 * new session), a fresh link and session for one who has not started and has no active invitation;
 * anyone who has started, or holds an active invitation, or repeats an email given earlier, is
 * skipped. Rows go in a few multi-row statements, so a thousand invitees take a few statements.
 */
async function inviteAll(
  store: Store,
  invitees: readonly Invitee[],
  expiresInDays: number,
  createdBy: string,
): Promise<InviteOutcome> {
  const now = new Date();
  const createdAt = now.toISOString();
  const expiresAt = new Date(now.getTime() + expiresInDays * dayMs).toISOString();
  try {
    return await store.db.transaction().execute(async (trx) => {
      const outcome: InviteOutcome = { invited: [], skipped: [] };
      const firstLines = new Map<string, number>();
      const unique: Invitee[] = [];
      for (const invitee of invitees) {
        const key = normalizeEmail(invitee.email);
        const firstLine = firstLines.get(key);
        if (firstLine !== undefined) outcome.skipped.push({ invitee, reason: 'duplicate', firstLine });
        else {
          firstLines.set(key, invitee.line);
          unique.push(invitee);
        }
      }

      const stored = new Map(
        (await findInvitees(trx, [...firstLines.keys()])).map((participant) => [participant.emailLower, participant]),
      );
      const invitationsOf = new Map(
        (
          await findInvitationsOfParticipants(
            trx,
            [...stored.values()].map((participant) => participant.id),
          )
        ).map((invitation) => [invitation.participantId, invitation]),
      );

      const newParticipants: NewInvitee[] = [];
      const replaced: string[] = [];
      const invitations: InvitationRecord[] = [];
      for (const invitee of unique) {
        const participant = stored.get(normalizeEmail(invitee.email));
        const previous = participant ? invitationsOf.get(participant.id) : undefined;
        if (participant?.started) {
          outcome.skipped.push({ invitee, reason: 'started' });
          continue;
        }
        if (previous && invitationStatus(previous, createdAt) === 'active') {
          outcome.skipped.push({ invitee, reason: 'active' });
          continue;
        }
        const ownerSession = randomUUID();
        let participantId: string;
        if (participant) {
          // Held by the new session: devices of an earlier link no longer act for them.
          const reinvited = await reinviteParticipant(trx, participant.id, {
            name: invitee.name,
            phone: invitee.phone,
            ownerSession,
            updatedAt: createdAt,
          });
          if (!reinvited) {
            outcome.skipped.push({ invitee, reason: 'started' });
            continue;
          }
          participantId = participant.id;
          if (previous) replaced.push(previous.id);
        } else {
          participantId = timeOrderedId();
          newParticipants.push({ id: participantId, ...invitee, ownerSession, createdAt });
        }
        const invitation: InvitationRecord = {
          id: timeOrderedId(),
          participantId,
          token: newInvitationToken(),
          createdAt,
          expiresAt,
          revokedAt: null,
          openedAt: null,
          lastSentAt: null,
          createdBy,
        };
        invitations.push(invitation);
        outcome.invited.push({ invitee, participantId, invitation });
      }

      await insertInvitees(trx, newParticipants);
      await deleteInvitations(trx, replaced);
      await insertInvitations(trx, invitations);
      return outcome;
    });
  } catch (error) {
    // PostgreSQL only: the same email stored by another request between the read and the insert.
    if (isUniqueViolation(error)) throw conflict(concurrentChangeMessage);
    throw error;
  }
}

/** Mails each invitation; returns those that could not be sent, with why. Sent ones are noted. */
async function mailInvitations(
  deps: InvitationDeps,
  invited: readonly Invited[],
  base: string,
): Promise<Array<{ invited: Invited; reason: string }>> {
  const failures: Array<{ invited: Invited; reason: string }> = [];
  const sent: string[] = [];
  // The mailer's pool queues them over a few connections.
  await Promise.all(
    invited.map(async (item) => {
      try {
        await deps.mailer.send(
          invitationMail(
            item.invitee,
            invitationLink(base, item.invitation.token),
            item.invitation.expiresAt,
            deps.config.mail.from,
          ),
        );
        sent.push(item.invitation.id);
      } catch (error) {
        failures.push({ invited: item, reason: mailFailureReason(error) });
      }
    }),
  );
  await markSent(deps.db, sent, new Date().toISOString());
  return failures;
}

/** `POST admin/invitations`: invites one participant; the mail goes out when mail is configured and `send` is not false. */
export async function createInvitation(
  deps: InvitationDeps,
  createdBy: string,
  body: z.output<typeof createInvitationBodySchema>,
  base: string,
): Promise<InvitationResponse> {
  const outcome = await inviteAll(
    deps,
    [{ name: body.name, email: body.email, phone: body.phone, line: 1 }],
    body.expiresInDays,
    createdBy,
  );
  const skipped = outcome.skipped[0];
  if (skipped) throw conflict(skipped.reason === 'active' ? activeInvitationMessage : alreadyStartedMessage, 'email');
  const invited = outcome.invited[0]!;

  let message = 'Invitation created: copy the link and send it to the participant.';
  let sent = false;
  if (body.send && !deps.mailer.configured) {
    message = `Invitation created. ${mailNotConfiguredMessage}`;
  } else if (body.send) {
    const [failure] = await mailInvitations(deps, [invited], base);
    sent = !failure;
    message = failure
      ? `Invitation created, but the mail was not sent (${failure.reason}): copy the link and send it yourself.`
      : `Invitation sent to ${body.email}.`;
  }
  return { message, participant: await summaryOf(deps, invited.participantId, base), sent };
}

const inviteeSchema = createInvitationBodySchema.pick({ name: true, email: true, phone: true });
const columnNames = ['name', 'email', 'phone'] as const;

/** The header's columns: where name, email and (optionally) phone are, in any order and case. */
function readHeader(fields: readonly string[]): Record<(typeof columnNames)[number], number | undefined> {
  const positions: Record<string, number | undefined> = {};
  fields.forEach((field, index) => {
    const name = field.trim().toLowerCase();
    if (!(columnNames as readonly string[]).includes(name)) return;
    if (positions[name] !== undefined) throw badRequest(`csv: the header row names the column ${name} twice`, 'csv');
    positions[name] = index;
  });
  if (positions.name === undefined || positions.email === undefined) {
    throw badRequest(
      'csv: the first row must name the columns name and email (phone is optional), in any order',
      'csv',
    );
  }
  return { name: positions.name, email: positions.email, phone: positions.phone };
}

/**
 * `POST admin/invitations/import`: a CSV with a header row. Every good row is invited (in one
 * transaction); each bad row is reported by its line with the field that is wrong; an email that
 * has started, has an active invitation or was given on an earlier line is skipped.
 */
export async function importInvitations(
  deps: InvitationDeps,
  createdBy: string,
  body: { csv: string; expiresInDays: number; send: boolean },
  base: string,
): Promise<ImportInvitationsResponse> {
  const records = parseCsv(body.csv);
  const [header, ...rows] = records;
  if (!header) throw badRequest('csv: the file has no rows', 'csv');
  if (header.error) throw badRequest(`csv: the header row is not valid CSV: ${header.error}`, 'csv');
  const columns = readHeader(header.fields);
  if (rows.length === 0) throw badRequest('csv: the file has a header row but nobody to invite', 'csv');
  if (rows.length > limits.invitationImportRows) {
    throw badRequest(`csv: at most ${limits.invitationImportRows} people can be invited at once`, 'csv');
  }

  const errors: ImportInvitationsResponse['errors'] = [];
  const invitees: Invitee[] = [];
  for (const row of rows) {
    if (row.error) {
      errors.push({ line: row.line, message: `The row is not valid CSV: ${row.error}` });
      continue;
    }
    if (row.fields.length > header.fields.length) {
      errors.push({
        line: row.line,
        message: `The row has ${row.fields.length} fields but the header names ${header.fields.length} columns`,
      });
      continue;
    }
    const cell = (index: number | undefined) => (index === undefined ? undefined : (row.fields[index] ?? ''));
    const parsed = inviteeSchema.safeParse({
      name: cell(columns.name),
      email: cell(columns.email),
      ...(columns.phone === undefined ? {} : { phone: cell(columns.phone) }),
    });
    if (!parsed.success) {
      const issues = describeIssues(parsed.error, 'body');
      errors.push({ line: row.line, message: issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ') });
      continue;
    }
    invitees.push({ ...parsed.data, line: row.line });
  }

  const outcome = await inviteAll(deps, invitees, body.expiresInDays, createdBy);
  const reasons = {
    started: 'has already started the assessment',
    active: 'already has an active invitation',
  } as const;
  const skipped = outcome.skipped
    .map(({ invitee, reason, firstLine }) => ({
      line: invitee.line,
      email: invitee.email,
      reason: reason === 'duplicate' ? `is also on line ${firstLine}` : reasons[reason],
    }))
    .sort((a, b) => a.line - b.line);

  let mailed = '';
  if (body.send && outcome.invited.length > 0) {
    if (!deps.mailer.configured) {
      mailed = ` ${mailNotConfiguredMessage}`;
    } else {
      const failures = await mailInvitations(deps, outcome.invited, base);
      for (const { invited, reason } of failures) {
        errors.push({ line: invited.invitee.line, message: `Invited, but the mail was not sent: ${reason}` });
      }
      mailed = ` ${outcome.invited.length - failures.length} mailed.`;
    }
  }
  errors.sort((a, b) => a.line - b.line);

  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return {
    message:
      `${count(outcome.invited.length, 'person', 'people')} invited, ${skipped.length} skipped, ` +
      `${count(errors.length, 'row', 'rows')} with errors.${mailed}`,
    invited: outcome.invited.length,
    skipped,
    errors,
  };
}

/** `POST admin/invitations/{id}/resend`: mails the link again (mail must be configured, the invitation active). */
export async function resendInvitation(deps: InvitationDeps, id: string, base: string): Promise<InvitationResponse> {
  const invitation = found(await findInvitationById(deps.db, id), invitationNotFoundMessage);
  if (!deps.mailer.configured) throw conflict(mailNotConfiguredMessage);
  const status = invitationStatus(invitation, new Date().toISOString());
  if (status === 'revoked') throw conflict(resendWithdrawnMessage);
  if (status === 'expired') throw conflict(resendExpiredMessage);
  const participant = found(
    await findParticipantOverview(deps.db, invitation.participantId),
    invitationNotFoundMessage,
  );
  const [failure] = await mailInvitations(
    deps,
    [{ invitee: { ...participant, line: 1 }, participantId: participant.id, invitation }],
    base,
  );
  // The SMTP server refused or could not be reached: a gateway's failure, with its words.
  if (failure) throw new HttpError(502, `The mail was not sent: ${failure.reason}`);
  return {
    message: `Invitation sent again to ${participant.email}.`,
    participant: await summaryOf(deps, participant.id, base),
    sent: true,
  };
}

/**
 * `POST admin/invitations/{id}/revoke`: the link stops working. A participant who has not started
 * is handed to a session nobody holds, so the devices that opened the link no longer act for them;
 * one who has started keeps going on their devices, and with their resume code.
 */
export async function revokeInvitation(store: Store, id: string): Promise<MessageResponse> {
  return store.db.transaction().execute(async (trx) => {
    const invitation = found(await findInvitationById(trx, id), invitationNotFoundMessage);
    const now = new Date().toISOString();
    if (!(await markRevoked(trx, id, now))) return { message: 'The invitation was already withdrawn.' };
    await reholdUnstartedParticipant(trx, invitation.participantId, randomUUID());
    return { message: 'Invitation withdrawn: the link no longer works.' };
  });
}

/** `GET admin/participants`: every participant, invited or not, a page at a time. */
export async function listParticipants(
  deps: InvitationDeps,
  query: { page: number; limit: number; search: string; stage?: ParticipantStage | undefined },
  base: string,
): Promise<ParticipantListResponse> {
  const filter = { search: query.search, stage: query.stage };
  const total = await countParticipantOverviews(deps.db, filter);
  const window = pageWindow(total, query.page, query.limit);
  const overviews = await listParticipantOverviews(deps.db, filter, { limit: window.limit, offset: window.offset });
  const now = new Date().toISOString();
  return {
    participants: await Promise.all(overviews.map((overview) => toSummary(deps, overview, base, now))),
    totalParticipants: total,
    page: window.page,
    totalPages: window.totalPages,
    mailConfigured: deps.mailer.configured,
  };
}

/** `GET admin/invitations/export`: every participant with their link and status, as CSV. */
export async function exportInvitations(store: Store, base: string): Promise<ExportInvitationsResponse> {
  const now = new Date().toISOString();
  const overviews = await listParticipantOverviews(store.db, { search: '' });
  const rows: string[][] = [['name', 'email', 'phone', 'stage', 'answered', 'link', 'status', 'expires at']];
  for (const overview of overviews) {
    const summary = await toSummary(store, overview, base, now);
    rows.push([
      summary.name,
      summary.email,
      summary.phone,
      summary.stage,
      `${summary.answered} of ${summary.questionCount}`,
      summary.invitation?.link ?? '',
      summary.invitation?.status ?? 'not invited',
      summary.invitation?.expiresAt ?? '',
    ]);
  }
  return { filename: `prometrica-participants-${now.slice(0, 10)}.csv`, csv: toCsv(rows) };
}

/**
 * `POST invitations/open`: a personal link gives a token of the session that holds its participant,
 * on any device, so every device it is opened on continues the same assessment. The first opening
 * is noted.
 */
export async function openInvitation(
  deps: InvitationDeps,
  body: OpenInvitationBody,
): Promise<ParticipantSessionResponse> {
  const invitation = found(await findInvitationByToken(deps.db, body.token), unknownLinkMessage);
  const now = new Date().toISOString();
  const status = invitationStatus(invitation, now);
  if (status === 'revoked') throw new HttpError(410, withdrawnLinkMessage, 'revoked');
  if (status === 'expired') throw new HttpError(410, expiredLinkMessage, 'expired');
  await markOpened(deps.db, invitation.id, now);
  const session = await participantSession(deps, deps.tokens, invitation.participantId, 'Welcome to your assessment');
  // The participant (and with them the invitation) was deleted meanwhile.
  if (!session) throw notFound(unknownLinkMessage);
  return session;
}

/** Whether `/` takes new participants (open entry) or only invitations. */
export async function participationSettings(store: Store): Promise<ParticipationSettings> {
  return { openEntry: await openEntrySetting(store).get() };
}

/** Turns open entry on or off; every process sharing the database follows within a second. */
export async function updateParticipationSettings(store: Store, openEntry: boolean): Promise<ParticipationSettings> {
  return { openEntry: await openEntrySetting(store).set(openEntry) };
}
