import type { ParticipantStage } from '@prometrica/shared-api/contract';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import { valuesRows, type ListColumn } from '../../db/statements/values-list';
import type { Dialect, Executor, ParticipantsTable } from '../../db/types';
import { normalizeEmail } from '../../lib/email';
import { containsPattern, likeLower, toCount } from '../../lib/pagination';
import { newResumeCode } from '../../lib/resume-code';
import { chunks } from '../../lib/chunks';

/** A participant as the server works with it. */
export interface ParticipantRecord {
  id: string;
  name: string;
  email: string;
  phone: string;
  createdAt: string;
  updatedAt: string;
}

/** A participant with who holds them and how they resume (docs/participation.md). */
export interface HeldParticipantRecord extends ParticipantRecord {
  /** The browser session that holds the participant; null until they start or are invited. */
  ownerSession: string | null;
  /** As stored (`XXXXX-XXXXX`, or eight hexadecimal characters for participants from before 0011). */
  resumeCode: string;
  questionSetVersion: number | null;
}

function toRecord(row: Selectable<ParticipantsTable>): HeldParticipantRecord {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ownerSession: row.owner_session,
    resumeCode: row.resume_code,
    questionSetVersion: row.question_set_version === null ? null : Number(row.question_set_version),
  };
}

export async function findParticipantById(db: Executor, id: string): Promise<HeldParticipantRecord | undefined> {
  const row = await db.selectFrom('participants').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function findParticipantByEmail(db: Executor, email: string): Promise<HeldParticipantRecord | undefined> {
  const row = await db
    .selectFrom('participants')
    .selectAll()
    .where('email_lower', '=', normalizeEmail(email))
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function participantExists(db: Executor, id: string): Promise<boolean> {
  const row = await db.selectFrom('participants').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Inserts the participant unless one with this email (any case) exists; concurrent callers both succeed. */
export async function insertParticipantIfMissing(db: Executor, participant: ParticipantRecord): Promise<void> {
  await db
    .insertInto('participants')
    .values({
      id: participant.id,
      name: participant.name,
      name_lower: participant.name.toLowerCase(),
      email: participant.email,
      email_lower: normalizeEmail(participant.email),
      phone: participant.phone,
      created_at: participant.createdAt,
      updated_at: participant.updatedAt,
      resume_code: newResumeCode(),
    })
    .onConflict((oc) => oc.column('email_lower').doNothing())
    .execute();
}

/**
 * Details a submission carried that may replace the stored ones: real values, never the
 * placeholders the participant app sends for a detail left out.
 */
export interface CarriedDetails {
  name?: string;
  email?: string;
  phone?: string;
}

/** The details one submission carried, written only if its result was stored. */
export interface CarriedDetailsWrite {
  participantId: string;
  resultId: string;
  details: CarriedDetails;
  updatedAt: string;
}

/** The details many submissions carried as the rows of a VALUES list: only those that carry some. */
export interface CarriedDetailsRows {
  count: number;
  parameters: unknown[];
}

export function carriedDetailsRows(writes: readonly CarriedDetailsWrite[]): CarriedDetailsRows {
  const parameters: unknown[] = [];
  for (const {
    participantId,
    resultId,
    details: { name, email, phone },
    updatedAt,
  } of writes) {
    if (name === undefined && email === undefined && phone === undefined) continue;
    parameters.push(
      participantId,
      resultId,
      name ?? null,
      name?.toLowerCase() ?? null,
      phone ?? null,
      email ?? null,
      email === undefined ? null : normalizeEmail(email),
      updatedAt,
    );
  }
  return { count: parameters.length / carriedTypes.length, parameters };
}

const carriedTypes: ListColumn[] = ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'text'];

/** The `carried` table of `carriedDetailsUpdate`: `count` rows, parameters numbered from `firstParameter`. */
export function carriedDetailsTable(dialect: Dialect, count: number, firstParameter = 1): string {
  return `carried (participant_id, result_id, name, name_lower, phone, email, email_lower, updated_at) as (
    values ${valuesRows(dialect, count, carriedTypes, { firstParameter })})`;
}

/**
 * Writes the details in `carried` (see `carriedDetailsTable`), each only if its result is in
 * `stored` (a table or a query's name, with an `id` column). A detail equal to the stored one
 * changes nothing, and a participant none of whose details change keeps its `updated_at`. An email
 * another participant holds at that moment is left out: it is theirs, and the submission keeps ours
 * rather than fail.
 */
export function carriedDetailsUpdate(stored: string): string {
  const emailKept = `(carried.email is null or exists (
    select 1 from participants as other where other.email_lower = carried.email_lower and other.id <> participants.id))`;
  return `
    update participants set
      name = coalesce(carried.name, participants.name),
      name_lower = coalesce(carried.name_lower, participants.name_lower),
      phone = coalesce(carried.phone, participants.phone),
      email = case when ${emailKept} then participants.email else carried.email end,
      email_lower = case when ${emailKept} then participants.email_lower else carried.email_lower end,
      updated_at = carried.updated_at
    from carried
    where participants.id = carried.participant_id
      and exists (select 1 from ${stored} where ${stored}.id = carried.result_id)
      and (carried.name <> participants.name or carried.phone <> participants.phone
        or (carried.email <> participants.email and not ${emailKept}))`;
}

/** Changes the given details; a taken email fails with the engine's unique-violation error. */
export async function updateParticipant(
  db: Executor,
  id: string,
  changes: { name?: string; email?: string; phone?: string; updatedAt: string },
): Promise<void> {
  await db
    .updateTable('participants')
    .set({
      ...(changes.name !== undefined ? { name: changes.name, name_lower: changes.name.toLowerCase() } : {}),
      ...(changes.email !== undefined ? { email: changes.email, email_lower: normalizeEmail(changes.email) } : {}),
      ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
      updated_at: changes.updatedAt,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * The session that holds the participant: `fresh` when nobody did (claimed atomically, so of two
 * callers at once both end up with the same one), the stored one otherwise; undefined when the
 * participant is gone.
 */
export async function holdParticipant(db: Executor, id: string, fresh: string): Promise<string | undefined> {
  await db
    .updateTable('participants')
    .set({ owner_session: fresh })
    .where('id', '=', id)
    .where('owner_session', 'is', null)
    .execute();
  const row = await db.selectFrom('participants').select('owner_session').where('id', '=', id).executeTakeFirst();
  return row?.owner_session ?? undefined;
}

/**
 * True for a participant who has done anything of the assessment: consent, a saved answer, a
 * submission or concerns. (Being held by a session is not it: an invitation holds them before.)
 */
const hasStartedSql = (participant: string) =>
  sql<boolean>`(exists (select 1 from agreements where agreements.participant_id = ${sql.ref(participant)})
    or exists (select 1 from progress_answers where progress_answers.participant_id = ${sql.ref(participant)})
    or exists (select 1 from results where results.participant_id = ${sql.ref(participant)})
    or exists (select 1 from concern_submissions where concern_submissions.participant_id = ${sql.ref(participant)}))`;

/** What inviting needs to know of a participant already stored. */
export interface InviteeRecord {
  id: string;
  emailLower: string;
  started: boolean;
}

/** How many emails (or rows) one statement carries: far below either engine's parameter limit. */
const chunkSize = 500;

/** The stored participants among these emails (normalised), whether each has started. */
export async function findInvitees(db: Executor, emailsLower: readonly string[]): Promise<InviteeRecord[]> {
  const found: InviteeRecord[] = [];
  for (const part of chunks(emailsLower, chunkSize)) {
    const rows = await db
      .selectFrom('participants')
      .select(['id', 'email_lower', hasStartedSql('participants.id').as('started')])
      .where('email_lower', 'in', part)
      .execute();
    for (const row of rows) found.push({ id: row.id, emailLower: row.email_lower, started: Boolean(row.started) });
  }
  return found;
}

/** A participant created by an invitation: already held by the session the link hands out. */
export interface NewInvitee {
  id: string;
  name: string;
  email: string;
  phone: string;
  ownerSession: string;
  createdAt: string;
}

/** Inserts invited participants in a few statements; an email taken meanwhile fails the whole insert. */
export async function insertInvitees(db: Executor, invitees: readonly NewInvitee[]): Promise<void> {
  // 10 values a row: 200 rows stay under SQLite's and PostgreSQL's parameter limits.
  for (const part of chunks(invitees, 200)) {
    await db
      .insertInto('participants')
      .values(
        part.map((invitee) => ({
          id: invitee.id,
          name: invitee.name,
          name_lower: invitee.name.toLowerCase(),
          email: invitee.email,
          email_lower: normalizeEmail(invitee.email),
          phone: invitee.phone,
          created_at: invitee.createdAt,
          updated_at: invitee.createdAt,
          owner_session: invitee.ownerSession,
          resume_code: newResumeCode(),
        })),
      )
      .execute();
  }
}

/**
 * Re-invites a stored participant who has not started: the admin's name (and phone, when given)
 * and a new holding session, so devices of an earlier link lose hold of them. Returns false (and
 * changes nothing) when they started meanwhile.
 */
export async function reinviteParticipant(
  db: Executor,
  id: string,
  details: { name: string; phone: string; ownerSession: string; updatedAt: string },
): Promise<boolean> {
  const updated = await db
    .updateTable('participants')
    .set({
      name: details.name,
      name_lower: details.name.toLowerCase(),
      ...(details.phone ? { phone: details.phone } : {}),
      owner_session: details.ownerSession,
      updated_at: details.updatedAt,
    })
    .where('id', '=', id)
    .where(sql<boolean>`not ${hasStartedSql('participants.id')}`)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/**
 * Hands a participant who has not started to a new session nobody holds, so the devices that held
 * them (through a withdrawn link) no longer act for them; they continue with their resume code or a
 * new invitation. Not null: a device's next write would claim a participant nobody holds.
 */
export async function reholdUnstartedParticipant(db: Executor, id: string, session: string): Promise<void> {
  await db
    .updateTable('participants')
    .set({ owner_session: session })
    .where('id', '=', id)
    .where(sql<boolean>`not ${hasStartedSql('participants.id')}`)
    .execute();
}

/** A participant's invitation as the overview reads it. */
export interface OverviewInvitation {
  id: string;
  token: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  openedAt: string | null;
  lastSentAt: string | null;
}

/** Where a participant stands, read in one statement with everything the stage is made of. */
export interface ParticipantOverview {
  id: string;
  name: string;
  email: string;
  phone: string;
  createdAt: string;
  updatedAt: string;
  stage: ParticipantStage;
  /** Answers saved so far. */
  answered: number;
  /** The pinned question set version (at consent); null before. */
  questionSetVersion: number | null;
  invitation: OverviewInvitation | null;
  result: { id: string; total: number; createdAt: string } | null;
  consentedAt: string | null;
  concernsSubmittedAt: string | null;
  lastAnswerAt: string | null;
}

/**
 * The stage, computed by the database so that lists can filter and page by it: the furthest step
 * the participant's rows show, in the order of `participantStageSchema`. An invited participant is
 * `invited` until the link is opened, `opened` after; one who came through open entry is `entered`.
 * This is the one place stages are decided (progress and the admin's list both read it).
 */
const stageSql = sql<ParticipantStage>`case
  when r.id is not null and c.id is not null then 'concerns-done'
  when r.id is not null then 'submitted'
  when exists (select 1 from progress_answers where progress_answers.participant_id = p.id) then 'answering'
  when a.id is not null then 'consented'
  when i.id is not null and i.opened_at is null then 'invited'
  when i.id is not null then 'opened'
  else 'entered'
end`;

function overviewFrom(db: Executor) {
  // Each joined table has at most one row per participant (unique participant_id).
  return db
    .selectFrom('participants as p')
    .leftJoin('invitations as i', 'i.participant_id', 'p.id')
    .leftJoin('results as r', 'r.participant_id', 'p.id')
    .leftJoin('agreements as a', 'a.participant_id', 'p.id')
    .leftJoin('concern_submissions as c', 'c.participant_id', 'p.id');
}

function selectOverview(db: Executor) {
  return overviewFrom(db).select([
    'p.id',
    'p.name',
    'p.email',
    'p.phone',
    'p.created_at',
    'p.updated_at',
    'p.question_set_version',
    stageSql.as('stage'),
    sql<number>`(select count(*) from progress_answers where progress_answers.participant_id = p.id)`.as('answered'),
    sql<string | null>`(select max(answered_at) from progress_answers where progress_answers.participant_id = p.id)`.as(
      'last_answer_at',
    ),
    'i.id as invitation_id',
    'i.token as invitation_token',
    'i.created_at as invitation_created_at',
    'i.expires_at as invitation_expires_at',
    'i.revoked_at as invitation_revoked_at',
    'i.opened_at as invitation_opened_at',
    'i.last_sent_at as invitation_last_sent_at',
    'r.id as result_id',
    'r.total as result_total',
    'r.created_at as result_created_at',
    'a.created_at as consented_at',
    'c.created_at as concerns_submitted_at',
  ]);
}

type OverviewRow = Awaited<ReturnType<ReturnType<typeof selectOverview>['executeTakeFirstOrThrow']>>;

function toOverview(row: OverviewRow): ParticipantOverview {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    stage: row.stage,
    answered: toCount(row.answered),
    questionSetVersion: row.question_set_version === null ? null : Number(row.question_set_version),
    invitation:
      row.invitation_id === null
        ? null
        : {
            id: row.invitation_id,
            token: row.invitation_token!,
            createdAt: row.invitation_created_at!,
            expiresAt: row.invitation_expires_at!,
            revokedAt: row.invitation_revoked_at,
            openedAt: row.invitation_opened_at,
            lastSentAt: row.invitation_last_sent_at,
          },
    result:
      row.result_id === null
        ? null
        : { id: row.result_id, total: Number(row.result_total), createdAt: row.result_created_at! },
    consentedAt: row.consented_at,
    concernsSubmittedAt: row.concerns_submitted_at,
    lastAnswerAt: row.last_answer_at,
  };
}

export async function findParticipantOverview(db: Executor, id: string): Promise<ParticipantOverview | undefined> {
  const row = await selectOverview(db).where('p.id', '=', id).executeTakeFirst();
  return row ? toOverview(row) : undefined;
}

/** Which participants a list shows: a substring of the name or email (any case), and a stage. */
export interface OverviewFilter {
  search: string;
  stage?: ParticipantStage | undefined;
}

/** The filter as conditions on the overview's tables (raw, so they apply to its count and its rows alike). */
function filterConditions(filter: OverviewFilter): RawBuilder<boolean>[] {
  const conditions: RawBuilder<boolean>[] = [];
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(sql<boolean>`(${likeLower('p.name_lower', pattern)} or ${likeLower('p.email_lower', pattern)})`);
  }
  if (filter.stage) conditions.push(sql<boolean>`(${stageSql}) = ${filter.stage}`);
  return conditions;
}

export async function countParticipantOverviews(db: Executor, filter: OverviewFilter): Promise<number> {
  let query = overviewFrom(db).select((eb) => eb.fn.countAll().as('count'));
  for (const condition of filterConditions(filter)) query = query.where(condition);
  return toCount((await query.executeTakeFirstOrThrow()).count);
}

/** A page of participants, newest first (without `window`: all of them). */
export async function listParticipantOverviews(
  db: Executor,
  filter: OverviewFilter,
  window?: { limit: number; offset: number },
): Promise<ParticipantOverview[]> {
  let query = selectOverview(db).orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
  for (const condition of filterConditions(filter)) query = query.where(condition);
  if (window) query = query.limit(window.limit).offset(window.offset);
  return (await query.execute()).map(toOverview);
}

/** A participant's saved answers, in the order they were first given. */
export async function listSavedAnswers(db: Executor, participantId: string) {
  const rows = await db
    .selectFrom('progress_answers')
    .select(['question_id', 'user_answer', 'answered_at', 'time_ms'])
    .where('participant_id', '=', participantId)
    .orderBy('answered_at')
    .orderBy('question_id')
    .execute();
  return rows.map((row) => ({
    questionId: row.question_id,
    userAnswer: row.user_answer,
    answeredAt: row.answered_at,
    timeMs: Number(row.time_ms),
  }));
}

/** The text version of a participant's consent (null for consents from before migration 0011). */
export async function findConsentTextVersion(db: Executor, participantId: string): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('agreements')
    .select('text_version')
    .where('participant_id', '=', participantId)
    .executeTakeFirst();
  return row?.text_version;
}
