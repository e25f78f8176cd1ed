import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { questionSet } from '../../src/modules/questions/question-set';
import { listQuestionsInQuizOrder, type QuestionRecord } from '../../src/modules/questions/repository';
import { signaturePng } from './png';
import { createTestUser, loginAs } from './users';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call through `app.inject`, JSON in and out. `payload` as a string is sent verbatim. */
export function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  options: { token?: string | undefined; payload?: unknown } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.payload !== undefined) headers['content-type'] = 'application/json';
  return app.inject({
    method,
    url,
    headers,
    ...(options.payload !== undefined
      ? { payload: typeof options.payload === 'string' ? options.payload : JSON.stringify(options.payload) }
      : {}),
  });
}

/** An account of `role` and its access token. */
export async function signedIn(app: FastifyInstance, role: 'user' | 'admin' | 'superadmin') {
  const account = await createTestUser(app, { role });
  return { account, token: await loginAs(app, account.email, account.password) };
}

let participantCounter = 0;

/**
 * A participant's consent, signed through the API from an address of their own (a participant is
 * one person on one device; the per-address limit on consents is tested on its own).
 */
export async function signConsent(app: FastifyInstance, token: string, body: Record<string, unknown> = {}) {
  participantCounter += 1;
  const n = participantCounter;
  const response = await app.inject({
    method: 'POST',
    url: '/api/useragreement/add',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    payload: JSON.stringify({ imageBase64: signaturePng, date: '2026-01-15', ...body }),
  });
  if (response.statusCode !== 201) throw new Error(`consent failed: ${response.statusCode} ${response.body}`);
  return response;
}

/**
 * A participant entering their details and, unless `consent` is false, signing the consent (which
 * claims them for the token's session and pins their question set); returns the token and id.
 */
export async function newParticipant(
  app: FastifyInstance,
  details: { email?: string; name?: string; phone?: string; consent?: boolean } = {},
  token?: string,
) {
  participantCounter += 1;
  const body = {
    email: details.email ?? `participant${participantCounter}-${Date.now()}@example.com`,
    name: details.name ?? `Participant ${participantCounter}`,
    phone: details.phone ?? '03001234567',
  };
  const response = await call(app, 'POST', '/api/auth/validateuser', { payload: body, token });
  if (response.statusCode !== 200) throw new Error(`validateuser failed: ${response.statusCode} ${response.body}`);
  const json = response.json<{ token: string; status: boolean }>();
  const row = await app.db
    .selectFrom('participants')
    .select(['id', 'phone'])
    .where('email_lower', '=', body.email.toLowerCase())
    .executeTakeFirstOrThrow();
  if (details.consent !== false) await signConsent(app, json.token);
  // The phone as stored (E.164), not as typed.
  return { token: json.token, id: row.id, email: body.email, name: body.name, phone: row.phone };
}

/** Every current question, with its correct answer (straight from the database). */
export const currentQuestions = (app: FastifyInstance): Promise<QuestionRecord[]> => listQuestionsInQuizOrder(app.db);

/**
 * A wrong answer the question accepts: another of its options (the other of true and false), or
 * any text for fill-in-the-blanks.
 */
export function wrongAnswerTo(question: Pick<QuestionRecord, 'questionType' | 'options' | 'correctAnswer'>): string {
  const right = question.correctAnswer.trim().toLowerCase();
  if (question.questionType === 'fill_in_the_blanks') return 'definitely not the answer';
  const options = question.questionType === 'mcq' && question.options.length > 0 ? question.options : ['true', 'false'];
  return options.find((option) => option.trim().toLowerCase() !== right)!;
}

/** Answers to every current question: right unless `wrong(question, index)` says otherwise. */
export async function answersFor(
  app: FastifyInstance,
  wrong: (question: QuestionRecord, index: number) => boolean = () => false,
) {
  const questions = await currentQuestions(app);
  return questions.map((question, index) => ({
    questionId: question.id,
    userAnswer: wrong(question, index) ? wrongAnswerTo(question) : question.correctAnswer,
  }));
}

/** Submits answers to every current question for a participant; returns the response. */
export async function submitAll(
  app: FastifyInstance,
  token: string,
  wrong?: (question: QuestionRecord, index: number) => boolean,
) {
  const answers = await answersFor(app, wrong);
  return call(app, 'POST', '/api/user/submitanswer', {
    token,
    payload: { name: 'Guest User', email: 'Not Provided', contactno: 'Not Provided', answers },
  });
}

/**
 * A participant who has submitted answers to every question, and the token a second browser gets for the
 * same email afterwards.
 */
export async function submittedParticipantElsewhere(app: FastifyInstance) {
  const participant = await newParticipant(app);
  expect((await submitAll(app, participant.token)).statusCode).toBe(201);
  const other: string = (
    await call(app, 'POST', '/api/auth/validateuser', { payload: { email: participant.email } })
  ).json().token;
  return { participant, other };
}

/**
 * Makes every question of the bank a fill-in-the-blanks one, for tests of how answers are kept that
 * answer with any text (which answers a choice question accepts is tested on its own).
 */
export async function freeTextQuestionsOnly(app: FastifyInstance) {
  await app.db.updateTable('questions').set({ question_type: 'fill_in_the_blanks', options: '[]' }).execute();
  // Changed behind the API's back: the shared question list must be read again.
  questionSet(app).invalidate();
}

/** Removes the first-start demo content, for tests that need an empty question bank. */
export async function clearDemoContent(app: FastifyInstance) {
  await app.db.deleteFrom('questions').execute();
  await app.db.deleteFrom('categories').execute();
  await app.db.deleteFrom('concerns').execute();
  // Removed behind the API's back: the shared question list must be read again.
  questionSet(app).invalidate();
}
