// A multiple-choice or true/false answer must be one of the question's options, when it is saved
// (`POST user/answer`) and when it is submitted (`POST user/submitanswer`).
import type { FastifyInstance } from 'fastify';
import { answerFit, questionSet, type VersionedQuestion } from '../../src/modules/questions/question-set';
import { answersFor, call, currentQuestions, newParticipant } from '../helpers/api';
import { appForTests } from '../helpers/build';

const subject = appForTests();

const currentVersion = async (app: FastifyInstance = subject.app) => (await questionSet(app).latest()).version;
const storedAnswers = (participantId: string) =>
  subject.app.db
    .selectFrom('progress_answers')
    .select('user_answer')
    .where('participant_id', '=', participantId)
    .execute();
const resultsOf = (participantId: string) =>
  subject.app.db.selectFrom('results').select('id').where('participant_id', '=', participantId).execute();

async function questionOfType(type: VersionedQuestion['questionType']) {
  return (await currentQuestions(subject.app)).find((question) => question.questionType === type)!;
}

describe('POST /api/user/answer', () => {
  it('refuses a multiple-choice or true/false answer that is not one of the options with 400 naming userAnswer, and stores nothing', async () => {
    const participant = await newParticipant(subject.app);
    const questionSetVersion = await currentVersion();
    for (const question of [await questionOfType('mcq'), await questionOfType('truefalse')]) {
      for (const userAnswer of ['Maybe', 'yes', 'true and false', `${question.options[0]!}!`]) {
        const response = await call(subject.app, 'POST', '/api/user/answer', {
          token: participant.token,
          payload: { questionId: question.id, userAnswer, questionSetVersion },
        });
        expect({ userAnswer, status: response.statusCode, body: response.json() }).toEqual({
          userAnswer,
          status: 400,
          body: {
            message: `userAnswer: the answer is not one of the options of question "${question.id}"`,
            error: 'userAnswer',
          },
        });
      }
    }
    expect(await storedAnswers(participant.id)).toEqual([]);
  });

  it('takes an option in any case and with spaces around it, true and false, an empty answer and any fill-in text', async () => {
    const participant = await newParticipant(subject.app);
    const questionSetVersion = await currentVersion();
    const mcq = await questionOfType('mcq');
    const trueFalse = await questionOfType('truefalse');
    const fill = await questionOfType('fill_in_the_blanks');
    const taken: Array<[string, string]> = [
      [mcq.id, mcq.options[1]!],
      [mcq.id, `  ${mcq.options[2]!.toUpperCase()} `],
      [mcq.id, ''],
      [trueFalse.id, 'true'],
      [trueFalse.id, ' False '],
      [fill.id, 'anything at all'],
    ];
    for (const [questionId, userAnswer] of taken) {
      const response = await call(subject.app, 'POST', '/api/user/answer', {
        token: participant.token,
        payload: { questionId, userAnswer, questionSetVersion },
      });
      expect({ userAnswer, status: response.statusCode }).toEqual({ userAnswer, status: 200 });
    }
  });

  it('still answers 403 to another session and 409 after submission before looking at the answer', async () => {
    const participant = await newParticipant(subject.app);
    const mcq = await questionOfType('mcq');
    const questionSetVersion = await currentVersion();
    const offList = { questionId: mcq.id, userAnswer: 'not an option', questionSetVersion };
    const elsewhere = await call(subject.app, 'POST', '/api/user/answer', {
      token: subject.app.tokens.issueParticipantToken(participant.id),
      payload: offList,
    });
    expect(elsewhere.statusCode).toBe(403);
    const submitted = await call(subject.app, 'POST', '/api/user/submitanswer', {
      token: participant.token,
      payload: { answers: await answersFor(subject.app), questionSetVersion },
    });
    expect(submitted.statusCode).toBe(201);
    const late = await call(subject.app, 'POST', '/api/user/answer', { token: participant.token, payload: offList });
    expect(late.statusCode).toBe(409);
  });
});

describe('POST /api/user/submitanswer', () => {
  it('refuses a submission with an answer that is not one of its question options with 400 naming answers, and stores nothing', async () => {
    const participant = await newParticipant(subject.app);
    const questions = await currentQuestions(subject.app);
    const answers = await answersFor(subject.app);
    const offList = questions
      .filter((question) => question.questionType !== 'fill_in_the_blanks')
      .slice(0, 2)
      .map((question) => question.id);
    const response = await call(subject.app, 'POST', '/api/user/submitanswer', {
      token: participant.token,
      payload: {
        answers: answers.map((answer) =>
          offList.includes(answer.questionId) ? { ...answer, userAnswer: 'something else entirely' } : answer,
        ),
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: `answers: the answer to question ${offList.join(', ')} is not one of its options`,
      error: 'answers',
    });
    expect(await resultsOf(participant.id)).toEqual([]);
  });

  it('takes the options in any case and with spaces, and scores them as before', async () => {
    const participant = await newParticipant(subject.app);
    const answers = (await answersFor(subject.app)).map((answer) => ({
      ...answer,
      userAnswer: ` ${answer.userAnswer.toUpperCase()}  `,
    }));
    const response = await call(subject.app, 'POST', '/api/user/submitanswer', {
      token: participant.token,
      payload: { answers },
    });
    expect(response.statusCode).toBe(201);
    const result = await subject.app.db
      .selectFrom('results')
      .select(['correct', 'wrong'])
      .where('participant_id', '=', participant.id)
      .executeTakeFirstOrThrow();
    expect({ correct: Number(result.correct), wrong: Number(result.wrong) }).toEqual({
      correct: answers.length,
      wrong: 0,
    });
  });
});

describe('answerFit', () => {
  const question = (fields: Partial<VersionedQuestion>): VersionedQuestion => ({
    id: 'q',
    question: 'Q?',
    correctAnswer: 'A',
    questionType: 'mcq',
    options: ['A', 'B'],
    category: { id: 'c', name: 'C' },
    ...fields,
  });

  it('takes the offered answers of a version, trimmed and ignoring case; true and false for true/false', () => {
    const set = {
      records: [
        question({ id: 'mcq', options: [' Alpha ', 'Beta'] }),
        // As some stored banks spell them.
        question({ id: 'tf', questionType: 'truefalse', options: ['True', 'False'], correctAnswer: 'True' }),
        question({ id: 'fill', questionType: 'fill_in_the_blanks', options: [] }),
        // The participant app answers a multiple-choice question without options with true or false.
        question({ id: 'bare', options: [] }),
      ],
    };
    expect(answerFit(set, 'mcq', 'alpha')).toBe('fits');
    expect(answerFit(set, 'mcq', ' BETA ')).toBe('fits');
    expect(answerFit(set, 'mcq', '')).toBe('fits');
    expect(answerFit(set, 'mcq', 'Gamma')).toBe('not-an-option');
    expect(answerFit(set, 'tf', 'true')).toBe('fits');
    expect(answerFit(set, 'tf', 'FALSE')).toBe('fits');
    expect(answerFit(set, 'tf', 'yes')).toBe('not-an-option');
    expect(answerFit(set, 'fill', 'any text')).toBe('fits');
    expect(answerFit(set, 'bare', 'false')).toBe('fits');
    expect(answerFit(set, 'bare', 'A')).toBe('not-an-option');
    expect(answerFit(set, 'missing', 'A')).toBe('unknown-question');
  });
});
