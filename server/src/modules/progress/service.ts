import type { ProgressResponse, SaveAnswerResponse, saveAnswerBodySchema } from '@prometrica/shared-api/contract';
import type { z } from 'zod';
import type { Store } from '../../db/types';
import { badRequest, conflict, HttpError, unauthorized } from '../../lib/http-errors';
import { SerializedJson } from '../../lib/json-reply';
import type { ParticipantIdentity } from '../../plugins/auth';
import { consentRequired } from '../agreements/service';
import { assertOwner, holds, participantProgress, startedElsewhere } from '../participants/service';
import { answerFit, questionSet } from '../questions/service';
import { alreadySubmittedMessage, notYourQuestionSet } from '../quiz/service';
import { addressKey } from '../rate-limits/service';
import { answerWriter } from './answer-writer';
import { findSaveFacts, type SavedAnswerRecord } from './repository';

export type { SavedAnswerRecord } from './repository';

type SaveAnswerInput = z.output<typeof saveAnswerBodySchema>;

/**
 * `GET user/progress`: everything a device needs to resume, for the session that holds the
 * participant (or any of theirs before anyone does: nothing is theirs yet but the details). The
 * stage and the rest are read where the admin's list of participants reads them.
 */
export async function getProgress(store: Store, who: ParticipantIdentity): Promise<ProgressResponse> {
  await assertOwner(store.db, who);
  const progress = await participantProgress(store, who.id);
  if (!progress) throw unauthorized('Invalid token');
  return progress;
}

/**
 * How far before a save's `since` its reply looks. A save is stamped when its request is handled
 * and seen by other saves only once its batch has committed, a moment later; a reply's `savedAt`
 * is stamped after its batch's read. An answer stamped in between would fall before the next
 * `since` without ever having been listed: looking back this far lists it (and perhaps an answer
 * the tab already has, which it merges as it is). Processes on other machines may also keep
 * slightly different clocks.
 */
export const sinceOverlapMs = 1000;

/** The `after` of a save's reply: '' (every answer) without `since`, else `since` less the overlap. */
export function answersAfter(since: string | undefined): string {
  if (since === undefined) return '';
  const at = new Date(Date.parse(since) - sinceOverlapMs);
  return Number.isFinite(at.getTime()) ? at.toISOString() : '';
}

/** The reply to a save, serialised as the response schema's output would be (a test holds it to it). */
function saveReply(answers: readonly SavedAnswerRecord[]): SerializedJson {
  const response: SaveAnswerResponse = {
    savedAt: new Date().toISOString(),
    answers: answers.map((answer) => ({
      questionId: answer.questionId,
      userAnswer: answer.userAnswer,
      answeredAt: answer.answeredAt,
      timeMs: answer.timeMs,
    })),
  };
  return new SerializedJson(JSON.stringify(response));
}

/**
 * `POST user/answer`: saves one answer as it is given; the last save of a question wins and the
 * times spent on it add up. The reply lists every saved answer, or with `since` those saved since
 * (`sinceOverlapMs` before it on). The save is written without reading the participant first: its own
 * statement requires the token's session to hold the participant, the consent, their question set
 * version and no submission, and saves that arrive together share one transaction (one disk sync).
 * Only a save that was not stored reads the participant, to say why: gone (401), held by another
 * session (403), no consent (403, `consent_required`), submitted (409), another version (409), a
 * question that is not in the version (400), or an answer its multiple-choice or true/false question
 * does not offer (400).
 */
export async function saveAnswer(
  store: Store,
  who: ParticipantIdentity,
  body: SaveAnswerInput,
): Promise<SerializedJson> {
  const sets = questionSet(store);
  const [set, latest] = await Promise.all([sets.version(body.questionSetVersion), sets.latest()]);
  // Checked against the version's answers prepared once: a map and a set lookup.
  const fit = set === undefined ? 'unknown-question' : answerFit(set, body.questionId, body.userAnswer);
  // Twice at most: when the first save was refused but the participant's state then allows it
  // (the consent was signed in between), the second is written.
  for (let attempt = 0; attempt < 2; attempt++) {
    if (fit === 'fits' && who.sessionId !== '') {
      const outcome = await answerWriter(store).write({
        participantId: who.id,
        sessionId: who.sessionId,
        questionId: body.questionId,
        userAnswer: body.userAnswer,
        version: body.questionSetVersion,
        currentVersion: latest.version,
        timeMs: body.timeMs,
        answeredAt: new Date().toISOString(),
        after: answersAfter(body.since),
      });
      if (outcome.stored) return saveReply(outcome.answers);
    }
    const facts = await findSaveFacts(store.db, who.id);
    if (!facts) throw unauthorized('Invalid token');
    if (facts.ownerSession !== null && !holds(who, facts.ownerSession)) throw startedElsewhere();
    if (!facts.consented) throw consentRequired();
    if (!holds(who, facts.ownerSession)) throw startedElsewhere();
    if (facts.submitted) throw conflict(alreadySubmittedMessage);
    const pinned = facts.questionSetVersion ?? latest.version;
    if (pinned !== body.questionSetVersion) throw notYourQuestionSet(pinned, body.questionSetVersion);
    if (fit === 'unknown-question') {
      throw badRequest(
        `questionId: question "${body.questionId}" is not in question set version ${body.questionSetVersion}`,
        'questionId',
      );
    }
    if (fit === 'not-an-option') {
      throw badRequest(
        `userAnswer: the answer is not one of the options of question "${body.questionId}"`,
        'userAnswer',
      );
    }
  }
  throw new Error('An answer save was refused twice, though its participant allows it');
}

/** The message of a save refused for the address's share of saves. */
export const tooManySavesMessage = 'Too many answers saved from this address. Please wait a moment and try again.';

/** How long a window of the address bound on saves lasts. */
export const saveWindowMs = 60_000;

/**
 * The bound on answer saves per client address, counted in this process's memory (fixed windows of
 * a minute): a save is small, and counting each in the database would cost more than the save. A
 * participant saves once per question (a few a minute), so a generous share leaves room for a
 * classroom behind one address while bounding what one client can make the server write.
 */
export class SaveBudget {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();
  private lastSweep = 0;

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one save from `ip`; 429 with `Retry-After` beyond the address's share. */
  take(ip: string | undefined): void {
    const at = this.now();
    if (at - this.lastSweep >= saveWindowMs) this.sweep(at);
    const key = addressKey(ip);
    let window = this.windows.get(key);
    if (!window || at - window.startedAt >= saveWindowMs) {
      window = { startedAt: at, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count > this.perMinute) {
      const retryAfter = Math.max(1, Math.ceil((window.startedAt + saveWindowMs - at) / 1000));
      throw new HttpError(429, tooManySavesMessage, undefined, { 'retry-after': String(retryAfter) });
    }
  }

  /** How many addresses are counted now: those of the last minute or so. */
  tracked(): number {
    return this.windows.size;
  }

  /** Forgets the windows that have ended, so the map holds only the last minute's addresses. */
  private sweep(at: number): void {
    this.lastSweep = at;
    for (const [key, window] of this.windows) if (at - window.startedAt >= saveWindowMs) this.windows.delete(key);
  }
}
