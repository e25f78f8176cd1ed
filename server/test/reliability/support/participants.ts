// Reliability harness: the simulated participants, what each is to answer and what the load counts.

import type { KnownQuestion } from './http';

/** How the server acknowledged a participant's submission. */
export type AckKind =
  /** 201: stored by this request. */
  | 'created'
  /** 200: the identical submission was already stored (an earlier, unacknowledged attempt). */
  | 'repeat'
  /** 403 to a fresh-session token: an earlier session stored it; verified in the final check. */
  | 'other-session'
  /** Re-validating in the same session said "already completed" and returned the stored answers. */
  | 'revalidated-stored'
  /** Re-validating (fresh session) said "already completed" without the answers; verified at the end. */
  | 'already-completed';

export interface Participant {
  index: number;
  email: string;
  name: string;
  phone: string;
  /** The participant's own source address (127.10.x.y). */
  address: string;
  /** The name sent with the submission (differs from `name`: the submit transaction updates it). */
  submittedName: string;
  token: string | null;
  /** Shown after the consent: with the email, how another device continues for the participant. */
  resumeCode: string | null;
  /** Sessions used (a fresh re-validation without the old token starts another). */
  sessions: number;
  /** Re-validations after failed submissions (at most `maxRevalidations`). */
  revalidations: number;
  answers: Array<{ questionId: string; userAnswer: string }>;
  /** What the test expects the server to score. */
  expected: { correct: number; categories: Map<string, { correct: number; wrong: number }> };
  ack: null | { kind: AckKind; status?: number; submittedAt?: string };
  submitRequests: number;
  error: string | null;
  done: boolean;
}

/** Counters shared by every participant of a run (plain numbers: one event loop). */
export interface LoadStats {
  requests: number;
  /** Calls repeated after a network error, a 5xx or a 502 from the proxy. */
  retries: { validate: number; consent: number; questions: number; submit: number };
  networkErrors: number;
  serverErrors: Map<number, number>;
  revalidations: { sameSession: number; freshSession: number };
  rateLimited: number;
  /** Requests currently waiting for a reply, per step (sampled at kill moments). */
  inFlight: { validate: number; consent: number; questions: number; submit: number };
  /** Concurrent double submissions: [201+200 pairs, pairs where both said 201]. */
  doubles: { pairs: number; bothCreated: number };
}

export function newStats(): LoadStats {
  return {
    requests: 0,
    retries: { validate: 0, consent: 0, questions: 0, submit: 0 },
    networkErrors: 0,
    serverErrors: new Map(),
    revalidations: { sameSession: 0, freshSession: 0 },
    rateLimited: 0,
    inFlight: { validate: 0, consent: 0, questions: 0, submit: 0 },
    doubles: { pairs: 0, bothCreated: 0 },
  };
}

export interface LoadOptions {
  /** Where participants send requests (the server, or the proxy). */
  baseUrl: string;
  /** Known questions (with correct answers) keyed by id. */
  questions: Map<string, KnownQuestion>;
  stats: LoadStats;
  /** No call is retried after this moment (ms since epoch); unfinished participants fail. */
  deadline: number;
  /** Pause between a participant's steps, in ms. */
  thinkMs: [number, number];
  /** Chance that a failed submission re-validates before retrying, and the share of those that do so without the old token. */
  revalidateChance: number;
  freshSessionShare: number;
  /** Chance a participant sends its submission twice at once (to these base URLs, e.g. both processes). */
  doubleSubmitChance?: number;
  doubleSubmitTargets?: readonly string[];
}

/** Creates the participants of a run (the emails carry `runId`, so runs never share participants). */
export function makeParticipants(runId: string, count: number): Participant[] {
  return Array.from({ length: count }, (_, index) => ({
    index,
    email: `p${index}-${runId}@reliability.test`,
    name: `Participant ${index} ${runId}`,
    phone: `0300${String(1000000 + index)}`,
    address: `127.10.${Math.floor(index / 250) % 256}.${(index % 250) + 1}`,
    submittedName: `Participant ${index} ${runId} (submitted)`,
    token: null,
    resumeCode: null,
    sessions: 0,
    revalidations: 0,
    answers: [],
    expected: { correct: 0, categories: new Map() },
    ack: null,
    submitRequests: 0,
    error: null,
    done: false,
  }));
}

/** True when `echoed` holds exactly the answers sent (the server trims them). */
export function sameAnswers(
  sent: Participant['answers'],
  echoed: Array<{ questionId: string; userAnswer: string }>,
): boolean {
  if (echoed.length !== sent.length) return false;
  const byId = new Map(sent.map((answer) => [answer.questionId, answer.userAnswer.trim()]));
  return echoed.every((answer) => byId.get(answer.questionId) === answer.userAnswer);
}
