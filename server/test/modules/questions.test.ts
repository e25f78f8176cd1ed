import { questionListResponseSchema, questionResponseSchema } from '@prometrica/shared-api/contract';
import { appForTests } from '../helpers/build';
import { call, clearDemoContent } from '../helpers/api';

const subject = appForTests({ signIn: 'admin' });
beforeAll(async () => {
  await clearDemoContent(subject.app);
  for (const name of ['Leadership', 'Ethics']) {
    expect(
      (await call(subject.app, 'POST', '/api/category', { token: subject.token, payload: { name } })).statusCode,
    ).toBe(201);
  }
});

const add = (payload: unknown) =>
  call(subject.app, 'POST', '/api/admin/addquestion', { token: subject.token, payload });
const list = (query = '') => call(subject.app, 'GET', `/api/admin/getquestions${query}`, { token: subject.token });

describe('POST /api/admin/addquestion', () => {
  it('stores multiple choice with trimmed options and the answer spelled as its option', async () => {
    const response = await add({
      question: '  Which one?  ',
      correctAnswer: 'beta',
      questionType: 'multiple',
      options: [' Alpha ', 'Beta', 'Gamma '],
      category: 'leadership',
    });
    expect(response.statusCode).toBe(201);
    const { question, message } = questionResponseSchema.strict().parse(response.json());
    expect(message).toBe('Question added successfully');
    expect(question).toMatchObject({
      question: 'Which one?',
      correctAnswer: 'Beta',
      options: ['Alpha', 'Beta', 'Gamma'],
      questionType: 'mcq',
      category: { name: 'Leadership' },
    });
  });

  it.each([
    [
      'stores true/false with options true and false and a lowercase answer',
      { question: 'Is it?', correctAnswer: 'TRUE', questionType: 'true/false', options: ['x'] },
      { correctAnswer: 'true', options: ['true', 'false'], questionType: 'truefalse' },
    ],
    [
      'stores fill in the blanks without options',
      { question: 'The ______ is blue.', correctAnswer: ' sky ', questionType: 'fillblanks', options: ['ignored'] },
      { correctAnswer: 'sky', options: [], questionType: 'fill_in_the_blanks' },
    ],
  ])('%s', async (_name, body, stored) => {
    const response = await add({ ...body, category: 'Ethics' });
    expect(response.statusCode).toBe(201);
    expect(response.json().question).toMatchObject(stored);
  });

  it('refuses a category that does not exist, naming it', async () => {
    const response = await add({
      question: 'Q?',
      correctAnswer: 'true',
      questionType: 'truefalse',
      category: 'Astrology',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'category: Category "Astrology" does not exist', error: 'category' });
  });

  it('applies the option rules of the spec', async () => {
    const base = { question: 'Q?', questionType: 'mcq', category: 'Ethics' };
    const cases: Array<[unknown, string]> = [
      [{ ...base, correctAnswer: 'a', options: ['a'] }, 'options: multiple choice needs 2 to 4 options'],
      [{ ...base, correctAnswer: 'a', options: ['a', ' '] }, 'options.1: This option is required'],
      [{ ...base, correctAnswer: 'a', options: ['a', 'A '] }, 'options: Options must be unique'],
      [
        { ...base, correctAnswer: 'z', options: ['a', 'b'] },
        'correctAnswer: Correct answer must match one of the options',
      ],
      [
        { ...base, correctAnswer: 'a', options: ['a', 'b', 'c', 'd', 'e'] },
        'options: options can have at most 4 entries',
      ],
      [
        { ...base, questionType: 'truefalse', correctAnswer: 'maybe' },
        'correctAnswer: correctAnswer must be true or false',
      ],
      [
        { ...base, question: '   ', correctAnswer: 'true', questionType: 'truefalse' },
        'question: question is required',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await add(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });
});

describe('GET /api/admin/getquestions', () => {
  it('pages newest first, clamps a page past the end to the last page, and searches case-insensitively', async () => {
    for (let index = 0; index < 5; index += 1) {
      await add({
        question: `Paging question ${index} 100%_done`,
        correctAnswer: 'true',
        questionType: 'truefalse',
        category: 'Ethics',
      });
    }
    const all = questionListResponseSchema.parse((await list('?limit=100')).json());
    const total = all.totalQuestions;
    expect(all.questions).toHaveLength(total);
    const created = all.questions.map((question) => question.createdAt);
    expect(created).toEqual([...created].sort().reverse());

    const page = questionListResponseSchema.parse((await list('?page=2&limit=2')).json());
    expect(page).toMatchObject({ page: 2, totalPages: Math.ceil(total / 2), totalQuestions: total });
    expect(page.questions.map((question) => question._id)).toEqual(
      all.questions.slice(2, 4).map((question) => question._id),
    );

    const beyond = questionListResponseSchema.parse((await list('?page=999&limit=2')).json());
    expect(beyond.page).toBe(Math.ceil(total / 2));
    expect(beyond.questions.map((q) => q._id)).toEqual(all.questions.slice((beyond.page - 1) * 2).map((q) => q._id));

    const search = questionListResponseSchema.parse((await list('?search=PAGING%20question')).json());
    expect(search.totalQuestions).toBe(5);
    // LIKE's own characters are searched for literally.
    expect((await list('?search=100%25_')).json().totalQuestions).toBe(5);
    expect((await list('?search=%25')).json().totalQuestions).toBe(5);
    expect((await list('?search=_')).json().totalQuestions).toBe(6);
    expect((await list('?search=nothing%20like%20this')).json()).toMatchObject({
      questions: [],
      totalQuestions: 0,
      page: 1,
      totalPages: 1,
    });
  });

  it('refuses bad paging values with a message naming the field', async () => {
    for (const [query, message] of [
      ['?page=0', 'page: page must be 1 or more'],
      ['?limit=101', 'limit: limit must be between 1 and 100'],
      ['?limit=abc', 'limit: limit must be a number'],
      ['?page=1.5', 'page: page must be a whole number'],
    ] as const) {
      const response = await list(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });
});

describe('PUT /api/admin/updatequestion/:id and DELETE /api/admin/deletequestion/:id', () => {
  it('changes the question, type, options and category; keeps the category when none is sent', async () => {
    const created = (
      await add({ question: 'Old?', correctAnswer: 'true', questionType: 'truefalse', category: 'Ethics' })
    ).json().question;
    const moved = await call(subject.app, 'PUT', `/api/admin/updatequestion/${created._id}`, {
      token: subject.token,
      payload: {
        id: created._id,
        question: 'New?',
        correctAnswer: 'Two',
        questionType: 'mcq',
        options: ['One', 'two'],
        category: 'Leadership',
      },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().question).toMatchObject({
      _id: created._id,
      question: 'New?',
      correctAnswer: 'two',
      options: ['One', 'two'],
      questionType: 'mcq',
      category: { name: 'Leadership' },
      createdAt: created.createdAt,
    });

    const kept = await call(subject.app, 'PUT', `/api/admin/updatequestion/${created._id}`, {
      token: subject.token,
      payload: { question: 'Fill ____', correctAnswer: 'in', questionType: 'fill_in_the_blanks' },
    });
    expect(kept.json().question).toMatchObject({ options: [], category: { name: 'Leadership' } });

    const unknownCategory = await call(subject.app, 'PUT', `/api/admin/updatequestion/${created._id}`, {
      token: subject.token,
      payload: { question: 'Q', correctAnswer: 'true', questionType: 'truefalse', category: 'Nope' },
    });
    expect(unknownCategory.json()).toEqual({ message: 'category: Category "Nope" does not exist', error: 'category' });

    const deleted = await call(subject.app, 'DELETE', `/api/admin/deletequestion/${created._id}`, {
      token: subject.token,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ message: 'Question deleted successfully', question: { _id: created._id } });
    const again = await call(subject.app, 'DELETE', `/api/admin/deletequestion/${created._id}`, {
      token: subject.token,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Question not found' });
  });

  it('answers 404 for an unknown id', async () => {
    const response = await call(subject.app, 'PUT', '/api/admin/updatequestion/unknown-id', {
      token: subject.token,
      payload: { question: 'Q', correctAnswer: 'true', questionType: 'truefalse' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Question not found' });
  });
});
