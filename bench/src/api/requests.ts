// The requests the API bench sends: participant tokens, submission bodies built ahead of the load,
// and the admin's sign-in and checks.
import { createTokenService } from '../../../server/src/lib/tokens';
import type { LoadCase, RequestShape } from './load';
import { ADMIN_EMAIL, ADMIN_PASSWORD, benchJwtSecret } from './processes';
import { answersFor, createRandom, type ParticipantSeed, type QuestionSeed } from './rows';

/** getquestion as the API bench loads it: the participants' tokens in turn, one per request. */
export function getquestionLoad(tokens: readonly string[]): LoadCase {
  return {
    name: 'getquestion',
    method: 'GET',
    path: '/api/user/getquestion',
    variants: tokens.map((token) => ({ headers: { authorization: `Bearer ${token}` } })),
  };
}

/**
 * Participant tokens signed with the server's secret, of the session that holds each participant
 * (as `auth/validateuser` and the consent would give them).
 */
export function participantTokens() {
  const tokens = createTokenService(benchJwtSecret);
  return (who: ParticipantSeed) => tokens.issueParticipantToken(who.id, who.session);
}

/** What the participant app sends at the end of the quiz (the question set version from its progress). */
export function submissionBody(
  questions: readonly QuestionSeed[],
  who: ParticipantSeed,
  random: () => number,
  questionSetVersion: number,
): string {
  const answers = answersFor(questions, random);
  return JSON.stringify({
    name: who.name,
    email: who.email,
    contactno: who.phone,
    answers: questions.map((question) => ({ questionId: question.id, userAnswer: answers.get(question.id)! })),
    questionSetVersion,
  });
}

/**
 * One submitanswer request per participant (token + body), built before the load starts: the load
 * generator shares the machine with the server, and building them during the load took its CPU.
 */
export function submissionRequests(
  questions: readonly QuestionSeed[],
  people: readonly ParticipantSeed[],
  seed: number,
  questionSetVersion: number,
): RequestShape[] {
  const issue = participantTokens();
  const random = createRandom(seed);
  return people.map((who) => ({
    headers: { authorization: `Bearer ${issue(who)}`, 'content-type': 'application/json' },
    body: submissionBody(questions, who, random, questionSetVersion),
  }));
}

/**
 * `count` answer saves, built before the load as the submissions are: participants answer in turn
 * (save n is participant n mod `people`), each question by question, so saves that arrive together
 * are of different participants, and every save is a question's first (as it mostly is). A
 * participant's saves after the first carry `since` as the participant app sends it (the `savedAt`
 * of the reply before): the load thread writes in the time it sent the participant's save before,
 * a moment earlier than that reply's `savedAt` (so a reply lists what the app's would, or a little
 * more).
 */
export function answerSaveRequests(
  questions: readonly QuestionSeed[],
  people: readonly ParticipantSeed[],
  count: number,
  questionSetVersion: number,
): RequestShape[] {
  // Stands in the body until the load thread writes the real time over it (the same length).
  const since = new Date().toISOString();
  if (count > people.length * questions.length) {
    throw new RangeError(
      `${people.length} participants answer ${people.length * questions.length} questions, not ${count}`,
    );
  }
  const issue = participantTokens();
  const tokens = people.map((who) => `Bearer ${issue(who)}`);
  const random = createRandom(13);
  return Array.from({ length: count }, (_, n) => {
    const question = questions[Math.floor(n / people.length)]!;
    const answer = random() < 0.7 ? question.correctAnswer : question.wrongAnswers[0]!;
    const first = n < people.length;
    return {
      headers: { authorization: tokens[n % people.length]!, 'content-type': 'application/json' },
      body: JSON.stringify({
        questionId: question.id,
        userAnswer: answer,
        questionSetVersion,
        timeMs: 2000 + Math.floor(random() * 20_000),
        ...(first ? {} : { since }),
      }),
      ...(first ? {} : { sinceOf: n - people.length }),
    };
  });
}

/** The question set version participants get now, as the participant app reads it from the progress. */
export async function currentQuestionSetVersion(url: string, token: string): Promise<number> {
  const response = await fetch(`${url}/api/user/progress`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json().catch(() => null)) as { questionSetVersion?: unknown } | null;
  if (!response.ok || typeof body?.questionSetVersion !== 'number') {
    throw new Error(`/api/user/progress answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
  return body.questionSetVersion;
}

export async function adminLogin(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  if (!response.ok) throw new Error(`admin login answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

export async function check(url: string, path: string, token: string, expect: (body: unknown) => boolean) {
  const response = await fetch(url + path, { headers: { authorization: `Bearer ${token}` } });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || !expect(body))
    throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
}
