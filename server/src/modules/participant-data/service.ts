import {
  participantExportFormat,
  type ParticipantErasureResponse,
  type ParticipantExport,
} from '@prometrica/shared-api/contract';
import type { Dialect, Executor, Store } from '../../db/types';
import { found } from '../../lib/http-errors';
import { record, serverActor, type AuditActor } from '../audit/service';
import { findLatestAgreement, toSignedAgreement } from '../agreements/service';
import { invitationStatus } from '../invitations/service';
import { findParticipantById, findParticipantOverview, listSavedAnswers } from '../participants/service';
import { emailKey } from '../rate-limits/service';
import { participantReportExport } from '../reports/service';
import { findResultByParticipant, findResultCategories, listAnswers, toCategoryFigure } from '../results/service';
import { deleteParticipantRows, findConcernSubmission, listInvitations, type ErasedCounts } from './repository';

export const participantNotFoundMessage = 'Participant not found';

/**
 * `GET admin/participants/{id}/export`: everything held about one participant, in one document.
 * Credentials are left out: the invitation link's token, the resume code and the report links'
 * token hashes act for the participant (or identify a link), so the document says only that they exist.
 */
export async function exportParticipant(store: Store, id: string, now = new Date()): Promise<ParticipantExport> {
  const { db } = store;
  const [participant, overview] = await Promise.all([findParticipantById(db, id), findParticipantOverview(db, id)]);
  const row = found(participant, participantNotFoundMessage);
  const stored = found(overview, participantNotFoundMessage);
  const exportedAt = now.toISOString();
  const [consent, progressAnswers, result, concerns, invitations, report] = await Promise.all([
    findLatestAgreement(db, id),
    listSavedAnswers(db, id),
    findResultByParticipant(db, id),
    findConcernSubmission(db, id),
    listInvitations(db, id),
    participantReportExport(db, id, exportedAt),
  ]);
  const [categories, answers] = result
    ? await Promise.all([findResultCategories(db, result.id), listAnswers(db, result.id)])
    : [[], []];
  return {
    format: participantExportFormat,
    exportedAt,
    participant: {
      _id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      stage: stored.stage,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      questionSetVersion: row.questionSetVersion,
      resumeCodeIssued: row.resumeCode !== '',
    },
    consent: consent ? toSignedAgreement(consent) : null,
    progressAnswers,
    result: result
      ? {
          _id: result.id,
          submittedAt: result.createdAt,
          correct: result.correct,
          wrong: result.wrong,
          total: result.total,
          percent: result.percent,
          passed: result.passed,
          questionSetVersion: result.questionSetVersion,
          categories: categories.map(toCategoryFigure),
          answers: answers.map((answer) => ({
            questionId: answer.questionId,
            question: answer.questionText,
            userAnswer: answer.userAnswer,
            correctAnswer: answer.correctAnswer,
            categoryName: answer.categoryName,
            isCorrect: answer.isCorrect,
          })),
        }
      : null,
    concerns: concerns ? { _id: concerns.id, submittedAt: concerns.createdAt, ratings: concerns.ratings } : null,
    invitations: invitations.map((invitation) => ({
      _id: invitation.id,
      status: invitationStatus({ revokedAt: invitation.revoked_at, expiresAt: invitation.expires_at }, exportedAt),
      createdAt: invitation.created_at,
      expiresAt: invitation.expires_at,
      openedAt: invitation.opened_at,
      lastSentAt: invitation.last_sent_at,
      revokedAt: invitation.revoked_at,
    })),
    report,
  };
}

/** Why a participant was erased: an admin's request, or the retention setting. */
export type ErasureReason = 'request' | 'retention';

/**
 * Erases one participant and everything stored about them (details, consent with the signature,
 * saved answers, result and its answers, concern ratings, invitations, rate-limit counts of their
 * email) inside the caller's transaction; undefined when there is no such participant. The figures
 * follow: the dashboard's per-month participant counts and the result search index are kept in
 * step by triggers (migration 0004), the result's part of the aggregates (Insights, the results
 * page's totals, the percentiles; migration 0017) is taken away before it is deleted, and every
 * other figure is counted from the rows.
 *
 * Every erasure, asked for or by retention, goes through here, and the audit log records it in the
 * same transaction: who (`actor`, the server for retention), when, why, the participant's id and
 * the counts of rows erased; never their data.
 */
export async function eraseWithin(
  trx: Executor,
  dialect: Dialect,
  id: string,
  reason: ErasureReason,
  actor: AuditActor = serverActor,
): Promise<ErasedCounts | undefined> {
  const participant = await trx.selectFrom('participants').select('email').where('id', '=', id).executeTakeFirst();
  if (!participant) return undefined;
  const erased = await deleteParticipantRows(trx, dialect, id, emailKey(participant.email));
  await record(trx, actor, {
    action: 'participant.erase',
    targetType: 'participant',
    targetId: id,
    after: { reason, erased },
  });
  return erased;
}

/** `DELETE admin/participants/{id}`: erases one participant; 404 when there is none. */
export async function eraseParticipant(
  store: Store,
  id: string,
  actor: AuditActor,
): Promise<ParticipantErasureResponse> {
  const erased = found(
    await store.db.transaction().execute((trx) => eraseWithin(trx, store.dialect, id, 'request', actor)),
    participantNotFoundMessage,
  );
  return { message: 'Participant erased with everything stored about them', erased };
}
