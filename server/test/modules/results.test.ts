import { createHash } from 'node:crypto';
import {
  consentTextCanonical,
  currentConsentText,
  percentOf,
  performanceOf,
  resultListResponseSchema,
  resultResponseSchema,
} from '@prometrica/shared-api/contract';
import { appForTests } from '../helpers/build';
import { signaturePng } from '../helpers/png';
import { call, currentQuestions, newParticipant, submitAll } from '../helpers/api';

/** name → how many answers were wrong. */
const people: Array<{ name: string; email: string; wrong: number }> = [
  { name: 'Amina Passer', email: 'amina@example.com', wrong: 0 },
  { name: 'Bilal Borderline', email: 'bilal@example.com', wrong: 6 },
  { name: 'Chen Struggler', email: 'chen@sample.org', wrong: 7 },
  { name: 'Dana 100%_Percent', email: 'dana@sample.org', wrong: 12 },
];
const subject = appForTests({ signIn: 'admin' });
beforeAll(async () => {
  for (const [index, person] of people.entries()) {
    const participant = await newParticipant(subject.app, {
      name: person.name,
      email: person.email,
      phone: '+44 20 7946 0958',
    });
    const response = await submitAll(subject.app, participant.token, (_, question) => question < person.wrong);
    expect(response.statusCode).toBe(201);
    // Distinct submission times, so "newest first" has one answer.
    await subject.app.db
      .updateTable('results')
      .set({ created_at: `2024-05-0${index + 1}T10:00:00.000Z` })
      .where('participant_id', '=', participant.id)
      .execute();
  }
});

const list = async (query = '') => {
  const response = await call(subject.app, 'GET', `/api/admin/getquizresult${query}`, { token: subject.token });
  expect(response.statusCode).toBe(200);
  // The route writes its reply itself: exactly what the schema gives, key for key.
  expect(response.body).toBe(JSON.stringify(resultListResponseSchema.parse(response.json())));
  return resultListResponseSchema.strict().parse(response.json());
};

describe('GET /api/admin/getquizresult', () => {
  it('lists results newest first without answers, with stored totals, category figures and a summary', async () => {
    const body = await list();
    expect(body.results.map((result) => result.user.name)).toEqual(people.map((person) => person.name).reverse());
    expect(body).toMatchObject({ totalResults: 4, page: 1, totalPages: 1 });
    const percents = people.map((person) => percentOf(12 - person.wrong, person.wrong));
    expect(body.summary).toEqual({
      total: 4,
      passed: percents.filter((percent) => percent >= 50).length,
      failed: percents.filter((percent) => percent < 50).length,
      averagePercent: Math.round(percents.reduce((sum, percent) => sum + percent, 0) / 4),
    });
    const bilal = body.results.find((result) => result.user.email === 'bilal@example.com')!;
    expect(bilal.userTotals).toEqual({ correctAnswer: 6, wrongAnswer: 6, totalAnswers: 12, percent: 50, passed: true });
    expect(bilal.user).toMatchObject({ name: 'Bilal Borderline', phoneNumber: '+442079460958', role: 'user' });
    expect(bilal.answers).toEqual([]);
    expect(bilal.categories).toHaveLength(4);
    for (const figure of bilal.categories) {
      expect(figure.totalAnswers).toBe(figure.correctAnswer + figure.wrongAnswer);
      expect(figure.percent).toBe(percentOf(figure.correctAnswer, figure.wrongAnswer));
      expect(figure.performance).toBe(performanceOf(figure.percent));
    }
  });

  it('filters on passed and searches name and email, in any case, with LIKE characters taken literally', async () => {
    expect((await list('?passed=true')).results.map((r) => r.user.name)).toEqual(['Bilal Borderline', 'Amina Passer']);
    const failed = await list('?passed=false');
    expect(failed.results.map((r) => r.user.name)).toEqual(['Dana 100%_Percent', 'Chen Struggler']);
    // The summary covers the search, whatever the pass filter.
    expect(failed.summary.total).toBe(4);

    expect((await list('?search=SAMPLE.ORG')).results.map((r) => r.user.name)).toEqual([
      'Dana 100%_Percent',
      'Chen Struggler',
    ]);
    expect((await list('?search=amina')).totalResults).toBe(1);
    expect((await list('?search=%25_')).results.map((r) => r.user.name)).toEqual(['Dana 100%_Percent']);
    expect((await list('?search=_')).totalResults).toBe(1);
    const none = await list('?search=nobody');
    expect(none).toMatchObject({
      results: [],
      totalResults: 0,
      page: 1,
      totalPages: 1,
      summary: { total: 0, averagePercent: 0 },
    });
  });

  it('pages, clamping a page past the end to the last one', async () => {
    const second = await list('?page=2&limit=3');
    expect(second).toMatchObject({ page: 2, totalPages: 2, totalResults: 4 });
    expect(second.results.map((r) => r.user.name)).toEqual(['Amina Passer']);
    const beyond = await list('?page=50&limit=3');
    expect(beyond.page).toBe(2);
    expect(beyond.results).toEqual(second.results);
  });

  it('pages through the pass filter, a later page and one past the end with the totals of every result', async () => {
    const summary = { total: 4, passed: 2, failed: 2 };
    const second = await list('?passed=false&limit=1&page=2');
    expect(second).toMatchObject({ page: 2, totalPages: 2, totalResults: 2, summary });
    expect(second.results.map((r) => r.user.name)).toEqual(['Chen Struggler']);
    const beyond = await list('?passed=true&limit=1&page=9');
    expect(beyond).toMatchObject({ page: 2, totalPages: 2, totalResults: 2, summary });
    expect(beyond.results.map((r) => r.user.name)).toEqual(['Amina Passer']);
    expect((await list('?limit=2&page=2')).results.map((r) => r.user.name)).toEqual([
      'Bilal Borderline',
      'Amina Passer',
    ]);
  });

  it('a searched page carries the totals of every match, on the page asked for and on a page past the end', async () => {
    const matching = people.filter((person) => person.email.endsWith('@sample.org'));
    const percents = matching.map((person) => percentOf(12 - person.wrong, person.wrong));
    const summary = {
      total: 2,
      passed: percents.filter((percent) => percent >= 50).length,
      failed: percents.filter((percent) => percent < 50).length,
      averagePercent: Math.round(percents.reduce((sum, percent) => sum + percent, 0) / 2),
    };
    const first = await list('?search=sample.org&limit=1');
    expect(first).toMatchObject({ page: 1, totalPages: 2, totalResults: 2, summary });
    expect(first.results.map((r) => r.user.name)).toEqual(['Dana 100%_Percent']);
    const second = await list('?search=sample.org&limit=1&page=2');
    expect(second).toMatchObject({ page: 2, totalPages: 2, totalResults: 2, summary });
    expect(second.results.map((r) => r.user.name)).toEqual(['Chen Struggler']);
    const beyond = await list('?search=sample.org&limit=1&page=9');
    expect(beyond).toMatchObject({ page: 2, totalPages: 2, totalResults: 2, summary });
    expect(beyond.results).toEqual(second.results);
    // A search too short for the trigram index takes the other path to the same answer.
    const short = await list('?search=%25&limit=1');
    expect(short).toMatchObject({
      page: 1,
      totalResults: 1,
      summary: { total: 1, passed: 0, failed: 1, averagePercent: 0 },
    });
    expect(short.results.map((r) => r.user.name)).toEqual(['Dana 100%_Percent']);
  });

  it('refuses a bad pass filter', async () => {
    const response = await call(subject.app, 'GET', '/api/admin/getquizresult?passed=yes', { token: subject.token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'passed: passed must be true or false', error: 'passed' });
  });
});

describe('GET /api/admin/getquizresult before any result', () => {
  const empty = appForTests({ signIn: 'admin' });

  it('is one empty page with a summary of nothing, whatever the pass filter and page', async () => {
    for (const query of ['', '?passed=true', '?page=3&limit=5']) {
      const response = await call(empty.app, 'GET', `/api/admin/getquizresult${query}`, { token: empty.token });
      expect(response.statusCode).toBe(200);
      expect(resultListResponseSchema.strict().parse(response.json())).toEqual({
        results: [],
        totalResults: 0,
        page: 1,
        totalPages: 1,
        summary: { total: 0, passed: 0, failed: 0, averagePercent: 0 },
      });
    }
  });
});

describe('GET /api/admin/getquizresult/:id', () => {
  it('returns one result with every answer, its correct answer and whether it was right', async () => {
    const { results } = await list('?search=chen');
    const response = await call(subject.app, 'GET', `/api/admin/getquizresult/${results[0]!._id}`, {
      token: subject.token,
    });
    expect(response.statusCode).toBe(200);
    const { result } = resultResponseSchema.strict().parse(response.json());
    const questions = await currentQuestions(subject.app);
    expect(result.answers).toHaveLength(12);
    expect(result.answers.map((answer) => answer.question)).toEqual(questions.map((question) => question.question));
    expect(result.answers.filter((answer) => !answer.isCorrect)).toHaveLength(7);
    for (const [index, answer] of result.answers.entries()) {
      expect(answer.correctAnswer).toBe(questions[index]!.correctAnswer);
      expect(answer.categoryName).toBe(questions[index]!.category.name);
    }
    expect(result.userTotals).toEqual({
      correctAnswer: 5,
      wrongAnswer: 7,
      totalAnswers: 12,
      percent: 42,
      passed: false,
    });
  });

  it("carries the participant's signed consent as evidence, or null when none was kept", async () => {
    // A result from before submissions required the consent: its participant has none.
    const { results } = await list('?search=amina');
    await subject.app.db.deleteFrom('agreements').where('participant_id', '=', results[0]!.user._id).execute();
    const unsigned = resultResponseSchema.parse(
      (await call(subject.app, 'GET', `/api/admin/getquizresult/${results[0]!._id}`, { token: subject.token })).json(),
    );
    expect(unsigned.agreement).toBeNull();
    expect(unsigned.result.questionSetVersion).toEqual(expect.any(Number));

    const signer = await newParticipant(subject.app, {
      name: 'Eve Signer',
      email: 'eve@example.com',
      phone: '03001234567',
      consent: false,
    });
    const signed = await call(subject.app, 'POST', '/api/useragreement/add', {
      token: signer.token,
      payload: { imageBase64: signaturePng, date: '2026-11-21', signedName: 'Eve S.', method: 'drawn' },
    });
    expect(signed.statusCode).toBe(201);
    expect((await submitAll(subject.app, signer.token, () => false)).statusCode).toBe(201);
    const mine = await list('?search=eve%40example.com');
    const detail = resultResponseSchema
      .strict()
      .parse(
        (
          await call(subject.app, 'GET', `/api/admin/getquizresult/${mine.results[0]!._id}`, { token: subject.token })
        ).json(),
      );
    expect(detail.agreement).toEqual({
      _id: expect.any(String),
      date: '2026-11-21',
      imageBase64: signaturePng,
      createdAt: signed.json().agreement.createdAt,
      textVersion: currentConsentText.version,
      textSha256: createHash('sha256').update(consentTextCanonical(currentConsentText)).digest('hex'),
      signedName: 'Eve S.',
      method: 'drawn',
      clientAddress: '127.0.0.1',
    });
    expect(detail.result.questionSetVersion).toBe(mine.results[0]!.questionSetVersion);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await call(subject.app, 'GET', '/api/admin/getquizresult/nope', { token: subject.token });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Result not found' });
  });
});
