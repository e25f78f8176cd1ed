/**
 * The final checks of the reliability tests catch what they are there to catch: a few participants
 * take the assessment on an in-process server, the checks pass, then the stored data is damaged
 * in the ways a crash or a race could damage it and every damage must be reported.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { decodeAnswers, decodeCategories, encodeAnswers, encodeCategories } from '../../src/modules/results/codecs';
import type { AnswerRecord, ResultCategoryRecord } from '../../src/modules/results/records';
import { rebuildAggregates } from '../../src/modules/insights/service';
import { build, type TestApp } from '../helpers/build';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminLogin,
  adminQuestions,
  checkDatabase,
  checkThroughAdminApi,
  destroyAgents,
  JWT_SECRET,
  makeParticipants,
  newStats,
  participantFailures,
  runParticipant,
  type Participant,
} from './support';

let testApp: TestApp;
let app: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  testApp = await build({ ADMIN_EMAIL, ADMIN_PASSWORD, JWT_SECRET });
  app = testApp.app;
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  destroyAgents();
  await testApp?.close();
});

const resultOf = async (p: Participant) => {
  const row = await app.db
    .selectFrom('results')
    .innerJoin('participants', 'participants.id', 'results.participant_id')
    .select(['results.id', 'participants.id as participantId'])
    .where('participants.email_lower', '=', p.email.toLowerCase())
    .executeTakeFirstOrThrow();
  return row;
};

/** Rewrites the first stored answer of `p`'s result. */
async function changeFirstAnswer(p: Participant, change: (first: AnswerRecord) => AnswerRecord) {
  const resultId = (await resultOf(p)).id;
  const stored = await app.db
    .selectFrom('result_answers')
    .select('answers')
    .where('result_id', '=', resultId)
    .executeTakeFirstOrThrow();
  const [first, ...others] = decodeAnswers(stored.answers);
  await app.db
    .updateTable('result_answers')
    .set({ answers: encodeAnswers([change(first!), ...others]) })
    .where('result_id', '=', resultId)
    .execute();
}

/** Rewrites the first stored category figure of `p`'s result. */
async function changeFirstFigure(p: Participant, change: (first: ResultCategoryRecord) => ResultCategoryRecord) {
  const resultId = (await resultOf(p)).id;
  const stored = await app.db
    .selectFrom('results')
    .select('categories')
    .where('id', '=', resultId)
    .executeTakeFirstOrThrow();
  const [first, ...others] = decodeCategories(stored.categories);
  await app.db
    .updateTable('results')
    .set({ categories: encodeCategories([change(first!), ...others]) })
    .where('id', '=', resultId)
    .execute();
}

const mentioning = (problems: string[], p: Participant) => problems.filter((line) => line.includes(p.email));

describe('reliability checks', () => {
  it('pass on a clean run and report every kind of damage', async () => {
    const adminToken = await adminLogin(baseUrl);
    const questions = await adminQuestions(baseUrl, adminToken);
    const participants = makeParticipants(`k${Date.now().toString(36)}`, 7);
    const options = {
      baseUrl,
      questions,
      stats: newStats(),
      deadline: Date.now() + 20_000,
      thinkMs: [0, 10] as [number, number],
      revalidateChance: 0,
      freshSessionShare: 0,
    };
    await Promise.all(participants.map((p) => runParticipant(p, options, async () => {})));
    expect(participantFailures(participants)).toEqual([]);

    expect((await checkThroughAdminApi(baseUrl, adminToken, participants)).problems).toEqual([]);
    const clean = await checkDatabase(app.db, participants, questions);
    expect(clean.problems).toEqual([]);
    expect(clean.figures).toMatchObject({
      results: 7,
      distinctParticipants: 7,
      participants: 7,
      answers: 7 * questions.size,
    });

    const [total, marked, figure, lost, answer, renamed, acknowledged] = participants as [
      Participant,
      Participant,
      Participant,
      Participant,
      Participant,
      Participant,
      Participant,
    ];
    // A stored total that the answers do not add up to.
    await app.db
      .updateTable('results')
      .set({ correct: sql`correct + 1` })
      .where('id', '=', (await resultOf(total)).id)
      .execute();
    // An answer marked right or wrong against its own snapshot.
    await changeFirstAnswer(marked, (first) => ({ ...first, isCorrect: !first.isCorrect }));
    // A category figure off by one.
    await changeFirstFigure(figure, (first) => ({ ...first, correct: first.correct + 1 }));
    // A lost submission.
    await app.db
      .deleteFrom('results')
      .where('id', '=', (await resultOf(lost)).id)
      .execute();
    // An answer that is not the one sent.
    await changeFirstAnswer(answer, (first) => ({ ...first, userAnswer: 'tampered' }));
    // The submit transaction's participant update missing.
    await app.db
      .updateTable('participants')
      .set({ name: renamed.name })
      .where('id', '=', (await resultOf(renamed)).participantId)
      .execute();
    // The aggregates are kept by the same transactions as the rows: a submission lost from the
    // database takes its part of them with it, so they are counted again from what is left.
    await rebuildAggregates(app.db);
    // An acknowledgement the stored result does not match.
    acknowledged.ack = { kind: 'created', status: 201, submittedAt: '2000-01-01T00:00:00.000Z' };

    const api = (await checkThroughAdminApi(baseUrl, adminToken, participants)).problems;
    const direct = await checkDatabase(app.db, participants, questions);
    for (const damaged of [total, marked, figure, lost, answer, renamed, acknowledged]) {
      expect({ email: damaged.email, found: mentioning(direct.problems, damaged).length > 0 }).toEqual({
        email: damaged.email,
        found: true,
      });
    }
    for (const damaged of [total, figure, lost, acknowledged]) {
      expect({ email: damaged.email, found: mentioning(api, damaged).length > 0 }).toEqual({
        email: damaged.email,
        found: true,
      });
    }
    expect(direct.problems).toContain('database: 6 results, expected 7');
    expect(api).toContain('admin API: totalResults 6, expected 7');
  });
});
