import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { QuestionKind } from '@prometrica/shared-api/contract';
import { wrongAnswerTo } from './helpers/api';
import { createTestEnvironment, type TestEnvironment } from './helpers/build';
import { signaturePng } from './helpers/png';

/** The whole product through real HTTP (fetch against a listening server), no browser. */
describe('a scripted journey through the HTTP API', () => {
  let environment: TestEnvironment;
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    environment = await createTestEnvironment({
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'journey-lantern-passphrase',
    });
    app = await environment.build();
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
  });
  afterAll(() => environment.cleanup());

  async function api(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
    const response = await fetch(`${base}/${path}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, text, json: text ? JSON.parse(text) : undefined };
  }

  it('runs from the superadmin setting up questions to the admin reading the result and the concerns', async () => {
    // The superadmin signs in and writes a category with one question of each type.
    const login = await api('POST', 'auth/login', {
      body: { email: 'OWNER@example.com', password: 'journey-lantern-passphrase' },
    });
    expect(login.status).toBe(200);
    const admin = login.json.accessToken as string;
    expect(login.json.user.role).toBe('superadmin');

    expect((await api('POST', 'category', { token: admin, body: { name: 'Journey Skills' } })).status).toBe(201);
    const written = [
      {
        question: 'Journey: pick the planet',
        questionType: 'mcq',
        options: ['Mars', 'Moon', 'Sun'],
        correctAnswer: 'Mars',
      },
      {
        question: 'Journey: water is wet',
        questionType: 'truefalse',
        options: ['true', 'false'],
        correctAnswer: 'true',
      },
      {
        question: 'Journey: the capital of France is ______',
        questionType: 'fill_in_the_blanks',
        correctAnswer: 'Paris',
      },
    ];
    for (const question of written) {
      const added = await api('POST', 'admin/addquestion', {
        token: admin,
        body: { ...question, category: 'journey skills' },
      });
      expect(added.status).toBe(201);
      expect(added.json.question.category.name).toBe('Journey Skills');
    }
    const all = await api('GET', 'admin/getquestions?page=1&limit=100&search=', { token: admin });
    expect(all.json.totalQuestions).toBe(15);
    const found = await api('GET', `admin/getquestions?search=${encodeURIComponent('JOURNEY:')}`, { token: admin });
    expect(found.json.questions.map((q: { question: string }) => q.question).sort()).toEqual(
      written.map((q) => q.question).sort(),
    );
    const correctAnswers = new Map<string, { answer: string; category: string }>(
      all.json.questions.map((q: { _id: string; correctAnswer: string; category: { name: string } }) => [
        q._id,
        { answer: q.correctAnswer, category: q.category.name },
      ]),
    );

    // A participant enters their details, signs the consent and takes the quiz.
    const details = { email: 'Journey.Person@Example.com', name: 'Journey Person', phone: '03001234567' };
    const validated = await api('POST', 'auth/validateuser', { body: details });
    expect(validated.status).toBe(200);
    expect(validated.json).toMatchObject({ status: false, response: [], results: null });
    const participant = validated.json.token as string;
    const consent = await api('POST', 'useragreement/add', {
      token: participant,
      body: { imageBase64: signaturePng, date: '2025-06-01' },
    });
    expect(consent.status).toBe(201);

    const quiz = await api('GET', 'user/getquestion', { token: participant });
    expect(quiz.status).toBe(200);
    expect(quiz.text).not.toMatch(/correctAnswer/i);
    const questions = quiz.json.questions as Array<{ _id: string; questionType: QuestionKind; options: string[] }>;
    expect(questions).toHaveLength(15);

    // Every third answer wrong (another of its options); the right ones sent in another case and with spaces.
    const answers = questions.map((question, index) => {
      const right = correctAnswers.get(question._id)!.answer;
      const wrong = wrongAnswerTo({ ...question, correctAnswer: right });
      return { questionId: question._id, userAnswer: index % 3 === 1 ? wrong : `  ${right.toUpperCase()} ` };
    });
    const expected = new Map<string, { correct: number; wrong: number }>();
    for (const [index, question] of questions.entries()) {
      const category = correctAnswers.get(question._id)!.category;
      const figure = expected.get(category) ?? { correct: 0, wrong: 0 };
      if (index % 3 === 1) figure.wrong += 1;
      else figure.correct += 1;
      expected.set(category, figure);
    }
    const correct = [...expected.values()].reduce((sum, figure) => sum + figure.correct, 0);
    const wrong = [...expected.values()].reduce((sum, figure) => sum + figure.wrong, 0);
    expect([correct, wrong]).toEqual([10, 5]);
    const percent = (c: number, w: number) => (c + w === 0 ? 0 : Math.round((c * 100) / (c + w)));
    const band = (p: number) => (p < 25 ? 'Low' : p > 75 ? 'High' : 'Average');

    const submitBody = { name: details.name, email: details.email, contactno: details.phone, answers };
    const submitted = await api('POST', 'user/submitanswer', { token: participant, body: submitBody });
    expect(submitted.status).toBe(201);
    expect(submitted.json.totalQuestions).toBe(15);
    expect(submitted.text).not.toMatch(/correctAnswer/);

    // The final assessment: two concerns rated.
    const concerns = await api('GET', 'complaint-bother/get-all', { token: participant });
    expect(concerns.json.complaints).toHaveLength(7);
    const [first, , third] = concerns.json.complaints as Array<{ _id: string; title: string }>;
    const rated = await api('POST', 'complaint-bother/add-complaint', {
      token: participant,
      body: [
        { complaintId: first!._id, botherOptions: ['A great deal'] },
        { complaintId: third!._id, botherOptions: ['A little'] },
      ],
    });
    expect(rated.status).toBe(201);

    // The admin sees the result with the right totals and category figures...
    const listed = await api('GET', `admin/getquizresult?search=${encodeURIComponent('journey.person')}`, {
      token: admin,
    });
    expect(listed.status).toBe(200);
    expect(listed.json.totalResults).toBe(1);
    const result = listed.json.results[0];
    expect(result.user).toMatchObject({ name: details.name, email: details.email, phoneNumber: '+923001234567' });
    expect(result.userTotals).toEqual({
      correctAnswer: 10,
      wrongAnswer: 5,
      totalAnswers: 15,
      percent: percent(10, 5),
      passed: percent(10, 5) >= 50,
    });
    const figures = Object.fromEntries(
      (result.categories as Array<Record<string, unknown>>).map((figure) => [figure.categoryName, figure]),
    );
    expect(Object.keys(figures).sort()).toEqual([...expected.keys()].sort());
    for (const [category, figure] of expected) {
      const p = percent(figure.correct, figure.wrong);
      expect(figures[category]).toEqual({
        categoryName: category,
        correctAnswer: figure.correct,
        wrongAnswer: figure.wrong,
        totalAnswers: figure.correct + figure.wrong,
        percent: p,
        performance: band(p),
      });
    }
    const detail = await api('GET', `admin/getquizresult/${result._id}`, { token: admin });
    expect(detail.json.result.answers).toHaveLength(15);
    expect(detail.json.result.answers.filter((answer: { isCorrect: boolean }) => !answer.isCorrect)).toHaveLength(5);

    // ...and the concern submission with the participant's name, email and phone.
    const submissions = await api('GET', 'complaint-bother/get-all-complaints', { token: admin });
    const group = submissions.json.data.find((g: { user: { email: string } }) => g.user.email === details.email);
    expect(group.user).toMatchObject({ name: details.name, email: details.email, phoneNumber: '+923001234567' });
    expect(
      group.bothers.map((b: { complaintId: { title: string }; botherOptions: string[] }) => [
        b.complaintId.title,
        b.botherOptions,
      ]),
    ).toEqual([
      [first!.title, ['A great deal']],
      [third!.title, ['A little']],
    ]);

    // Sending the same submission again changes nothing.
    const again = await api('POST', 'user/submitanswer', { token: participant, body: submitBody });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(submitted.json);
    const relisted = await api('GET', 'admin/getquizresult?page=1&limit=25', { token: admin });
    expect(relisted.json.totalResults).toBe(1);
    expect(relisted.json.results[0]._id).toBe(result._id);
    expect(relisted.json.results[0].userTotals).toEqual(result.userTotals);
    const stats = await api('GET', 'admin/stats', { token: admin });
    // The one participant is not a staff account.
    expect(stats.json.totals).toMatchObject({ participants: 1, users: 0, questions: 15, admins: 1 });
  });
});
