// The requests the API bench sends: participant tokens, submission bodies built ahead of the load,
// and the admin's sign-in and checks.
import { randomUUID } from 'node:crypto';
import { createTokenService } from '../../../server/src/lib/tokens';
import type { RequestShape } from './load';
import { ADMIN_EMAIL, ADMIN_PASSWORD, benchJwtSecret } from './processes';
import { answersFor, createRandom, type ParticipantSeed, type QuestionSeed } from './rows';

/** Participant tokens signed with the server's secret (as `auth/validateuser` would issue them). */
export function participantTokens() {
  const tokens = createTokenService(benchJwtSecret);
  return (who: ParticipantSeed) => tokens.issueParticipantToken(who.id, randomUUID());
}

/** What the participant app sends at the end of the quiz. */
export function submissionBody(questions: readonly QuestionSeed[], who: ParticipantSeed, random: () => number): string {
  const answers = answersFor(questions, random);
  return JSON.stringify({
    name: who.name,
    email: who.email,
    contactno: who.phone,
    answers: questions.map((question) => ({ questionId: question.id, userAnswer: answers.get(question.id)! })),
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
): RequestShape[] {
  const issue = participantTokens();
  const random = createRandom(seed);
  return people.map((who) => ({
    headers: { authorization: `Bearer ${issue(who)}`, 'content-type': 'application/json' },
    body: submissionBody(questions, who, random),
  }));
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
