import type { Executor } from '../../db/types';
import { forbidden, unauthorized } from '../../lib/http-errors';
import type { ParticipantIdentity } from '../../plugins/auth';

// Who acts for a participant (docs/participation.md): once they have started, one browser session
// holds them (`participants.owner_session`), and only tokens of that session act for them.

export const startedElsewhereMessage =
  'This assessment was started on another device. Continue from your invitation link, or with your email and resume code.';

/** 403: the participant is held by another session. */
export const startedElsewhere = () => forbidden(startedElsewhereMessage);

/**
 * The first write of a session claims the participant for it: atomically, so of two sessions
 * claiming at once exactly one holds them. Returns when `who`'s session holds the participant (now
 * or from before); 403 with `startedElsewhereMessage` when another does, 401 when they are gone. A
 * token without a session (none are issued any more) never holds anyone.
 */
export async function claimParticipant(db: Executor, who: ParticipantIdentity): Promise<void> {
  if (who.sessionId === '') throw startedElsewhere();
  const claimed = await db
    .updateTable('participants')
    .set({ owner_session: who.sessionId })
    .where('id', '=', who.id)
    .where('owner_session', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (claimed) return;
  await assertOwner(db, who, { unclaimed: 'refuse' });
}

/**
 * For reads of a participant's own data: passes when `who`'s session holds the participant, or
 * (with `unclaimed: 'allow'`, the default) when nobody does yet, since a participant nobody holds
 * has nothing to read. 403 with `startedElsewhereMessage` for another session, 401 when gone.
 */
export async function assertOwner(
  db: Executor,
  who: ParticipantIdentity,
  { unclaimed = 'allow' }: { unclaimed?: 'allow' | 'refuse' } = {},
): Promise<void> {
  const row = await db.selectFrom('participants').select('owner_session').where('id', '=', who.id).executeTakeFirst();
  if (!row) throw unauthorized('Invalid token');
  if (row.owner_session === null && unclaimed === 'allow') return;
  if (!holds(who, row.owner_session)) throw startedElsewhere();
}

/** True when `who`'s session is the stored owner; a token without a session never is. */
export const holds = (who: ParticipantIdentity, owner: string | null) =>
  who.sessionId !== '' && owner !== null && owner === who.sessionId;

/** Pins the question set version the participant answers (at consent); a pinned one stays. */
export async function pinQuestionSetVersion(db: Executor, participantId: string, version: number): Promise<void> {
  await db
    .updateTable('participants')
    .set({ question_set_version: version })
    .where('id', '=', participantId)
    .where('question_set_version', 'is', null)
    .execute();
}

/** What the write path needs of a participant: who holds them and the question set they answer. */
export async function findParticipantHold(db: Executor, participantId: string) {
  const row = await db
    .selectFrom('participants')
    .select(['owner_session', 'question_set_version'])
    .where('id', '=', participantId)
    .executeTakeFirst();
  return row && { ownerSession: row.owner_session, questionSetVersion: row.question_set_version };
}
