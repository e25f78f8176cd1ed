import type { Selectable } from 'kysely';
import type { Executor, ReportLinksTable, ReportsTable } from '../../db/types';

// The reports' rows (migration 0016): the report of a result, its saved comment versions and its
// links; and the reads of other tables a report's content and its cohort need, each one statement.

export type ReportRow = Selectable<ReportsTable>;
export type ReportLinkRow = Selectable<ReportLinksTable>;

/** Comments as stored: the overall text and a JSON object of category name → text. */
export interface StoredComments {
  overall: string;
  categories: Record<string, string>;
}

export async function findReport(db: Executor, resultId: string): Promise<ReportRow | undefined> {
  return db.selectFrom('reports').selectAll().where('result_id', '=', resultId).executeTakeFirst();
}

/** Makes the result's report row (a draft without comments) unless it is there. */
export async function ensureReport(db: Executor, resultId: string, participantId: string, now: string): Promise<void> {
  await db
    .insertInto('reports')
    .values({ result_id: resultId, participant_id: participantId, created_at: now })
    .onConflict((oc) => oc.column('result_id').doNothing())
    .execute();
}

/**
 * Saves the comments as version `baseVersion + 1`, only while the stored version is still
 * `baseVersion` (one statement, so two saves from the same version cannot both pass); the new
 * version also goes to `report_versions`. Undefined when the base was stale.
 */
export async function saveCommentsVersion(
  trx: Executor,
  save: { resultId: string; baseVersion: number; comments: StoredComments; savedAt: string; savedBy: string },
): Promise<number | undefined> {
  const categoryComments = JSON.stringify(save.comments.categories);
  const updated = await trx
    .updateTable('reports')
    .set((eb) => ({
      overall_comment: save.comments.overall,
      category_comments: categoryComments,
      version: eb('version', '+', 1),
      saved_at: save.savedAt,
      saved_by: save.savedBy,
    }))
    .where('result_id', '=', save.resultId)
    .where('version', '=', save.baseVersion)
    .returning('version')
    .executeTakeFirst();
  if (!updated) return undefined;
  await trx
    .insertInto('report_versions')
    .values({
      result_id: save.resultId,
      version: updated.version,
      overall_comment: save.comments.overall,
      category_comments: categoryComments,
      saved_at: save.savedAt,
      saved_by: save.savedBy,
    })
    .execute();
  return updated.version;
}

export async function listCommentVersions(db: Executor, resultId: string) {
  return db
    .selectFrom('report_versions')
    .selectAll()
    .where('result_id', '=', resultId)
    .orderBy('version', 'desc')
    .execute();
}

/** Releases the report; a report released before keeps its first release (time and who). */
export async function markReleased(db: Executor, resultId: string, at: string, by: string): Promise<void> {
  await db
    .updateTable('reports')
    .set((eb) => ({
      released_at: eb.fn.coalesce('released_at', eb.val(at)),
      released_by: eb.fn.coalesce('released_by', eb.val(by)),
    }))
    .where('result_id', '=', resultId)
    .execute();
}

/** Notes the participant's first opening of a released copy. */
export async function markReportOpened(db: Executor, resultId: string, at: string): Promise<void> {
  await db
    .updateTable('reports')
    .set({ opened_at: at })
    .where('result_id', '=', resultId)
    .where('opened_at', 'is', null)
    .where('released_at', 'is not', null)
    .execute();
}

export async function insertLink(db: Executor, link: ReportLinkRow): Promise<void> {
  await db.insertInto('report_links').values(link).execute();
}

export async function findLinkByHash(db: Executor, tokenHash: string): Promise<ReportLinkRow | undefined> {
  return db.selectFrom('report_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** A result's links, newest first. */
export async function listLinks(db: Executor, resultId: string): Promise<ReportLinkRow[]> {
  return db
    .selectFrom('report_links')
    .selectAll()
    .where('result_id', '=', resultId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function markLinkOpened(db: Executor, id: string, at: string): Promise<void> {
  await db
    .updateTable('report_links')
    .set({ opened_at: at })
    .where('id', '=', id)
    .where('opened_at', 'is', null)
    .execute();
}

/** Revokes the result's links that still work; gives how many. */
export async function revokeActiveLinks(db: Executor, resultId: string, at: string): Promise<number> {
  const revoked = await db
    .updateTable('report_links')
    .set({ revoked_at: at })
    .where('result_id', '=', resultId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(revoked.numUpdatedRows);
}

/** Whether a link of the result that was not revoked chose to show the correct answers. */
export async function anyLinkShowsCorrect(db: Executor, resultId: string): Promise<boolean> {
  const row = await db
    .selectFrom('report_links')
    .select('id')
    .where('result_id', '=', resultId)
    .where('revoked_at', 'is', null)
    .where('show_correct', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A participant's released reports (one per result: at most one today). */
export async function listReleasedReports(db: Executor, participantId: string): Promise<ReportRow[]> {
  return db
    .selectFrom('reports')
    .selectAll()
    .where('participant_id', '=', participantId)
    .where('released_at', 'is not', null)
    .orderBy('released_at', 'desc')
    .execute();
}

/** A participant's report rows and links, for their export (the links without their token hashes). */
export async function findParticipantReportRows(db: Executor, participantId: string) {
  const [reports, links] = await Promise.all([
    db.selectFrom('reports').selectAll().where('participant_id', '=', participantId).execute(),
    db
      .selectFrom('report_links')
      .select(['id', 'result_id', 'created_at', 'expires_at', 'revoked_at', 'opened_at', 'show_correct', 'mailed_to'])
      .where('participant_id', '=', participantId)
      .orderBy('created_at')
      .execute(),
  ]);
  return { reports, links };
}

/**
 * The dates of a participant a report shows, in one statement: when they were made (entered their
 * details, or were invited), invited, and their earliest saved answer still on record.
 */
export async function findParticipantDates(
  db: Executor,
  participantId: string,
): Promise<{ enteredAt: string; invitedAt: string | null; firstAnswerAt: string | null } | undefined> {
  const row = await db
    .selectFrom('participants as p')
    .select((eb) => [
      'p.created_at',
      eb
        .selectFrom('invitations')
        .select((inner) => inner.fn.min('invitations.created_at').as('at'))
        .whereRef('invitations.participant_id', '=', 'p.id')
        .as('invited_at'),
      eb
        .selectFrom('progress_answers')
        .select((inner) => inner.fn.min('progress_answers.answered_at').as('at'))
        .whereRef('progress_answers.participant_id', '=', 'p.id')
        .as('first_answer_at'),
    ])
    .where('p.id', '=', participantId)
    .executeTakeFirst();
  return row
    ? { enteredAt: row.created_at, invitedAt: row.invited_at ?? null, firstAnswerAt: row.first_answer_at ?? null }
    : undefined;
}
