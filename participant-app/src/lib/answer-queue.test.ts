import { waitFor } from '@testing-library/react';
import { mockApi } from '@prometrica/shared-api/testing';
import { answerQueue, answersWithLocal } from './answer-queue';

const savedReply = (answers: { questionId: string; userAnswer: string }[]) => ({
  body: {
    savedAt: '2026-03-02T10:00:00.000Z',
    answers: answers.map((a) => ({ ...a, answeredAt: '2026-03-02T10:00:00.000Z', timeMs: 1000 })),
  },
});
const stored = () => JSON.parse(localStorage.getItem('pendingAnswers') ?? '[]') as { questionId: string }[];
const save = (questionId: string, userAnswer: string, timeMs = 1000) =>
  answerQueue.enqueue({ questionId, userAnswer, questionSetVersion: 3, timeMs });

afterEach(() => answerQueue.clear());

test('a save is sent with its question set version and time, and the queue empties', async () => {
  const { calls } = mockApi({ 'POST user/answer': savedReply([{ questionId: 'q1', userAnswer: 'true' }]) });
  const saved = jest.fn();
  const stop = answerQueue.onSaved(saved);
  save('q1', 'true', 4200);
  expect(stored()).toHaveLength(1);
  await waitFor(() => expect(answerQueue.getSnapshot().state).toBe('saved'));
  expect(calls[0]?.body).toEqual({ questionId: 'q1', userAnswer: 'true', questionSetVersion: 3, timeMs: 4200 });
  expect(stored()).toEqual([]);
  expect(saved).toHaveBeenCalledWith(
    [expect.objectContaining({ questionId: 'q1', userAnswer: 'true' })],
    expect.objectContaining({ questionId: 'q1', userAnswer: 'true', timeMs: 4200 }),
  );
  stop();
});

test('two unsent answers to one question become one save: the last answer, with both times', async () => {
  let online = false;
  const { calls } = mockApi({
    'POST user/answer': () => (online ? savedReply([]) : { networkError: true }),
  });
  save('q1', 'true', 1000);
  await waitFor(() => expect(answerQueue.getSnapshot().state).toBe('offline'));
  save('q1', 'false', 500);
  save('q2', 'Paris', 700);
  expect(stored()).toEqual([
    expect.objectContaining({ questionId: 'q1', userAnswer: 'false', timeMs: 1500 }),
    expect.objectContaining({ questionId: 'q2', userAnswer: 'Paris', timeMs: 700 }),
  ]);
  online = true;
  window.dispatchEvent(new Event('online'));
  await waitFor(() => expect(answerQueue.getSnapshot().state).toBe('saved'));
  const sent = calls.filter((c) => c.method === 'POST').slice(-2);
  expect(sent.map((c) => c.body)).toEqual([
    { questionId: 'q1', userAnswer: 'false', questionSetVersion: 3, timeMs: 1500 },
    // Since the reply before: the server lists only the answers saved since.
    { questionId: 'q2', userAnswer: 'Paris', questionSetVersion: 3, timeMs: 700, since: '2026-03-02T10:00:00.000Z' },
  ]);
});

test('each save after the first asks only for the answers saved since the reply before; forgetSince and clear ask for every one again', async () => {
  let n = 0;
  const { calls } = mockApi({
    'POST user/answer': () => ({ body: { savedAt: `2026-03-02T10:00:0${++n}.000Z`, answers: [] } }),
  });
  const sinceOf = () => (calls.filter((c) => c.method === 'POST').at(-1)?.body as { since?: string }).since;
  const sent = async (questionId: string) => {
    save(questionId, 'x');
    await waitFor(() => expect(answerQueue.getSnapshot().state).toBe('saved'));
  };
  await sent('q1');
  expect(sinceOf()).toBeUndefined();
  await sent('q2');
  expect(sinceOf()).toBe('2026-03-02T10:00:01.000Z');
  await sent('q3');
  expect(sinceOf()).toBe('2026-03-02T10:00:02.000Z');
  answerQueue.forgetSince();
  await sent('q4');
  expect(sinceOf()).toBeUndefined();
  await sent('q5');
  expect(sinceOf()).toBe('2026-03-02T10:00:04.000Z');
  answerQueue.clear();
  await sent('q6');
  expect(sinceOf()).toBeUndefined();
});

test('a reply to a save sent before forgetSince leaves the next save asking for every answer', async () => {
  let reply: (value: ReturnType<typeof savedReply>) => void = () => {};
  const { calls } = mockApi({
    'POST user/answer': () => new Promise((resolve) => (reply = resolve)),
  });
  save('q1', 'x');
  await waitFor(() => expect(calls).toHaveLength(1));
  answerQueue.forgetSince();
  reply(savedReply([]));
  await waitFor(() => expect(answerQueue.getSnapshot().state).toBe('saved'));
  save('q2', 'x');
  await waitFor(() => expect(calls).toHaveLength(2));
  expect((calls[1]!.body as { since?: string }).since).toBeUndefined();
  reply(savedReply([]));
  await waitFor(() => expect(answerQueue.getSnapshot().state).toBe('saved'));
});

test('a refusal to wait (429) retries, saying how long the server asked to wait', async () => {
  let refuse = true;
  mockApi({
    'POST user/answer': () =>
      refuse ? { status: 429, body: { message: 'Too many' }, headers: { 'Retry-After': '20' } } : savedReply([]),
  });
  save('q1', 'true');
  await waitFor(() => expect(answerQueue.getSnapshot().state).toBe('retrying'));
  expect(answerQueue.getSnapshot().detail).toBe('Too many attempts. Please wait 20 seconds and try again.');
  expect(stored()).toHaveLength(1);
  refuse = false;
  answerQueue.kick();
  await waitFor(() => expect(answerQueue.getSnapshot().state).toBe('saved'));
  expect(answerQueue.getSnapshot().detail).toBeUndefined();
});

test('a save refused for want of consent stops the queue, keeping the answers, until it is resumed', async () => {
  let consented = false;
  const { calls } = mockApi({
    'POST user/answer': () =>
      consented
        ? savedReply([])
        : { status: 403, body: { message: 'Please sign the consent form first.', error: 'consent_required' } },
  });
  save('q1', 'true');
  save('q2', 'false');
  await waitFor(() => expect(answerQueue.getSnapshot().stop).toEqual({ kind: 'consent-required' }));
  expect(stored()).toHaveLength(2);
  expect(calls).toHaveLength(1);
  consented = true;
  answerQueue.resume();
  await waitFor(() => expect(answerQueue.getSnapshot().state).toBe('saved'));
  expect(stored()).toEqual([]);
});

test('another device holding the participant (403) stops the queue with the server message', async () => {
  mockApi({ 'POST user/answer': { status: 403, body: { message: 'This assessment was started on another device.' } } });
  save('q1', 'true');
  await waitFor(() =>
    expect(answerQueue.getSnapshot().stop).toEqual({
      kind: 'refused',
      status: 403,
      message: 'This assessment was started on another device.',
    }),
  );
  expect(stored()).toHaveLength(1);
});

test('a save refused for good (409) is dropped and the screen is told to read the progress again', async () => {
  mockApi({ 'POST user/answer': { status: 409, body: { message: 'Your answers have already been submitted' } } });
  const conflict = jest.fn();
  const stop = answerQueue.onConflict(conflict);
  save('q1', 'true');
  await waitFor(() => expect(conflict).toHaveBeenCalledTimes(1));
  expect(stored()).toEqual([]);
  stop();
});

test('drain waits for every save; offline, it gives up after its time limit and keeps the answers', async () => {
  mockApi({ 'POST user/answer': { networkError: true } });
  save('q1', 'true');
  await expect(answerQueue.drain({ timeoutMs: 50 })).resolves.toEqual({ kind: 'timeout' });
  expect(stored()).toHaveLength(1);
  mockApi({ 'POST user/answer': savedReply([]) });
  await expect(answerQueue.drain()).resolves.toEqual({ kind: 'drained' });
  expect(stored()).toEqual([]);
});

test('saves left in storage by an earlier page are sent once the queue starts', async () => {
  localStorage.setItem(
    'pendingAnswers',
    JSON.stringify([{ id: 'old-1', questionId: 'q7', userAnswer: 'true', questionSetVersion: 2, timeMs: 900 }]),
  );
  const { calls } = mockApi({ 'POST user/answer': savedReply([]) });
  answerQueue.resume();
  await waitFor(() => expect(stored()).toEqual([]));
  expect(calls[0]?.body).toEqual({ questionId: 'q7', userAnswer: 'true', questionSetVersion: 2, timeMs: 900 });
});

test('forgetting the queue while a save is on its way does not hold up the next one', async () => {
  let first = true;
  const { calls } = mockApi({
    'POST user/answer': () => {
      if (!first) return savedReply([]);
      first = false;
      return new Promise(() => {});
    },
  });
  save('q1', 'true');
  await waitFor(() => expect(calls).toHaveLength(1));
  answerQueue.clear();
  expect(stored()).toEqual([]);
  save('q2', 'false');
  await waitFor(() => expect(answerQueue.getSnapshot().state).toBe('saved'));
  expect(calls[1]?.body).toMatchObject({ questionId: 'q2' });
});

test('the answers as this browser knows them: the server’s, then acknowledged saves, then unsent ones', () => {
  localStorage.setItem(
    'pendingAnswers',
    JSON.stringify([
      { id: 'p1', questionId: 'q3', userAnswer: 'newest', questionSetVersion: 3, timeMs: 1 },
      { id: 'p2', questionId: 'q9', userAnswer: 'other set', questionSetVersion: 2, timeMs: 1 },
    ]),
  );
  const server = [
    { questionId: 'q1', userAnswer: 'a', answeredAt: '2026-03-02T10:00:00.000Z', timeMs: 1 },
    { questionId: 'q2', userAnswer: 'old', answeredAt: '2026-03-02T10:00:00.000Z', timeMs: 1 },
    { questionId: 'q3', userAnswer: 'old', answeredAt: '2026-03-02T10:00:00.000Z', timeMs: 1 },
  ];
  const acked = [{ id: 'a1', questionId: 'q2', userAnswer: 'acked', questionSetVersion: 3, timeMs: 1 }];
  expect(answersWithLocal(server, 3, { acked })).toEqual({ q1: 'a', q2: 'acked', q3: 'newest' });
  expect(answersWithLocal(server, 3, { pending: false })).toEqual({ q1: 'a', q2: 'old', q3: 'old' });
});
