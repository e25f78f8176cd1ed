// Reliability harness: one simulated participant through the assessment over HTTP, retrying what
// was not acknowledged, re-validating on reload (continuing with the resume code when another
// browser of theirs started), and now and then sending a submission twice.

import { signaturePng } from '../../helpers/png';
import { sleep } from '../../helpers/server-process';
import { callApi, type Reply } from './http';
import { sameAnswers, type LoadOptions, type LoadStats, type Participant } from './participants';
import { between } from './settings';

class ParticipantFailure extends Error {}

/** A person reloads a few times, not endlessly (validateuser allows 10 per email in 15 minutes). */
const maxRevalidations = 3;

/** A short Retry-After is waited out; a long one means the test itself exceeded a limit: fail clearly. */
async function waitOutRateLimit(options: LoadOptions, retryAfter: number | null) {
  options.stats.rateLimited += 1;
  if ((retryAfter ?? 1) > 10) {
    throw new ParticipantFailure(
      `rate limited (429, Retry-After ${retryAfter} s): the simulated traffic exceeded a server limit`,
    );
  }
  await sleep((retryAfter ?? 1) * 1000);
}

function backoff(attempt: number): number {
  return Math.min(1500, 100 * 2 ** Math.min(attempt, 4)) * between(0.5, 1.2);
}

function retryable(reply: Reply): boolean {
  return reply.kind === 'network' || reply.status >= 500;
}

function countFailure(stats: LoadStats, reply: Reply) {
  if (reply.kind === 'network') stats.networkErrors += 1;
  else stats.serverErrors.set(reply.status, (stats.serverErrors.get(reply.status) ?? 0) + 1);
}

async function tracked(
  stats: LoadStats,
  step: keyof LoadStats['inFlight'],
  call: () => Promise<Reply>,
): Promise<Reply> {
  stats.requests += 1;
  stats.inFlight[step] += 1;
  try {
    return await call();
  } finally {
    stats.inFlight[step] -= 1;
  }
}

function checkDeadline(options: LoadOptions, what: string) {
  if (Date.now() > options.deadline) throw new ParticipantFailure(`deadline passed while ${what}`);
}

/**
 * `auth/validateuser` until it answers. With `holder` the old token goes along (the same browser:
 * the session continues); without it a new session starts. The first call sends every detail,
 * re-validations only the email (so they never change the name the submission stored).
 */
async function validate(p: Participant, options: LoadOptions, holder: string | null, first: boolean) {
  const body = first ? { email: p.email, name: p.name, phone: p.phone } : { email: p.email };
  for (let attempt = 0; ; attempt += 1) {
    checkDeadline(options, 'validating');
    const reply = await tracked(options.stats, 'validate', () =>
      callApi(options.baseUrl, 'POST', '/api/auth/validateuser', { body, token: holder ?? undefined, from: p.address }),
    );
    if (reply.kind === 'reply' && reply.status === 200) {
      p.token = reply.body.token;
      if (!holder) p.sessions += 1;
      return reply.body as { status: boolean; response: Array<{ questionId: string; userAnswer: string }> };
    }
    if (reply.kind === 'reply' && reply.status === 429) {
      await waitOutRateLimit(options, reply.retryAfter);
      continue;
    }
    if (reply.kind === 'reply' && reply.status === 409 && reply.body?.error === 'started_elsewhere' && !holder) {
      // Another browser of theirs started: a person continues there with the email and resume code.
      await resume(p, options);
      return { status: false, response: [] };
    }
    if (!retryable(reply)) throw new ParticipantFailure(`validateuser answered ${JSON.stringify(reply)}`);
    countFailure(options.stats, reply);
    options.stats.retries.validate += 1;
    await sleep(backoff(attempt));
  }
}

/** One step called until it answers one of `done`; 429s waited out, network errors and 5xx retried. */
async function until(
  p: Participant,
  options: LoadOptions,
  step: 'validate' | 'consent',
  what: string,
  call: () => Promise<Reply>,
  done: readonly number[],
): Promise<Extract<Reply, { kind: 'reply' }>> {
  for (let attempt = 0; ; attempt += 1) {
    checkDeadline(options, what);
    const reply = await tracked(options.stats, step, call);
    if (reply.kind === 'reply' && done.includes(reply.status)) return reply;
    if (reply.kind === 'reply' && reply.status === 429) {
      await waitOutRateLimit(options, reply.retryAfter);
      continue;
    }
    if (!retryable(reply)) throw new ParticipantFailure(`${what} answered ${JSON.stringify(reply)}`);
    countFailure(options.stats, reply);
    options.stats.retries[step] += 1;
    await sleep(backoff(attempt));
  }
}

/**
 * The consent, until it is stored (201, or 409: an earlier attempt stored it unacknowledged), then
 * the resume code the quiz screen shows, from the progress.
 */
async function signConsent(p: Participant, options: LoadOptions) {
  const token = p.token ?? undefined;
  await until(
    p,
    options,
    'consent',
    'signing the consent',
    () =>
      callApi(options.baseUrl, 'POST', '/api/useragreement/add', {
        token,
        from: p.address,
        body: { imageBase64: signaturePng, date: '2026-01-15' },
      }),
    [201, 409],
  );
  const progress = await until(
    p,
    options,
    'consent',
    'reading the progress',
    () => callApi(options.baseUrl, 'GET', '/api/user/progress', { token, from: p.address }),
    [200],
  );
  p.resumeCode = progress.body.resumeCode;
}

/** `auth/resume` with the email and resume code: a token of the session that holds the participant. */
async function resume(p: Participant, options: LoadOptions) {
  if (!p.resumeCode) throw new ParticipantFailure('started elsewhere before its resume code was shown');
  const reply = await until(
    p,
    options,
    'validate',
    'resuming',
    () =>
      callApi(options.baseUrl, 'POST', '/api/auth/resume', {
        body: { email: p.email, code: p.resumeCode },
        from: p.address,
      }),
    [200],
  );
  p.token = reply.body.token;
}

async function fetchQuestions(p: Participant, options: LoadOptions) {
  for (let attempt = 0; ; attempt += 1) {
    checkDeadline(options, 'fetching questions');
    const reply = await tracked(options.stats, 'questions', () =>
      callApi(options.baseUrl, 'GET', '/api/user/getquestion', { token: p.token ?? undefined, from: p.address }),
    );
    if (reply.kind === 'reply' && reply.status === 200) return reply.body.questions as Array<any>;
    if (reply.kind === 'reply' && reply.status === 401) {
      // Tokens are stateless and the secret is fixed: a restart must not sign anyone out.
      throw new ParticipantFailure(`getquestion refused the token after a restart: ${reply.text}`);
    }
    if (!retryable(reply)) throw new ParticipantFailure(`getquestion answered ${JSON.stringify(reply)}`);
    countFailure(options.stats, reply);
    options.stats.retries.questions += 1;
    await sleep(backoff(attempt));
  }
}

/** Right or wrong at random; right answers sometimes in another case or padded (still right). */
function chooseAnswers(p: Participant, served: Array<any>, options: LoadOptions) {
  if (served.length !== options.questions.size) {
    throw new ParticipantFailure(
      `getquestion served ${served.length} questions, the bank has ${options.questions.size}`,
    );
  }
  for (const question of served) {
    const known = options.questions.get(question._id);
    if (!known) throw new ParticipantFailure(`getquestion served an unknown question ${question._id}`);
    if ('correctAnswer' in question) throw new ParticipantFailure('getquestion leaked the correct answer');
    const right = Math.random() < 0.6;
    let userAnswer: string;
    if (right) {
      const shape = Math.random();
      userAnswer =
        shape < 0.2
          ? known.correctAnswer.toUpperCase()
          : shape < 0.3
            ? `  ${known.correctAnswer} `
            : known.correctAnswer;
    } else {
      const others = known.options.filter(
        (option) => option.trim().toLowerCase() !== known.correctAnswer.trim().toLowerCase(),
      );
      userAnswer =
        others.length > 0
          ? (others[Math.floor(Math.random() * others.length)] as string)
          : `not ${known.correctAnswer}`;
    }
    p.answers.push({ questionId: known.id, userAnswer });
    if (right) p.expected.correct += 1;
    const figure = p.expected.categories.get(known.categoryName) ?? { correct: 0, wrong: 0 };
    if (right) figure.correct += 1;
    else figure.wrong += 1;
    p.expected.categories.set(known.categoryName, figure);
  }
}

async function submitOnce(p: Participant, options: LoadOptions, baseUrl: string): Promise<Reply> {
  p.submitRequests += 1;
  return tracked(options.stats, 'submit', () =>
    callApi(baseUrl, 'POST', '/api/user/submitanswer', {
      token: p.token ?? undefined,
      from: p.address,
      body: { name: p.submittedName, email: p.email, contactno: p.phone, answers: p.answers },
    }),
  );
}

/** Interprets a reply to submitanswer: true when it acknowledged the submission. */
function acknowledged(p: Participant, reply: Reply): boolean {
  if (reply.kind !== 'reply') return false;
  if (reply.status === 200 || reply.status === 201) {
    if (!sameAnswers(p.answers, reply.body.questions)) {
      throw new ParticipantFailure(`submitanswer ${reply.status} echoed other answers: ${reply.text}`);
    }
    if (reply.status === 201 || !p.ack) {
      p.ack = {
        kind: reply.status === 201 ? 'created' : 'repeat',
        status: reply.status,
        submittedAt: reply.body.submittedAt,
      };
    }
    return true;
  }
  if (reply.status === 403 && p.sessions > 1) {
    // Another session of ours stored it first: the server's privacy rule, not a loss.
    p.ack = { kind: 'other-session', status: 403 };
    return true;
  }
  if (reply.status === 403 || reply.status === 409 || reply.status === 400) {
    throw new ParticipantFailure(`submitanswer answered ${reply.status}: ${reply.text}`);
  }
  return false;
}

async function submitUntilAcknowledged(p: Participant, options: LoadOptions) {
  const targets = options.doubleSubmitTargets ?? [];
  if (targets.length >= 2 && Math.random() < (options.doubleSubmitChance ?? 0)) {
    // The same submission twice at the same moment, to two processes: one stores it, one repeats it.
    const replies = await Promise.all(targets.slice(0, 2).map((target) => submitOnce(p, options, target)));
    const statuses = replies.map((reply) => (reply.kind === 'reply' ? reply.status : 0));
    if (statuses.every((status) => status === 200 || status === 201)) {
      options.stats.doubles.pairs += 1;
      if (statuses.every((status) => status === 201)) options.stats.doubles.bothCreated += 1;
      const times = replies.map((reply) => (reply.kind === 'reply' ? reply.body.submittedAt : null));
      if (times[0] !== times[1])
        throw new ParticipantFailure(`double submission answered two submissions: ${times.join(' vs ')}`);
    }
    const done = replies.map((reply) => acknowledged(p, reply));
    if (done.some(Boolean)) return;
  }
  for (let attempt = 0; ; attempt += 1) {
    checkDeadline(options, 'submitting');
    const reply = await submitOnce(p, options, options.baseUrl);
    if (acknowledged(p, reply)) return;
    if (reply.kind === 'reply' && reply.status === 429) {
      await waitOutRateLimit(options, reply.retryAfter);
      continue;
    }
    if (reply.kind === 'reply' && reply.status === 401) {
      throw new ParticipantFailure(`submitanswer refused the token: ${reply.text}`);
    }
    if (!retryable(reply)) throw new ParticipantFailure(`submitanswer answered ${JSON.stringify(reply)}`);
    countFailure(options.stats, reply);
    options.stats.retries.submit += 1;
    await sleep(backoff(attempt));
    if (p.revalidations < maxRevalidations && Math.random() < options.revalidateChance) {
      p.revalidations += 1;
      // The participant reloads the page: the same browser (old token sent) or another one.
      const fresh = Math.random() < options.freshSessionShare;
      if (fresh) options.stats.revalidations.freshSession += 1;
      else options.stats.revalidations.sameSession += 1;
      const again = await validate(p, options, fresh ? null : p.token, false);
      if (again.status) {
        if (again.response.length > 0) {
          if (!sameAnswers(p.answers, again.response)) {
            throw new ParticipantFailure(
              `validateuser returned other stored answers: ${JSON.stringify(again.response)}`,
            );
          }
          p.ack = { kind: 'revalidated-stored' };
        } else {
          p.ack = { kind: 'already-completed' };
        }
        return;
      }
    }
  }
}

/** One participant: enter details, sign the consent, fetch the questions, answer them, submit until acknowledged. */
export async function runParticipant(p: Participant, options: LoadOptions, startGate: () => Promise<void>) {
  try {
    await startGate();
    const first = await validate(p, options, null, true);
    if (first.status)
      throw new ParticipantFailure('a new participant was told it had already completed the assessment');
    await signConsent(p, options);
    await sleep(between(...options.thinkMs));
    chooseAnswers(p, await fetchQuestions(p, options), options);
    await sleep(between(...options.thinkMs));
    await submitUntilAcknowledged(p, options);
  } catch (error) {
    p.error = error instanceof Error ? error.message : String(error);
  } finally {
    p.done = true;
  }
}
