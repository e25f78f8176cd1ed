import { z } from 'zod';
import type {
  submitAnswersBodySchema,
  SubmitAnswersResponse,
  UserResponseSummary,
} from '@prometrica/shared-api/contract';
import type { Executor, Store } from '../../db/types';
import { badRequest, conflict, forbidden, unauthorized, type HttpError } from '../../lib/http-errors';
import { timeOrderedId } from '../../lib/ids';
import type { PreparedJson } from '../../lib/json-reply';
import type { ParticipantIdentity } from '../../plugins/auth';
import type { CarriedDetails } from '../participants/service';
import { sameSession } from '../participants/service';
import {
  findParticipantResult,
  findResultByParticipant,
  listAnswers,
  type AnswerRecord,
  type ResultRecord,
} from '../results/service';
import { questionSet, type QuestionRecord } from '../questions/service';
import { scoreAnswers } from './scoring';
import { submissionWriter } from './submission-writer';

export const otherDeviceMessage = 'Your responses are only available on the device that submitted them';
export const alreadySubmittedMessage = 'You have already submitted your answers';
const submittedMessage = 'Your answers have been submitted successfully.';

/** What the participant app sends when the participant left a detail out (spec section 3). */
const placeholders = new Set(['guest user', 'not provided']);
const emailFormat = z.email();
const phoneFormat = /^\+?\d[\d ()-]{0,31}$/;

type SubmitBody = z.output<typeof submitAnswersBodySchema>;

/** `GET user/getquestion`: every question in quiz order, never with its correct answer. */
export function getParticipantQuestions(store: Store): Promise<PreparedJson> {
  return questionSet(store).reply();
}

/**
 * A participant's stored data belongs to the browser session that submitted it: any other session
 * (a token obtained by typing the email elsewhere) gets a 403, before anything is compared or read.
 */
export async function assertSubmittingSession(
  db: Executor,
  who: ParticipantIdentity,
): Promise<ResultRecord | undefined> {
  return ownResult(await findResultByParticipant(db, who.id), who);
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
 * not placeholders, and a phone and an email of the right form. Written with the submission, each
 * only where it differs from the stored one (an email another participant holds is left out then).
 */
function carriedDetails(body: SubmitBody): CarriedDetails {
  const given = (value: string) => value !== '' && !placeholders.has(value.toLowerCase());
  const details: CarriedDetails = {};
  if (given(body.name)) details.name = body.name;
  if (given(body.contactno) && phoneFormat.test(body.contactno)) details.phone = body.contactno;
  if (given(body.email) && emailFormat.safeParse(body.email).success) details.email = body.email;
  return details;
}

/** Why the answers cannot be stored as they are (unknown questions, unanswered ones), or nothing. */
function answersProblem(
  questions: readonly QuestionRecord[],
  sent: ReadonlyMap<string, string>,
): HttpError | undefined {
  const known = new Set(questions.map((question) => question.id));
  const unknown = [...sent.keys()].filter((id) => !known.has(id));
  if (unknown.length > 0) return badRequest(`answers: unknown question ids: ${unknown.join(', ')}`, 'answers');
  const answered = [...sent.values()].filter((answer) => answer !== '').length;
  const remaining = questions.length - answered;
  if (remaining > 0) return badRequest(`Please answer all questions. ${remaining} questions remaining.`, 'answers');
  return undefined;
}

/**
 * `POST user/submitanswer`: scores the answers once and stores result, category figures and answer
 * snapshots (with the details the submission carried) in one transaction. Every current question
 * must be answered, each once, and only known questions. One result per participant: the same
 * submission again returns the stored one (200) and creates nothing, also when two arrive at once.
 *
 * A submission is written without reading its participant first: the write skips a participant
 * who is gone or already has a result. Only then, and for answers that cannot be stored, is the
 * participant read, to answer as a repeat (200 or 409), another browser's (403) or a participant
 * who is gone (401), in that order before the answers' own faults.
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

  const questions = await questionSet(store).records();
  const problem = answersProblem(questions, sent);
  if (!problem) {
    const score = scoreAnswers(questions, sent);
    const result: ResultRecord = {
      id: timeOrderedId(),
      participantId: who.id,
      sessionId: who.sessionId,
      ...score.totals,
      createdAt: new Date().toISOString(),
    };
    // Submissions arriving together share one transaction (one disk sync) and are written together;
    // this one is acknowledged only once that transaction has committed.
    const stored = await submissionWriter(store).write({
      result,
      categories: score.categories,
      answers: score.answers,
      details: carriedDetails(body),
    });
    if (stored) return { created: true, response: submissionResponse(result, score.answers) };
  }

  // Not stored, or not storable: the participant is gone, or has a result already (this browser's
  // earlier submission, also one that won a race with this one, or another browser's).
  const found = await findParticipantResult(store.db, who.id);
  if (!found) throw unauthorized('Invalid token');
  const existing = ownResult(found.result, who);
  if (existing) return { created: false, response: await repeatSubmission(store.db, existing, sent) };
  if (problem) throw problem;
  throw new Error('A submission was not stored, though its participant is there without a result');
}

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
  const result = await assertSubmittingSession(store.db, who);
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
