import { z } from 'zod';
import type {
  submitAnswersBodySchema,
  SubmitAnswersResponse,
  UserResponseSummary,
} from '@prometrica/shared-api/contract';
import { normalisePhone } from '@prometrica/shared-api/phone';
import type { Executor, Store } from '../../db/types';
import { badRequest, conflict, forbidden, notFound, unauthorized, type HttpError } from '../../lib/http-errors';
import { timeOrderedId } from '../../lib/ids';
import type { PreparedJson } from '../../lib/json-reply';
import type { ParticipantIdentity } from '../../plugins/auth';
import { consentRequired, hasAgreement } from '../agreements/service';
import type { CarriedDetails } from '../participants/service';
import { assertOwner, findParticipantHold, holds, sameSession, startedElsewhere } from '../participants/service';
import {
  findParticipantResult,
  findResultByParticipant,
  listAnswers,
  type AnswerRecord,
  type ResultRecord,
} from '../results/service';
import { insightCodes } from '../insights/service';
import { answerFit, questionSet, type QuestionSetVersion } from '../questions/service';
import { scoreAnswers } from './scoring';
import { submissionWriter } from './submission-writer';

export const otherDeviceMessage = 'Your responses are only available on the device that submitted them';
export const alreadySubmittedMessage = 'You have already submitted your answers';
const submittedMessage = 'Your answers have been submitted successfully.';

/** What the participant app sends when the participant left a detail out (spec section 3). */
const placeholders = new Set(['guest user', 'not provided']);
const emailFormat = z.email();

type SubmitBody = z.output<typeof submitAnswersBodySchema>;

/**
 * `GET user/getquestion`: every question in quiz order, never with its correct answer; the current
 * set (prepared once, no database read; no promise while it is fresh), or with `version` that
 * version of it (prepared once too).
 */
export function getParticipantQuestions(store: Store, version?: number): PreparedJson | Promise<PreparedJson> {
  if (version === undefined) return questionSet(store).replyNow();
  return versionReply(store, version);
}

async function versionReply(store: Store, version: number): Promise<PreparedJson> {
  const set = await questionSet(store).version(version);
  if (!set) throw notFound(`Question set version ${version} not found`);
  return set.reply;
}

/** The participant's result, if any, when `who` is the session that submitted it; else a 403. */
function ownResult(result: ResultRecord | undefined, who: ParticipantIdentity): ResultRecord | undefined {
  if (result && !sameSession(who.sessionId, result.sessionId)) throw forbidden(otherDeviceMessage);
  return result;
}

async function storedSubmission(db: Executor, result: ResultRecord): Promise<SubmitAnswersResponse> {
  return submissionResponse(result, await listAnswers(db, result.id));
}

/** What the participant is told of a stored submission: their answers, never the correctness. */
function submissionResponse(result: ResultRecord, answers: readonly AnswerRecord[]): SubmitAnswersResponse {
  return {
    message: submittedMessage,
    questions: answers.map((answer) => ({
      questionId: answer.questionId,
      question: answer.questionText,
      userAnswer: answer.userAnswer,
    })),
    totalQuestions: answers.length,
    submittedAt: result.createdAt,
  };
}

/** Sending the stored submission again returns it; sending different answers is a conflict. */
async function repeatSubmission(db: Executor, result: ResultRecord, sent: ReadonlyMap<string, string>) {
  const stored = await storedSubmission(db, result);
  const same =
    stored.questions.length === sent.size &&
    stored.questions.every((answer) => sent.get(answer.questionId) === answer.userAnswer);
  if (!same) throw conflict(alreadySubmittedMessage);
  return stored;
}

/**
 * The name, email and phone a submission carried that may replace the stored ones: real details,
 * not placeholders, a possible phone number (kept in E.164) and an email of the right form. Written
 * with the submission, each only where it differs from the stored one (an email another participant
 * holds is left out then).
 */
function carriedDetails(body: SubmitBody): CarriedDetails {
  const given = (value: string) => value !== '' && !placeholders.has(value.toLowerCase());
  const details: CarriedDetails = {};
  if (given(body.name)) details.name = body.name;
  const phone = given(body.contactno) ? normalisePhone(body.contactno) : null;
  if (phone !== null) details.phone = phone;
  if (given(body.email) && emailFormat.safeParse(body.email).success) details.email = body.email;
  return details;
}

/**
 * Why the answers cannot be stored as they are (unknown questions, answers that are not among a
 * choice question's options, unanswered questions), or nothing.
 */
function answersProblem(set: QuestionSetVersion, sent: ReadonlyMap<string, string>): HttpError | undefined {
  const unknown: string[] = [];
  const offList: string[] = [];
  let answered = 0;
  for (const [id, answer] of sent) {
    const fit = answerFit(set, id, answer);
    if (fit === 'unknown-question') unknown.push(id);
    else if (fit === 'not-an-option') offList.push(id);
    if (answer !== '') answered += 1;
  }
  if (unknown.length > 0) return badRequest(`answers: unknown question ids: ${unknown.join(', ')}`, 'answers');
  if (offList.length > 0) {
    return badRequest(`answers: the answer to question ${offList.join(', ')} is not one of its options`, 'answers');
  }
  const remaining = set.records.length - answered;
  if (remaining > 0) return badRequest(`Please answer all questions. ${remaining} questions remaining.`, 'answers');
  return undefined;
}

/**
 * `POST user/submitanswer`: scores the answers once and stores result, category figures and answer
 * snapshots (with the details the submission carried) in one transaction. The answers are to a
 * question set version (`questionSetVersion`, the participant's pinned one; the current one when
 * absent): every question of it must be answered, each once, and only its questions, so questions
 * edited or deleted since the participant began block nobody; a multiple-choice or true/false
 * answer must be one of the question's options. One result per participant: the same
 * submission again returns the stored one (200) and creates nothing, also when two arrive at once.
 *
 * A submission is written without reading its participant first: the write skips a participant
 * who is gone, already has a result, is held by another session, has not signed the consent or
 * answers another version. Only then, and for answers that cannot be stored, is the participant
 * read, to answer as a repeat (200 or 409), another session's (403), one without consent (403,
 * `consent_required`) or a participant who is gone (401), in that order before the answers' own
 * faults. A submission without a version whose participant is pinned to an older one is scored
 * again against that one.
 */
export async function submitAnswers(
  store: Store,
  who: ParticipantIdentity,
  body: SubmitBody,
): Promise<{ created: boolean; response: SubmitAnswersResponse }> {
  const sent = new Map<string, string>();
  const repeated = new Set<string>();
  for (const answer of body.answers) {
    if (sent.has(answer.questionId)) repeated.add(answer.questionId);
    sent.set(answer.questionId, answer.userAnswer.trim());
  }
  if (repeated.size > 0) {
    throw badRequest(`answers: question ${[...repeated].join(', ')} is answered more than once`, 'answers');
  }

  const sets = questionSet(store);
  const latest = await sets.latest();
  let version = body.questionSetVersion ?? latest.version;
  // Twice at most: once more with the participant's pinned version when none was sent, or when the
  // participant's state changed between the write and the read of why it was skipped.
  for (let attempt = 0; attempt < 2; attempt++) {
    const set = await sets.version(version);
    const problem = set ? answersProblem(set, sent) : undefined;
    if (set && !problem) {
      const score = scoreAnswers(set.records, sent);
      const result: ResultRecord = {
        id: timeOrderedId(),
        participantId: who.id,
        sessionId: who.sessionId,
        ...score.totals,
        createdAt: new Date().toISOString(),
        questionSetVersion: version,
      };
      // Submissions arriving together share one transaction (one disk sync) and are written
      // together; this one is acknowledged only once that transaction has committed.
      const stored = await submissionWriter(store).write({
        result,
        categories: score.categories,
        answers: score.answers,
        details: carriedDetails(body),
        currentVersion: latest.version,
        insight: insightCodes(set.records, score.answers),
      });
      if (stored) return { created: true, response: submissionResponse(result, score.answers) };
    }

    // Not stored, or not storable: the participant is gone, has a result already (this session's
    // earlier submission, also one that won a race with this one, or another's), is held by
    // another session, has no consent, or answers another version.
    const [found, hold, consented] = await Promise.all([
      findParticipantResult(store.db, who.id),
      findParticipantHold(store.db, who.id),
      hasAgreement(store.db, who.id),
    ]);
    if (!found || !hold) throw unauthorized('Invalid token');
    if (hold.ownerSession !== null && !holds(who, hold.ownerSession)) throw startedElsewhere();
    const existing = ownResult(found.result, who);
    if (existing) return { created: false, response: await repeatSubmission(store.db, existing, sent) };
    if (!consented) throw consentRequired();
    if (!holds(who, hold.ownerSession)) throw startedElsewhere();
    const pinned = hold.questionSetVersion ?? latest.version;
    if (pinned !== version) {
      if (body.questionSetVersion !== undefined) throw notYourQuestionSet(pinned, version);
      version = pinned;
      continue;
    }
    if (problem) throw problem;
    if (!set) throw notYourQuestionSet(pinned, version);
  }
  throw new Error('A submission was not stored, though its participant is there and allows it');
}

/** 409: the answers are to another question set version than the participant's. */
export const notYourQuestionSet = (pinned: number, sent: number) =>
  conflict(
    `questionSetVersion: your questions are version ${pinned}, not ${sent}; load your progress again`,
    'questionSetVersion',
  );

/** The participant's own concern ratings, from the module that keeps them (its service imports this one). */
export type OwnConcernRatings = (
  db: Executor,
  who: ParticipantIdentity,
) => Promise<Pick<UserResponseSummary, 'concerns' | 'concernsSubmittedAt'>>;

/** `GET user/getuserresponse`: the participant's own answers and concern ratings, for the submitting session only. */
export async function getUserResponse(
  store: Store,
  who: ParticipantIdentity,
  ownConcernRatings: OwnConcernRatings,
): Promise<UserResponseSummary> {
  await assertOwner(store.db, who);
  const result = ownResult(await findResultByParticipant(store.db, who.id), who);
  const concerns = await ownConcernRatings(store.db, who);
  const answers = result ? await listAnswers(store.db, result.id) : [];
  return {
    message: result ? 'Your submitted responses' : 'No responses submitted yet',
    responses: answers.map((answer) => ({
      questionId: answer.questionId,
      question: answer.questionText,
      userAnswer: answer.userAnswer,
    })),
    submittedAt: result?.createdAt ?? null,
    ...concerns,
  };
}
