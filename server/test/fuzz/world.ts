// The fuzz tests' settings (runs, seed, which file covers which routes) and the world they fuzz:
// one app with an account of every role, a participant, and rows to aim ids at.

import type { FastifyInstance } from 'fastify';
import type { ApiRoute } from '../../src/lib/route-table';
import { apiRouteTable } from '../../src/modules';
import { standardRatingOptions } from '../../src/modules/concerns/service';
import { questionSet } from '../../src/modules/questions/question-set';
import { call, newParticipant, submitAll } from '../helpers/api';
import { build, type TestApp } from '../helpers/build';
import { loginAs, quickPassword, quickUser } from '../helpers/users';

export const fuzzRuns = readPositiveInteger('FUZZ_RUNS', 1000);
/** `FUZZ_SEED` replays a failure fast-check reported. */
export const fuzzSeed = process.env.FUZZ_SEED ? Number.parseInt(process.env.FUZZ_SEED, 10) : undefined;

function readPositiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1)
    throw new Error(`${name} must be a positive whole number, not "${raw}"`);
  return value;
}

/** Which fuzz file covers which modules (tags): three files, so jest runs them side by side. */
export const fuzzGroups = {
  participant: ['health', 'auth', 'quiz', 'concern-ratings', 'participation'],
  content: ['questions', 'categories', 'concerns'],
  accounts: ['users', 'results', 'reports', 'stats', 'insights', 'invitations', 'audit', 'second-factor', 'sessions'],
} as const;

export const routesOf = (group: keyof typeof fuzzGroups): ApiRoute[] =>
  apiRouteTable.filter((route) => (fuzzGroups[group] as readonly string[]).includes(route.tag));

export type Caller = 'participant' | 'user' | 'admin' | 'superadmin';

/** One app with an account of every role, a participant, and rows the fuzzer can aim ids at. */
export interface FuzzWorld {
  app: FastifyInstance;
  tokens: Record<Caller, string>;
  /** Ids of rows that exist: questions, categories, concerns, results, concern ratings, accounts. */
  ids: string[];
  /** The same ids by the module (route tag) whose routes take them. */
  idsByTag: Record<string, string[]>;
  questionIds: string[];
  concernIds: string[];
  categoryNames: string[];
  /** Deletes what the fuzzer created since `since` (ISO time), so later routes list small tables. */
  removeRowsSince(since: string): Promise<void>;
  close(): Promise<void>;
}

/** Rows created since `since`, children first; a category still holding a question stays. */
async function removeRowsSince(app: FastifyInstance, since: string): Promise<void> {
  const { db } = app;
  await db.deleteFrom('concern_submissions').where('created_at', '>=', since).execute();
  await db.deleteFrom('agreements').where('created_at', '>=', since).execute();
  await db.deleteFrom('results').where('created_at', '>=', since).execute();
  await db.deleteFrom('participants').where('created_at', '>=', since).execute();
  await db.deleteFrom('questions').where('created_at', '>=', since).execute();
  await db
    .deleteFrom('categories')
    .where('created_at', '>=', since)
    .where('id', 'not in', db.selectFrom('questions').select('category_id'))
    .execute();
  await db.deleteFrom('concerns').where('created_at', '>=', since).execute();
  await db.deleteFrom('users').where('created_at', '>=', since).execute();
  // Removed behind the API's back: the shared question list must be read again.
  questionSet(app).invalidate();
}

export async function createWorld(): Promise<FuzzWorld> {
  const subject: TestApp = await build();
  const { app } = subject;
  try {
    const tokens = {} as Record<Caller, string>;
    const accountEmails = {} as Record<Exclude<Caller, 'participant'>, string>;
    for (const role of ['user', 'admin', 'superadmin'] as const) {
      const account = await quickUser(app, { role });
      accountEmails[role] = account.email;
      tokens[role] = await loginAs(app, account.email, quickPassword);
    }
    tokens.participant = (await newParticipant(app)).token;

    // A submitted result and a rated concern, so ids of those exist too.
    const submitter = await newParticipant(app);
    expect((await submitAll(app, submitter.token)).statusCode).toBe(201);
    const concern = await app.db.selectFrom('concerns').select('id').executeTakeFirstOrThrow();
    const rated = await call(app, 'POST', '/api/complaint-bother/add-complaint', {
      token: submitter.token,
      payload: [{ complaintId: concern.id, botherOptions: [standardRatingOptions[0]] }],
    });
    expect(rated.statusCode).toBe(201);
    // Accounts the fuzzer may update or delete (never the ones whose tokens it uses).
    const targets = [await quickUser(app), await quickUser(app, { role: 'admin' })];
    // An invitation, so resending and withdrawing meet one.
    const invited = await call(app, 'POST', '/api/admin/invitations', {
      token: tokens.superadmin,
      payload: { name: 'Fuzz Invitee', email: 'fuzz.invitee@example.com', send: false },
    });
    expect(invited.statusCode).toBe(201);

    const idsOf = async (
      table: 'questions' | 'categories' | 'concerns' | 'results' | 'concern_ratings' | 'invitations',
    ) => (await app.db.selectFrom(table).select('id').execute()).map((row) => row.id);
    const questionIds = await idsOf('questions');
    const concernIds = await idsOf('concerns');
    // Second sign-ins of the accounts, for ending sessions to aim at (never the sessions whose tokens it uses).
    const spareSessions: string[] = [];
    for (const role of ['user', 'admin', 'superadmin'] as const) {
      const verified = app.tokens.verify(await loginAs(app, accountEmails[role], quickPassword));
      if (verified.ok && verified.claims.sid) spareSessions.push(verified.claims.sid);
    }
    const idsByTag = {
      questions: questionIds,
      concerns: concernIds,
      categories: await idsOf('categories'),
      results: await idsOf('results'),
      // A report's calls take its result's id.
      reports: await idsOf('results'),
      'concern-ratings': await idsOf('concern_ratings'),
      users: targets.map((target) => target.id),
      invitations: await idsOf('invitations'),
      sessions: spareSessions,
    };
    const ids = Object.values(idsByTag).flat();
    const categoryNames = (await app.db.selectFrom('categories').select('name').execute()).map((row) => row.name);
    return {
      app,
      tokens,
      ids,
      idsByTag,
      questionIds,
      concernIds,
      categoryNames,
      removeRowsSince: (since) => removeRowsSince(app, since),
      close: () => subject.close(),
    };
  } catch (error) {
    await subject.close();
    throw error;
  }
}
