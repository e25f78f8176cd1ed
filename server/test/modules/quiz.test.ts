import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  getQuestionsResponseSchema,
  type GetQuestionsResponse,
  percentOf,
  submitAnswersResponseSchema,
  userResponseSummarySchema,
} from '@prometrica/shared-api/contract';
import { QuestionSet, questionSet, questionSetTtlMs } from '../../src/modules/questions/question-set';
import { listQuestionsInQuizOrder } from '../../src/modules/questions/repository';
import { decodeAnswers, decodeCategories } from '../../src/modules/results/codecs';
import { startedElsewhereMessage } from '../../src/modules/participants/service';
import { appForTests } from '../helpers/build';
import {
  answersFor,
  call,
  currentQuestions,
  newParticipant,
  submittedParticipantElsewhere,
  wrongAnswerTo,
} from '../helpers/api';

const subject = appForTests({ signIn: 'admin' });

const submit = (token: string, payload: unknown) =>
  call(subject.app, 'POST', '/api/user/submitanswer', { token, payload });
/** The ids of the results stored for one participant. */
const resultIdsOf = (participantId: string) =>
  subject.app.db.selectFrom('results').select('id').where('participant_id', '=', participantId).execute();

describe('GET /api/user/getquestion', () => {
  it('lists every question by category then creation, without any correct answer', async () => {
    const { token } = await newParticipant(subject.app);
    const response = await call(subject.app, 'GET', '/api/user/getquestion', { token });
    expect(response.statusCode).toBe(200);
    const body = getQuestionsResponseSchema.strict().parse(response.json());
    expect(response.body).not.toMatch(/correctAnswer/);
    for (const question of body.questions)
      expect(Object.keys(question).sort()).toEqual(['_id', 'category', 'options', 'question', 'questionType']);

    expect(body.questions).toHaveLength(12);
    const categories = body.questions.map((question) => question.category?.name);
    expect([...new Set(categories)]).toEqual(['Communication', 'Decision Making', 'Leadership', 'Resilience']);
    expect(categories).toEqual([...categories].sort());
    // Stable: the same order on every call.
    const again = await call(subject.app, 'GET', '/api/user/getquestion', { token });
    expect(again.json().questions.map((q: { _id: string }) => q._id)).toEqual(body.questions.map((q) => q._id));
  });

  it('needs a participant token', async () => {
    expect((await call(subject.app, 'GET', '/api/user/getquestion')).statusCode).toBe(401);
    expect((await call(subject.app, 'GET', '/api/user/getquestion', { token: subject.token })).statusCode).toBe(401);
    expect((await call(subject.app, 'GET', '/api/user/getquestion', { token: 'not.a.token' })).statusCode).toBe(401);
  });

  it('is sent compressed to clients that accept it, the same list in every encoding', async () => {
    const { token } = await newParticipant(subject.app);
    const get = (encoding?: string) =>
      subject.app.inject({
        method: 'GET',
        url: '/api/user/getquestion',
        headers: { authorization: `Bearer ${token}`, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get('gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it('shows an admin edit on the very next call', async () => {
    const { token } = await newParticipant(subject.app);
    await call(subject.app, 'GET', '/api/user/getquestion', { token });
    const [first] = await listQuestionsInQuizOrder(subject.app.db);
    const edited = await call(subject.app, 'PUT', `/api/admin/updatequestion/${first!.id}`, {
      token: subject.token,
      payload: {
        question: `${first!.question} (edited)`,
        correctAnswer: first!.correctAnswer,
        questionType: first!.questionType,
        options: first!.options,
      },
    });
    expect(edited.statusCode).toBe(200);
    const after = (await call(subject.app, 'GET', '/api/user/getquestion', { token })).json<GetQuestionsResponse>();
    expect(after.questions.find((question) => question._id === first!.id)?.question).toBe(
      `${first!.question} (edited)`,
    );
  });
});

describe('the shared question list', () => {
  it('is at hand while fresh, and a promise only when it is read (again)', async () => {
    let clock = 0;
    const set = new QuestionSet(subject.app, () => clock);
    const reading = set.replyNow();
    expect(reading).toBeInstanceOf(Promise);
    const first = await reading;
    expect(set.replyNow()).toBe(first);
    clock = questionSetTtlMs - 1;
    expect(set.replyNow()).toBe(first);
    // Expired: what reply() gives, the list served while one reload runs.
    clock = questionSetTtlMs;
    const expired = set.replyNow();
    expect(expired).toBeInstanceOf(Promise);
    expect(await expired).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Read again and unchanged: the same prepared reply, at hand again.
    expect(set.replyNow()).toBe(first);
  });

  it('reads a change made by another process once its time is up, serving the old list meanwhile', async () => {
    let clock = 0;
    const set = new QuestionSet(subject.app, () => clock);
    const first = await set.reply();
    expect(await set.reply()).toBe(first);
    const [question] = await listQuestionsInQuizOrder(subject.app.db);
    // Written straight to the database, as another server process would.
    await subject.app.db
      .updateTable('questions')
      .set({ question: 'Changed elsewhere' })
      .where('id', '=', question!.id)
      .execute();
    clock = questionSetTtlMs - 1;
    expect(await set.reply()).toBe(first);
    clock = questionSetTtlMs;
    // The expired list is served while one reload runs; the call after it gets the new list.
    expect(await set.reply()).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = await set.reply();
    expect(next).not.toBe(first);
    expect(JSON.parse(next.text).questions.some((q: { question: string }) => q.question === 'Changed elsewhere')).toBe(
      true,
    );
    // Nothing changed since: the prepared reply (and its compressed bytes) is kept.
    clock += questionSetTtlMs;
    await set.reply();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await set.reply()).toBe(next);

    await subject.app.db
      .updateTable('questions')
      .set({ question: question!.question })
      .where('id', '=', question!.id)
      .execute();
    questionSet(subject.app).invalidate();
  });
});

describe('POST /api/user/submitanswer', () => {
  it('scores, stores totals and category figures, and records the details the submission carried', async () => {
    const participant = await newParticipant(subject.app, { name: 'Before Name', phone: '03001234567' });
    const questions = await currentQuestions(subject.app);
    // Wrong on every third question (another of its options); right answers sent in another case and with spaces.
    const answers = questions.map((question, index) => ({
      questionId: question.id,
      userAnswer: index % 3 === 0 ? wrongAnswerTo(question) : `  ${question.correctAnswer.toUpperCase()} `,
    }));
    const response = await submit(participant.token, {
      name: 'Ayesha Khan',
      email: participant.email.toUpperCase(),
      contactno: 3001112222,
      answers,
    });
    expect(response.statusCode).toBe(201);
    const body = submitAnswersResponseSchema.strict().parse(response.json());
    expect(body.totalQuestions).toBe(12);
    expect(body.questions.map((answer) => answer.questionId)).toEqual(questions.map((question) => question.id));
    expect(response.body).not.toMatch(/correctAnswer|isCorrect/);

    const result = await subject.app.db
      .selectFrom('results')
      .selectAll()
      .where('participant_id', '=', participant.id)
      .executeTakeFirstOrThrow();
    const wrong = questions.filter((_, index) => index % 3 === 0).length;
    expect(result).toMatchObject({
      correct: 12 - wrong,
      wrong,
      total: 12,
      percent: percentOf(12 - wrong, wrong),
      passed: 1,
    });
    const figures = decodeCategories(result.categories);
    expect(figures.map((figure) => figure.categoryName)).toEqual([
      'Communication',
      'Decision Making',
      'Leadership',
      'Resilience',
    ]);
    for (const figure of figures) {
      const inCategory = questions
        .map((question, index) => ({ question, index }))
        .filter(({ question }) => question.category.name === figure.categoryName);
      const wrongHere = inCategory.filter(({ index }) => index % 3 === 0).length;
      expect(figure).toMatchObject({
        correct: inCategory.length - wrongHere,
        wrong: wrongHere,
        total: inCategory.length,
        percent: percentOf(inCategory.length - wrongHere, wrongHere),
      });
    }

    const stored = await subject.app.db
      .selectFrom('participants')
      .selectAll()
      .where('id', '=', participant.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      name: 'Ayesha Khan',
      phone: '+923001112222',
      email: participant.email.toUpperCase(),
    });
    // The results search follows the name the submission carried, written with it, not the one before.
    const found = async (search: string) =>
      (
        await call(subject.app, 'GET', `/api/admin/getquizresult?page=1&limit=25&search=${search}`, {
          token: subject.token,
        })
      )
        .json<{
          results: Array<{ _id: string }>;
        }>()
        .results.map((listed) => listed._id);
    expect(await found('ayesha kh')).toContain(result.id);
    expect(await found('before name')).not.toContain(result.id);
  });

  it('keeps the participant details when the submission carries only placeholders', async () => {
    const participant = await newParticipant(subject.app, { name: 'Real Name', phone: '03111234567' });
    const answers = await answersFor(subject.app);
    const response = await submit(participant.token, {
      name: 'Guest User',
      email: 'Not Provided',
      contactno: 'Not Provided',
      answers,
    });
    expect(response.statusCode).toBe(201);
    const stored = await subject.app.db
      .selectFrom('participants')
      .selectAll()
      .where('id', '=', participant.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: 'Real Name', phone: '+923111234567', email: participant.email });
  });

  it('keeps a carried phone number in E.164, and the stored one when the carried one is no possible number', async () => {
    const answers = await answersFor(subject.app);
    const phoneOf = async (id: string) =>
      (await subject.app.db.selectFrom('participants').select('phone').where('id', '=', id).executeTakeFirstOrThrow())
        .phone;
    const international = await newParticipant(subject.app, { phone: '03111234567' });
    expect((await submit(international.token, { contactno: '+44 20 7946 0958', answers })).statusCode).toBe(201);
    expect(await phoneOf(international.id)).toBe('+442079460958');
    const short = await newParticipant(subject.app, { phone: '03111234567' });
    expect((await submit(short.token, { contactno: '0300', answers })).statusCode).toBe(201);
    expect(await phoneOf(short.id)).toBe('+923111234567');
  });

  it('returns the stored submission for the same answers again, creating nothing; other answers are a 409', async () => {
    const participant = await newParticipant(subject.app);
    const answers = await answersFor(subject.app, (_, index) => index < 8);
    const first = await submit(participant.token, { answers });
    expect(first.statusCode).toBe(201);
    const second = await submit(participant.token, { answers: [...answers].reverse() });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());

    const changed = answers.map((answer, index) =>
      index === 0 ? { ...answer, userAnswer: 'something else' } : answer,
    );
    const conflict = await submit(participant.token, { answers: changed });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ message: 'You have already submitted your answers' });

    const results = await resultIdsOf(participant.id);
    expect(results).toHaveLength(1);
    const stored = await subject.app.db
      .selectFrom('result_answers')
      .select('answers')
      .where('result_id', '=', results[0]!.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(
      decodeAnswers(stored[0]!.answers)
        .map((answer) => answer.questionId)
        .sort(),
    ).toEqual(answers.map((answer) => answer.questionId).sort());
  });

  it('lets concurrent duplicates through without an error, storing one result', async () => {
    const participant = await newParticipant(subject.app);
    const answers = await answersFor(subject.app);
    const responses = await Promise.all(Array.from({ length: 4 }, () => submit(participant.token, { answers })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 201]);
    const bodies = new Set(responses.map((response) => response.body));
    expect(bodies.size).toBe(1);
    const results = await resultIdsOf(participant.id);
    expect(results).toHaveLength(1);
  });

  it('answers submissions arriving together each from their own participant (read together)', async () => {
    const people = await Promise.all(
      Array.from({ length: 4 }, (_, i) => newParticipant(subject.app, { name: `Batch Person ${i}` })),
    );
    const answers = await answersFor(subject.app);
    // One has submitted already; one is gone by the time the submissions arrive.
    expect((await submit(people[2]!.token, { answers })).statusCode).toBe(201);
    await subject.app.db.deleteFrom('participants').where('id', '=', people[3]!.id).execute();

    const responses = await Promise.all(
      people.map((person, i) =>
        submit(person.token, { name: `Renamed ${i}`, email: person.email, contactno: `0300 123456${i}`, answers }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 200, 401]);
    expect(responses[3]!.json()).toEqual({ message: 'Invalid token' });

    const stored = await subject.app.db
      .selectFrom('participants')
      .leftJoin('results', 'results.participant_id', 'participants.id')
      .select(['participants.id', 'participants.name', 'participants.phone', 'results.id as result'])
      .where(
        'participants.id',
        'in',
        people.map((person) => person.id),
      )
      .orderBy('participants.name')
      .execute();
    expect(stored.map(({ id, name, phone }) => ({ id, name, phone }))).toEqual([
      // The repeat changed nothing: its details were already stored with its first submission.
      { id: people[2]!.id, name: 'Batch Person 2', phone: people[2]!.phone },
      { id: people[0]!.id, name: 'Renamed 0', phone: '+923001234560' },
      { id: people[1]!.id, name: 'Renamed 1', phone: '+923001234561' },
    ]);
    expect(stored.every((row) => row.result !== null)).toBe(true);
  });

  it('answers a repeat as one after the questions changed, and a participant who is gone as such, before the answers’ own faults', async () => {
    const participant = await newParticipant(subject.app);
    const answers = await answersFor(subject.app);
    const first = await submit(participant.token, { answers });
    expect(first.statusCode).toBe(201);
    // A question added since: the same answers no longer answer every question.
    const added = await call(subject.app, 'POST', '/api/admin/addquestion', {
      token: subject.token,
      payload: {
        question: 'Added after the submission?',
        correctAnswer: 'true',
        questionType: 'truefalse',
        category: 'Leadership',
      },
    });
    expect(added.statusCode).toBe(201);
    try {
      // Consented after the question was added: its set is the new one.
      const other = await newParticipant(subject.app);
      const again = await submit(participant.token, { answers });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect((await submit(other.token, { answers })).json()).toEqual({
        message: 'Please answer all questions. 1 questions remaining.',
        error: 'answers',
      });
      await subject.app.db.deleteFrom('participants').where('id', '=', other.id).execute();
      const gone = await submit(other.token, { answers });
      expect({ status: gone.statusCode, body: gone.json() }).toEqual({
        status: 401,
        body: { message: 'Invalid token' },
      });
    } finally {
      expect(
        (
          await call(subject.app, 'DELETE', `/api/admin/deletequestion/${added.json().question._id}`, {
            token: subject.token,
          })
        ).statusCode,
      ).toBe(200);
    }
  });

  it('refuses a submission that leaves questions unanswered, counting empty answers as unanswered', async () => {
    const participant = await newParticipant(subject.app);
    const answers = await answersFor(subject.app);
    const partial = await submit(participant.token, { answers: answers.slice(0, 9) });
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toEqual({
      message: 'Please answer all questions. 3 questions remaining.',
      error: 'answers',
    });

    const blanks = answers.map((answer, index) => (index < 2 ? { ...answer, userAnswer: '   ' } : answer));
    const withBlanks = await submit(participant.token, { answers: blanks });
    expect(withBlanks.json().message).toBe('Please answer all questions. 2 questions remaining.');
  });

  it('refuses unknown question ids and the same question twice, naming them', async () => {
    const participant = await newParticipant(subject.app);
    const answers = await answersFor(subject.app);
    const unknown = await submit(participant.token, {
      answers: [...answers, { questionId: 'no-such-question', userAnswer: 'x' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'answers: unknown question ids: no-such-question', error: 'answers' });

    const twice = await submit(participant.token, { answers: [...answers, answers[0]] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(`answers: question ${answers[0]!.questionId} is answered more than once`);
  });

  it('keeps the answer snapshot when the question is edited or deleted later', async () => {
    const participant = await newParticipant(subject.app);
    const questions = await currentQuestions(subject.app);
    const answers = await answersFor(subject.app);
    expect((await submit(participant.token, { answers })).statusCode).toBe(201);
    const target = questions.find((question) => question.questionType === 'fill_in_the_blanks')!;
    const edit = await call(subject.app, 'PUT', `/api/admin/updatequestion/${target.id}`, {
      token: subject.token,
      payload: { question: 'Rewritten ______', correctAnswer: 'other', questionType: 'fill_in_the_blanks' },
    });
    expect(edit.statusCode).toBe(200);

    const summary = await call(subject.app, 'GET', '/api/user/getuserresponse', { token: participant.token });
    const echoed = summary.json().responses.find((answer: { questionId: string }) => answer.questionId === target.id);
    expect(echoed).toEqual({ questionId: target.id, question: target.question, userAnswer: target.correctAnswer });

    // Put it back for the other tests.
    await call(subject.app, 'PUT', `/api/admin/updatequestion/${target.id}`, {
      token: subject.token,
      payload: { question: target.question, correctAnswer: target.correctAnswer, questionType: 'fill_in_the_blanks' },
    });
  });
});

describe('GET /api/user/getuserresponse', () => {
  it('is empty before a submission and lists the own answers after it', async () => {
    const participant = await newParticipant(subject.app);
    const before = await call(subject.app, 'GET', '/api/user/getuserresponse', { token: participant.token });
    expect(before.statusCode).toBe(200);
    expect(userResponseSummarySchema.strict().parse(before.json())).toMatchObject({
      responses: [],
      submittedAt: null,
      concerns: [],
      concernsSubmittedAt: null,
    });

    const answers = await answersFor(subject.app);
    const submitted = await submit(participant.token, { answers });
    const after = await call(subject.app, 'GET', '/api/user/getuserresponse', { token: participant.token });
    expect(after.statusCode).toBe(200);
    expect(after.json().responses).toEqual(submitted.json().questions);
    expect(after.json().submittedAt).toBe(submitted.json().submittedAt);
    expect(after.body).not.toMatch(/correctAnswer|isCorrect|percent/);
  });

  it("refuses another browser's token for a participant who submitted (403), for reading and re-sending", async () => {
    // A participant who submitted; then someone types the same email on another device.
    const { other: otherToken } = await submittedParticipantElsewhere(subject.app);
    const answers = await answersFor(subject.app);
    const read = await call(subject.app, 'GET', '/api/user/getuserresponse', { token: otherToken });
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({ message: startedElsewhereMessage });
    const resend = await submit(otherToken, { answers });
    expect(resend.statusCode).toBe(403);
    expect(resend.body).not.toContain(answers[0]!.userAnswer);
  });
});
