// Question set versions (docs/participation.md): each set served is kept as a version, consent pins
// the participant to one, and they answer and are scored against it, whatever is edited meanwhile.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { getQuestionsResponseSchema, type GetQuestionsResponse } from '@prometrica/shared-api/contract';
import { questionSet, storeQuestionSetVersion } from '../../src/modules/questions/question-set';
import { answersFor, call, currentQuestions, newParticipant } from '../helpers/api';
import { appForTests } from '../helpers/build';

const subject = appForTests({ signIn: 'admin' });

const versions = () =>
  subject.app.db.selectFrom('question_set_versions').select(['version', 'content_hash']).orderBy('version').execute();
const latest = async (app: FastifyInstance = subject.app) => (await questionSet(app).latest()).version;
const getQuestions = (token: string, query = '') =>
  call(subject.app, 'GET', `/api/user/getquestion${query}`, { token });
const pinnedOf = async (participantId: string) =>
  (
    await subject.app.db
      .selectFrom('participants')
      .select('question_set_version')
      .where('id', '=', participantId)
      .executeTakeFirstOrThrow()
  ).question_set_version;
const addQuestion = async (question: string) => {
  const response = await call(subject.app, 'POST', '/api/admin/addquestion', {
    token: subject.token,
    payload: { question, correctAnswer: 'true', questionType: 'truefalse', category: 'Leadership' },
  });
  expect(response.statusCode).toBe(201);
  return response.json().question._id as string;
};
const deleteQuestion = async (id: string) =>
  expect(
    (await call(subject.app, 'DELETE', `/api/admin/deletequestion/${id}`, { token: subject.token })).statusCode,
  ).toBe(200);

describe('question set versions', () => {
  it('keeps each set served as one version, by the hash of its records; an edit makes a new one', async () => {
    const { token } = await newParticipant(subject.app, { consent: false });
    expect((await getQuestions(token)).statusCode).toBe(200);
    const first = await latest();
    const stored = await versions();
    expect(stored.map((row) => row.version)).toContain(first);
    const row = await subject.app.db
      .selectFrom('question_set_versions')
      .selectAll()
      .where('version', '=', first)
      .executeTakeFirstOrThrow();
    expect(row.content_hash).toBe(createHash('sha256').update(row.questions).digest('hex'));
    // The records with their correct answers, in quiz order.
    expect(JSON.parse(row.questions).map((q: { id: string }) => q.id)).toEqual(
      (await currentQuestions(subject.app)).map((q) => q.id),
    );

    // Served again, and read again after the list is dropped: the same version, no new row.
    questionSet(subject.app).invalidate();
    expect(await latest()).toBe(first);
    expect(await versions()).toEqual(stored);

    const added = await addQuestion('Added for a new version?');
    try {
      expect(await latest()).toBe(first + 1);
      expect((await versions()).map((one) => one.version)).toEqual([...stored.map((one) => one.version), first + 1]);
    } finally {
      await deleteQuestion(added);
    }
    // Back to the first set: the first version again.
    expect(await latest()).toBe(first);
  });

  it('stores a set once when processes store it at once, and different sets under different numbers', async () => {
    const sets = ['["a"]', '["b"]', '["c"]', '["d"]'];
    const numbers = await Promise.all([...sets, ...sets].map((json) => storeQuestionSetVersion(subject.app.db, json)));
    expect(numbers.slice(0, 4)).toEqual(numbers.slice(4));
    expect(new Set(numbers).size).toBe(4);
    const rows = await subject.app.db
      .selectFrom('question_set_versions')
      .select('version')
      .where('version', 'in', numbers)
      .execute();
    expect(rows).toHaveLength(4);
  });
});

describe('GET /api/user/getquestion?version=N', () => {
  it('serves that version, prepared once, after the current set changed; the current set without it', async () => {
    const participant = await newParticipant(subject.app);
    const pinned = await pinnedOf(participant.id);
    expect(pinned).toBe(await latest());
    const before = getQuestionsResponseSchema.parse((await getQuestions(participant.token)).json());

    const added = await addQuestion('Added after the consent?');
    try {
      const current = (await getQuestions(participant.token)).json<GetQuestionsResponse>();
      expect(current.questions).toHaveLength(before.questions.length + 1);
      const old = await getQuestions(participant.token, `?version=${pinned}`);
      expect(old.statusCode).toBe(200);
      expect(old.json()).toEqual(before);
      expect(old.body).not.toMatch(/correctAnswer/);
      // Prepared once: the same reply object every time.
      const set = questionSet(subject.app);
      expect(await set.version(pinned!)).toBe(await set.version(pinned!));
      expect((await set.version(pinned!))!.reply.text).toBe(old.body);
    } finally {
      await deleteQuestion(added);
    }
  });

  it('answers 404 for a version there is none of, and 400 naming version for one that is not a whole number', async () => {
    const { token } = await newParticipant(subject.app, { consent: false });
    const unknown = await getQuestions(token, '?version=9999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Question set version 9999 not found' });
    for (const bad of ['0', '-1', '1.5', 'one']) {
      const response = await getQuestions(token, `?version=${bad}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'version: version must be a whole number', error: 'version' });
    }
  });
});

describe('a question deleted while a participant answers', () => {
  it('blocks nobody: the submission is scored against the pinned version, with or without it in the body', async () => {
    const added = await addQuestion('About to be deleted?');
    const withVersion = await newParticipant(subject.app);
    const withoutVersion = await newParticipant(subject.app);
    const pinned = (await pinnedOf(withVersion.id))!;
    expect(await pinnedOf(withoutVersion.id)).toBe(pinned);
    const answers = await answersFor(subject.app);
    expect(answers.map((answer) => answer.questionId)).toContain(added);
    // One of them saved an answer to it already.
    const saved = await call(subject.app, 'POST', '/api/user/answer', {
      token: withVersion.token,
      payload: { questionId: added, userAnswer: 'true', questionSetVersion: pinned },
    });
    expect(saved.statusCode).toBe(200);

    await deleteQuestion(added);
    expect(await latest()).not.toBe(pinned);

    // Answers to the deleted question are still taken, as answers of the pinned set.
    const again = await call(subject.app, 'POST', '/api/user/answer', {
      token: withVersion.token,
      payload: { questionId: added, userAnswer: 'false', questionSetVersion: pinned },
    });
    expect(again.statusCode).toBe(200);

    for (const [participant, payload] of [
      [withVersion, { answers, questionSetVersion: pinned }],
      [withoutVersion, { answers }],
    ] as const) {
      const submitted = await call(subject.app, 'POST', '/api/user/submitanswer', {
        token: participant.token,
        payload,
      });
      expect(submitted.statusCode).toBe(201);
      expect(submitted.json().totalQuestions).toBe(answers.length);
      const result = await subject.app.db
        .selectFrom('results')
        .select(['question_set_version', 'total', 'correct'])
        .where('participant_id', '=', participant.id)
        .executeTakeFirstOrThrow();
      expect(result).toEqual({ question_set_version: pinned, total: answers.length, correct: answers.length });
    }
  });

  it('refuses a submission to another version than the pinned one (409), and to the current set when it differs', async () => {
    const participant = await newParticipant(subject.app);
    const pinned = (await pinnedOf(participant.id))!;
    const added = await addQuestion('Added before the submission?');
    try {
      const current = await latest();
      expect(current).not.toBe(pinned);
      const answers = await answersFor(subject.app);
      const response = await call(subject.app, 'POST', '/api/user/submitanswer', {
        token: participant.token,
        payload: { answers, questionSetVersion: current },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: `questionSetVersion: your questions are version ${pinned}, not ${current}; load your progress again`,
        error: 'questionSetVersion',
      });
      // The pinned set's answers (without the added question) go through.
      const own = await call(subject.app, 'POST', '/api/user/submitanswer', {
        token: participant.token,
        payload: { answers: answers.filter((answer) => answer.questionId !== added), questionSetVersion: pinned },
      });
      expect(own.statusCode).toBe(201);
    } finally {
      await deleteQuestion(added);
    }
  });
});
