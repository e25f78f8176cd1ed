import { z } from 'zod';
import type {
  submitAnswersBodySchema,
  SubmitAnswersResponse,
  UserResponseSummary,
} from '@prometrica/shared-api/contract';
import { BatchedLookup } from '../../db/batched-lookup';
import { perDatabase } from '../../db/per-database';
import type { Executor, Store } from '../../db/types';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/http-errors';
import { timeOrderedId } from '../../lib/ids';
import type { PreparedJson } from '../../lib/json-reply';
import type { ParticipantIdentity } from '../../plugins/auth';
import { findConcernSubmissionByParticipant, listConcernRatings } from '../concerns/repository';
import { findParticipantByEmail } from '../participants/repository';
import { sameSession } from '../participants/service';
import {
  findParticipantsWithResults,
  findResultByParticipant,
  listAnswers,
  type AnswerRecord,
  type ResultRecord,
} from '../results/repository';
import { questionSet } from '../questions/question-set';
import { scoreAnswers } from './scoring';
import { submissionWriter, type CarriedDetails } from './submission-writer';

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
export async function assertSubmittingSession(db: Executor, who: ParticipantIdentity): Promise<ResultRecord | undefined> {
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
 * The name, email and phone a submission carried that differ from the stored ones, when they are
 * real details and not placeholders. Written with the submission (an email another participant
 * took meanwhile is left out then).
 */
async function carriedDetails(
  db: Executor,
  participantId: string,
  stored: { name: string; email: string; phone: string },
  body: SubmitBody,
): Promise<CarriedDetails> {
  const given = (value: string) => value !== '' && !placeholders.has(value.toLowerCase());
  const changes: CarriedDetails = {};
  if (given(body.name) && body.name !== stored.name) changes.name = body.name;
  if (given(body.contactno) && phoneFormat.test(body.contactno) && body.contactno !== stored.phone) {
    changes.phone = body.contactno;
  }
  if (given(body.email) && emailFormat.safeParse(body.email).success && body.email !== stored.email) {
    // Another participant's email is theirs: keep ours rather than fail the submission.
    const owner = await findParticipantByEmail(db, body.email);
    if (!owner || owner.id === participantId) changes.email = body.email;
  }
  return changes;
}

/** Participants read together, this many at most in one statement. */
export const participantsPerRead = 500;

/**
 * Reads a participant with their result, if any (undefined when the participant is gone).
 * Submissions arriving together read their participants in one statement.
 */
const participantReads = perDatabase(
  ({ db }) => new BatchedLookup((ids: readonly string[]) => findParticipantsWithResults(db, ids), participantsPerRead),
);

/**
 * `POST user/submitanswer`: scores the answers once and stores result, category figures and answer
 * snapshots (with the details the submission carried) in one transaction. Every current question
 * must be answered, each once, and only known questions. One result per participant: the same
 * submission again returns the stored one (200) and creates nothing, also when two arrive at once.
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

  // The route checks the token's signature only: the participant and their result are read here,
  // in one query, and a participant who is gone is refused as the other participant calls refuse.
  const found = await participantReads(store).get(who.id);
  if (!found) throw unauthorized('Invalid token');
  const existing = ownResult(found.result, who);
  if (existing) return { created: false, response: await repeatSubmission(store.db, existing, sent) };

  const questions = await questionSet(store).records();
  const known = new Set(questions.map((question) => question.id));
  const unknown = [...sent.keys()].filter((id) => !known.has(id));
  if (unknown.length > 0) throw badRequest(`answers: unknown question ids: ${unknown.join(', ')}`, 'answers');
  const answered = [...sent.values()].filter((answer) => answer !== '').length;
  const remaining = questions.length - answered;
  if (remaining > 0) throw badRequest(`Please answer all questions. ${remaining} questions remaining.`, 'answers');

  const score = scoreAnswers(questions, sent);
  const details = await carriedDetails(store.db, who.id, found.participant, body);
  const result: ResultRecord = {
    id: timeOrderedId(),
    participantId: who.id,
    sessionId: who.sessionId,
    ...score.totals,
    createdAt: new Date().toISOString(),
  };
  // Submissions arriving together share one transaction (one disk sync) and are written together;
  // this one is acknowledged only once that transaction has committed.
  const stored = await submissionWriter(store).write({ result, categories: score.categories, answers: score.answers, details });
  if (!stored) {
    // The same participant's other request won the race: answer like a repeat.
    const winner = await assertSubmittingSession(store.db, who);
    if (!winner) throw new Error('A result exists for this participant but could not be read back');
    return { created: false, response: await repeatSubmission(store.db, winner, sent) };
  }
  return { created: true, response: submissionResponse(result, score.answers) };
}

/** `GET user/getuserresponse`: the participant's own answers and concern ratings, for the submitting session only. */
export async function getUserResponse(store: Store, who: ParticipantIdentity): Promise<UserResponseSummary> {
  const result = await assertSubmittingSession(store.db, who);
  const submission = await findConcernSubmissionByParticipant(store.db, who.id);
  if (submission && !sameSession(who.sessionId, submission.sessionId)) throw forbidden(otherDeviceMessage);
  const answers = result ? await listAnswers(store.db, result.id) : [];
  const ratings = submission ? (await listConcernRatings(store.db, [submission.id])).get(submission.id) ?? [] : [];
  return {
    message: result ? 'Your submitted responses' : 'No responses submitted yet',
    responses: answers.map((answer) => ({
      questionId: answer.questionId,
      question: answer.questionText,
      userAnswer: answer.userAnswer,
    })),
    submittedAt: result?.createdAt ?? null,
    concerns: ratings.map((rating) => ({ title: rating.complaint.title, botherOptions: rating.botherOptions })),
    concernsSubmittedAt: submission?.createdAt ?? null,
  };
}
