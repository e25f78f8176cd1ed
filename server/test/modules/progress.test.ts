// A participant's progress lives on the server (docs/participation.md): every answer is saved as it
// is given (`POST user/answer`) and read back on load (`GET user/progress`).
import type { FastifyInstance } from 'fastify';
import {
  progressResponseSchema,
  saveAnswerResponseSchema,
  type SaveAnswerResponse,
} from '@prometrica/shared-api/contract';
import { sqliteWriteThread } from '../../src/db/sqlite/sqlite';
import { consentRequiredMessage } from '../../src/modules/agreements/service';
import { startedElsewhereMessage } from '../../src/modules/participants/service';
import { maxTimeMs } from '../../src/modules/progress/repository';
import { answersAfter, SaveBudget, sinceOverlapMs, tooManySavesMessage } from '../../src/modules/progress/service';
import { questionSet } from '../../src/modules/questions/question-set';
import { answersFor, call, currentQuestions, freeTextQuestionsOnly, newParticipant, signConsent } from '../helpers/api';
import { appForTests, postgresUrl } from '../helpers/build';

const subject = appForTests({ signIn: 'admin' });
// These tests are about how saves are kept, and answer with any text; which answers a multiple-choice
// or true/false question accepts is tested in answer-options.test.ts.
beforeAll(() => freeTextQuestionsOnly(subject.app));

const currentVersion = async (app: FastifyInstance = subject.app) => (await questionSet(app).latest()).version;
const save = (token: string, payload: unknown, app: FastifyInstance = subject.app) =>
  call(app, 'POST', '/api/user/answer', { token, payload });
const progressOf = (token: string) => call(subject.app, 'GET', '/api/user/progress', { token });
const storedAnswers = (participantId: string) =>
  subject.app.db
    .selectFrom('progress_answers')
    .select(['question_id', 'user_answer', 'time_ms'])
    .where('participant_id', '=', participantId)
    .orderBy('question_id')
    .execute();
/** A token of the same browser session as `token` (a second tab of the same browser). */
const sameSession = (token: string) => {
  const claims = subject.app.tokens.verify(token);
  if (!claims.ok) throw new Error('not a valid token');
  return subject.app.tokens.issueParticipantToken(claims.claims.sub, claims.claims.sid);
};
/** A token for the participant of another browser session (as typing their email elsewhere gave before). */
const otherSession = (participantId: string) => subject.app.tokens.issueParticipantToken(participantId);

describe('POST /api/user/answer', () => {
  it('saves an answer and replies with every saved answer; the last save of a question wins and the times add up', async () => {
    const participant = await newParticipant(subject.app);
    const [first, second] = await currentQuestions(subject.app);
    const questionSetVersion = await currentVersion();
    const one = await save(participant.token, {
      questionId: first!.id,
      userAnswer: 'First try',
      questionSetVersion,
      timeMs: 4000,
    });
    expect(one.statusCode).toBe(200);
    const body = saveAnswerResponseSchema.strict().parse(one.json());
    expect(body.answers).toEqual([
      { questionId: first!.id, userAnswer: 'First try', answeredAt: expect.any(String), timeMs: 4000 },
    ]);
    expect(Date.parse(body.savedAt)).toBeGreaterThanOrEqual(Date.parse(body.answers[0]!.answeredAt));

    await save(participant.token, { questionId: second!.id, userAnswer: 'Other', questionSetVersion });
    const again = await save(participant.token, {
      questionId: first!.id,
      userAnswer: 'Second thought',
      questionSetVersion,
      timeMs: 1500,
    });
    expect(again.statusCode).toBe(200);
    const after = again.json<SaveAnswerResponse>().answers;
    expect(after).toHaveLength(2);
    expect(after.find((answer) => answer.questionId === first!.id)).toMatchObject({
      userAnswer: 'Second thought',
      timeMs: 5500,
    });
    // timeMs defaults to 0.
    expect(after.find((answer) => answer.questionId === second!.id)).toMatchObject({ userAnswer: 'Other', timeMs: 0 });
    expect(await storedAnswers(participant.id)).toHaveLength(2);
  });

  it('refuses answers before the consent with 403 consent_required, and stores nothing', async () => {
    const participant = await newParticipant(subject.app, { consent: false });
    const [question] = await currentQuestions(subject.app);
    const response = await save(participant.token, {
      questionId: question!.id,
      userAnswer: 'x',
      questionSetVersion: await currentVersion(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: consentRequiredMessage, error: 'consent_required' });
    expect(consentRequiredMessage).toBe('Please sign the consent form before answering.');
    expect(await storedAnswers(participant.id)).toEqual([]);
  });

  it('refuses another session (403), another question set version (409), a question not in it (400) and answers after submission (409)', async () => {
    const participant = await newParticipant(subject.app);
    const [question] = await currentQuestions(subject.app);
    const questionSetVersion = await currentVersion();
    const answer = { questionId: question!.id, userAnswer: 'x', questionSetVersion };

    const elsewhere = await save(otherSession(participant.id), answer);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toEqual({ message: startedElsewhereMessage });

    for (const version of [questionSetVersion + 1, 999]) {
      const wrong = await save(participant.token, { ...answer, questionSetVersion: version });
      expect(wrong.statusCode).toBe(409);
      expect(wrong.json()).toEqual({
        message: `questionSetVersion: your questions are version ${questionSetVersion}, not ${version}; load your progress again`,
        error: 'questionSetVersion',
      });
    }

    const unknown = await save(participant.token, { ...answer, questionId: 'not-a-question' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      message: `questionId: question "not-a-question" is not in question set version ${questionSetVersion}`,
      error: 'questionId',
    });
    expect(await storedAnswers(participant.id)).toEqual([]);

    const answers = await answersFor(subject.app);
    const submitted = await call(subject.app, 'POST', '/api/user/submitanswer', {
      token: participant.token,
      payload: { answers, questionSetVersion },
    });
    expect(submitted.statusCode).toBe(201);
    const late = await save(participant.token, answer);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: 'You have already submitted your answers' });
    expect(await storedAnswers(participant.id)).toEqual([]);
  });

  it('answers 401 for a participant who is gone', async () => {
    const participant = await newParticipant(subject.app);
    const [question] = await currentQuestions(subject.app);
    await subject.app.db.deleteFrom('participants').where('id', '=', participant.id).execute();
    const response = await save(participant.token, {
      questionId: question!.id,
      userAnswer: 'x',
      questionSetVersion: await currentVersion(),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid token' });
  });

  it('refuses bad input with 400, naming the field', async () => {
    const participant = await newParticipant(subject.app);
    const [question] = await currentQuestions(subject.app);
    const good = { questionId: question!.id, userAnswer: 'x', questionSetVersion: await currentVersion() };
    const cases: Array<[unknown, string]> = [
      [{ ...good, questionId: undefined }, 'questionId'],
      [{ ...good, questionId: '' }, 'questionId'],
      [{ ...good, userAnswer: undefined }, 'userAnswer'],
      [{ ...good, userAnswer: 'x'.repeat(501) }, 'userAnswer'],
      [{ ...good, questionSetVersion: undefined }, 'questionSetVersion'],
      [{ ...good, questionSetVersion: 0 }, 'questionSetVersion'],
      [{ ...good, questionSetVersion: '1' }, 'questionSetVersion'],
      [{ ...good, timeMs: -1 }, 'timeMs'],
      [{ ...good, timeMs: 3_600_001 }, 'timeMs'],
      [{ ...good, timeMs: 1.5 }, 'timeMs'],
    ];
    for (const [payload, field] of cases) {
      const response = await save(participant.token, payload);
      expect({ field, status: response.statusCode, error: response.json().error }).toEqual({
        field,
        status: 400,
        error: field,
      });
    }
    expect(await storedAnswers(participant.id)).toEqual([]);
  });

  it('keeps every answer of two tabs of one session saving in turn, the last save of each question winning', async () => {
    const participant = await newParticipant(subject.app);
    const tabs = [participant.token, sameSession(participant.token)];
    const questions = (await currentQuestions(subject.app)).slice(0, 6);
    const questionSetVersion = await currentVersion();
    let last: SaveAnswerResponse | undefined;
    for (const [index, question] of questions.entries()) {
      const response = await save(tabs[index % 2]!, {
        questionId: question.id,
        userAnswer: `tab ${index % 2}`,
        questionSetVersion,
      });
      expect(response.statusCode).toBe(200);
      last = response.json<SaveAnswerResponse>();
      // Each tab learns the other's answers from its own save.
      expect(last.answers).toHaveLength(index + 1);
    }
    // Both tabs answer the first question again, the second tab last.
    await save(tabs[0]!, { questionId: questions[0]!.id, userAnswer: 'changed by tab 0', questionSetVersion });
    await save(tabs[1]!, { questionId: questions[0]!.id, userAnswer: 'changed by tab 1', questionSetVersion });
    const stored = await storedAnswers(participant.id);
    expect(stored).toHaveLength(6);
    expect(stored.find((row) => row.question_id === questions[0]!.id)?.user_answer).toBe('changed by tab 1');
    const progress = progressResponseSchema.parse((await progressOf(tabs[0]!)).json());
    expect(progress.answers).toHaveLength(6);
  });

  it('with since, replies with the answers saved since (by any tab), looking back sinceOverlapMs; without, with every one', async () => {
    const participant = await newParticipant(subject.app);
    const tabs = [participant.token, sameSession(participant.token)];
    const [q1, q2, q3, q4] = await currentQuestions(subject.app);
    const questionSetVersion = await currentVersion();
    const saveIn = async (tab: number, questionId: string, userAnswer: string, since?: string) => {
      const response = await save(tabs[tab]!, { questionId, userAnswer, questionSetVersion, since });
      expect(response.statusCode).toBe(200);
      return saveAnswerResponseSchema.strict().parse(response.json());
    };
    const first = await saveIn(0, q1!.id, 'one');
    await saveIn(0, q2!.id, 'two');
    // Both were saved long ago, as far as the next replies are concerned.
    await subject.app.db
      .updateTable('progress_answers')
      .set({ answered_at: '2020-01-01T00:00:00.000Z' })
      .where('participant_id', '=', participant.id)
      .execute();
    // Tab 1 saves with a since after them: only its own answer comes back.
    const mine = await saveIn(1, q3!.id, 'three', first.savedAt);
    expect(mine.answers.map((answer) => [answer.questionId, answer.userAnswer])).toEqual([[q3!.id, 'three']]);
    expect(Date.parse(mine.savedAt)).toBeGreaterThanOrEqual(Date.parse(mine.answers[0]!.answeredAt));
    // Tab 0 answers again; tab 1's next save (since its last reply) lists it: the tabs converge.
    // (Tab 1's own last answer, saved within sinceOverlapMs before that reply, is listed again.)
    await saveIn(0, q1!.id, 'one again', first.savedAt);
    const next = await saveIn(1, q4!.id, 'four', mine.savedAt);
    expect(Object.fromEntries(next.answers.map((answer) => [answer.questionId, answer.userAnswer]))).toEqual({
      [q1!.id]: 'one again',
      [q3!.id]: 'three',
      [q4!.id]: 'four',
    });
    // Without since, every answer, as before.
    const all = await saveIn(0, q4!.id, 'four again');
    expect(all.answers.map((answer) => answer.questionId).sort()).toEqual([q1!.id, q2!.id, q3!.id, q4!.id].sort());

    // An answer saved within sinceOverlapMs before since is listed (it may have been written after
    // the reply that gave since was read); one saved before that is not.
    await subject.app.db
      .updateTable('progress_answers')
      .set({ answered_at: '2030-01-01T00:00:00.000Z' })
      .where('participant_id', '=', participant.id)
      .where('question_id', '=', q2!.id)
      .execute();
    await subject.app.db
      .updateTable('progress_answers')
      .set({ answered_at: new Date(Date.parse('2030-01-01T00:00:00.000Z') - 5000).toISOString() })
      .where('participant_id', '=', participant.id)
      .where('question_id', '=', q3!.id)
      .execute();
    const since = new Date(Date.parse('2030-01-01T00:00:00.000Z') + sinceOverlapMs - 1).toISOString();
    const overlap = await saveIn(1, q1!.id, 'one, third time', since);
    // The save itself is stamped now, before 2030: only the answer inside the overlap is listed.
    expect(overlap.answers.map((answer) => answer.questionId)).toEqual([q2!.id]);
  });

  it('answers each of saves that arrive together by its own since, a repeat of a question by the same tab included', async () => {
    const participant = await newParticipant(subject.app);
    const questions = (await currentQuestions(subject.app)).slice(0, 5);
    const questionSetVersion = await currentVersion();
    for (const question of questions.slice(0, 2)) {
      await save(participant.token, { questionId: question.id, userAnswer: 'before', questionSetVersion });
    }
    await subject.app.db
      .updateTable('progress_answers')
      .set({ answered_at: '2020-01-01T00:00:00.000Z' })
      .where('participant_id', '=', participant.id)
      .execute();
    const recent = new Date(Date.now() - 60_000).toISOString();
    const sent = [
      { questionId: questions[2]!.id, since: recent },
      { questionId: questions[3]!.id },
      { questionId: questions[4]!.id, since: recent },
      { questionId: questions[4]!.id, since: '2019-06-01T00:00:00.000Z' },
    ];
    const replies = await Promise.all(
      sent.map(async ({ questionId, since }) => {
        const response = await save(participant.token, { questionId, userAnswer: 'now', questionSetVersion, since });
        expect(response.statusCode).toBe(200);
        return new Set(response.json<SaveAnswerResponse>().answers.map((answer) => answer.questionId));
      }),
    );
    const old = questions.slice(0, 2).map((question) => question.id);
    // Each reply lists its own save; those since a recent time none of the old answers, the others all of them.
    replies.forEach((listed, index) => expect(listed.has(sent[index]!.questionId)).toBe(true));
    expect(old.some((id) => replies[0]!.has(id) || replies[2]!.has(id))).toBe(false);
    expect(old.every((id) => replies[1]!.has(id) && replies[3]!.has(id))).toBe(true);
  });

  it('looks back sinceOverlapMs from since, and with an unreadable result back to every answer', () => {
    expect(answersAfter(undefined)).toBe('');
    expect(answersAfter('2026-03-02T10:00:01.500Z')).toBe(
      new Date(Date.parse('2026-03-02T10:00:01.500Z') - sinceOverlapMs).toISOString(),
    );
    // The earliest time there is: looking back from it leaves the range of dates.
    expect(answersAfter(new Date(-8.64e15).toISOString())).toBe('');
  });

  it('refuses a since that is not a time with 400 naming it, and stores nothing', async () => {
    const participant = await newParticipant(subject.app);
    const [question] = await currentQuestions(subject.app);
    const good = { questionId: question!.id, userAnswer: 'x', questionSetVersion: await currentVersion() };
    for (const since of ['yesterday', 5, '', 'x'.repeat(41), '2026-03-02T10:00:00.000Z\u0000']) {
      const response = await save(participant.token, { ...good, since });
      expect({ since, status: response.statusCode, error: response.json().error }).toEqual({
        since,
        status: 400,
        error: 'since',
      });
    }
    expect(await storedAnswers(participant.id)).toEqual([]);
  });

  it('writes saves that arrive together in shared transactions, each acknowledged with its own state', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, () => newParticipant(subject.app)));
    const questions = (await currentQuestions(subject.app)).slice(0, 5);
    const questionSetVersion = await currentVersion();
    const thread = postgresUrl ? undefined : sqliteWriteThread(subject.app.db);
    const transactions = thread ? jest.spyOn(thread, 'transaction') : undefined;
    try {
      // Each participant saves five questions at once, and the first one three times more.
      const saves = people.flatMap((person) => [
        ...questions.map((question) => ({ person, question, answer: `answer to ${question.id}` })),
        ...[1, 2, 3].map((n) => ({ person, question: questions[0]!, answer: `again ${n}` })),
      ]);
      const responses = await Promise.all(
        saves.map(({ person, question, answer }) =>
          save(person.token, { questionId: question.id, userAnswer: answer, questionSetVersion, timeMs: 1000 }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(saves.map(() => 200));
      if (transactions) expect(transactions.mock.calls.length).toBeLessThan(saves.length / 4);
      for (const person of people) {
        const stored = await storedAnswers(person.id);
        expect(stored).toHaveLength(5);
        const repeated = stored.find((row) => row.question_id === questions[0]!.id)!;
        // Every save of it counted its time; one of its saves is the last.
        expect(Number(repeated.time_ms)).toBe(4000);
        expect(['answer to', 'again 1', 'again 2', 'again 3'].some((a) => repeated.user_answer.startsWith(a))).toBe(
          true,
        );
      }
    } finally {
      transactions?.mockRestore();
    }
  });

  it('stops adding up the time of a question at the largest integer both engines store', async () => {
    const participant = await newParticipant(subject.app);
    const [question] = await currentQuestions(subject.app);
    const questionSetVersion = await currentVersion();
    const answer = { questionId: question!.id, userAnswer: 'x', questionSetVersion, timeMs: 3_600_000 };
    expect((await save(participant.token, answer)).statusCode).toBe(200);
    await subject.app.db
      .updateTable('progress_answers')
      .set({ time_ms: maxTimeMs - 10 })
      .where('participant_id', '=', participant.id)
      .execute();
    const response = await save(participant.token, answer);
    expect(response.statusCode).toBe(200);
    expect(response.json<SaveAnswerResponse>().answers[0]!.timeMs).toBe(maxTimeMs);
  });
});

describe('GET /api/user/progress', () => {
  it('follows the participant from details to concerns, for the session that holds them', async () => {
    const participant = await newParticipant(subject.app, { name: 'Progress Person', consent: false });
    const read = async (token = participant.token) => {
      const response = await progressOf(token);
      expect(response.statusCode).toBe(200);
      return progressResponseSchema.strict().parse(response.json());
    };
    // Before anyone holds them, any token of theirs reads their (empty) progress.
    const fresh = await read();
    expect(fresh).toEqual({
      participant: { name: 'Progress Person', email: participant.email, phone: participant.phone },
      resumeCode: expect.any(String),
      stage: 'entered',
      consent: null,
      questionSetVersion: await currentVersion(),
      answers: [],
      submittedAt: null,
      concernsSubmittedAt: null,
    });
    expect((await progressOf(otherSession(participant.id))).statusCode).toBe(200);

    const consent = await signConsent(subject.app, participant.token);
    const consented = await read();
    expect(consented).toMatchObject({
      stage: 'consented',
      consent: { signedAt: consent.json().agreement.createdAt, textVersion: '2026-11-25' },
    });
    const elsewhere = await progressOf(otherSession(participant.id));
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toEqual({ message: startedElsewhereMessage });

    const answers = await answersFor(subject.app);
    const questionSetVersion = consented.questionSetVersion;
    await save(participant.token, { ...answers[0]!, questionSetVersion, timeMs: 2500 });
    const answering = await read();
    expect(answering.stage).toBe('answering');
    expect(answering.answers).toEqual([{ ...answers[0]!, answeredAt: expect.any(String), timeMs: 2500 }]);

    const submitted = await call(subject.app, 'POST', '/api/user/submitanswer', {
      token: participant.token,
      payload: { answers, questionSetVersion },
    });
    expect(submitted.statusCode).toBe(201);
    expect(await read()).toMatchObject({ stage: 'submitted', submittedAt: submitted.json().submittedAt });

    const concerns = (
      await call(subject.app, 'GET', '/api/complaint-bother/get-all', { token: participant.token })
    ).json().complaints as Array<{ _id: string }>;
    const rated = await call(subject.app, 'POST', '/api/complaint-bother/add-complaint', {
      token: participant.token,
      payload: [{ complaintId: concerns[0]!._id, botherOptions: ['A little'] }],
    });
    expect(rated.statusCode).toBe(201);
    expect(await read()).toMatchObject({ stage: 'concerns-done', concernsSubmittedAt: expect.any(String) });
  });

  it('answers 401 for a participant who is gone, and without a participant token', async () => {
    const participant = await newParticipant(subject.app);
    await subject.app.db.deleteFrom('participants').where('id', '=', participant.id).execute();
    expect((await progressOf(participant.token)).statusCode).toBe(401);
    expect((await call(subject.app, 'GET', '/api/user/progress')).statusCode).toBe(401);
    expect((await progressOf(subject.token)).statusCode).toBe(401);
  });
});

describe('the address bound on answer saves', () => {
  const limited = appForTests({ env: { ANSWER_SAVES_PER_MINUTE: '3' } });
  beforeAll(() => freeTextQuestionsOnly(limited.app));

  it('refuses the saves of an address beyond its share a minute with 429 and Retry-After; other addresses go on', async () => {
    const participant = await newParticipant(limited.app);
    const [question] = await currentQuestions(limited.app);
    const questionSetVersion = await currentVersion(limited.app);
    const from = (remoteAddress: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/user/answer',
        remoteAddress,
        headers: { authorization: `Bearer ${participant.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ questionId: question!.id, userAnswer: 'x', questionSetVersion }),
      });
    for (let i = 0; i < 3; i++) expect((await from('192.0.2.7')).statusCode).toBe(200);
    const refused = await from('192.0.2.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: tooManySavesMessage });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await from('192.0.2.8')).statusCode).toBe(200);
  });

  it('counts in windows of a minute, and forgets the addresses of ended windows', () => {
    let clock = 0;
    const budget = new SaveBudget(2, () => clock);
    budget.take('192.0.2.1');
    budget.take('192.0.2.1');
    expect(() => budget.take('192.0.2.1')).toThrow(tooManySavesMessage);
    // One /64 is one client: its addresses share a count.
    budget.take('2001:db8::1');
    budget.take('2001:db8::2');
    expect(() => budget.take('2001:db8::3')).toThrow(tooManySavesMessage);
    clock = 59_999;
    expect(() => budget.take('192.0.2.1')).toThrow(tooManySavesMessage);
    clock = 60_000;
    expect(() => budget.take('192.0.2.1')).not.toThrow();
    expect(budget.tracked()).toBe(1);
  });
});
