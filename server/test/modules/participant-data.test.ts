import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import {
  participantErasureResponseSchema,
  participantExportSchema,
  resultListResponseSchema,
  retentionPreviewSchema,
  retentionSettingsSchema,
  statsResponseSchema,
} from '@prometrica/shared-api/contract';
import {
  monthsBefore,
  retentionPreview,
  runRetention,
  scheduleRetention,
} from '../../src/modules/participant-data/retention';
import { sqliteFileName } from '../../src/db/sqlite/sqlite';
import { tryRetentionLock } from '../../src/modules/participant-data/repository';
import { questionSet } from '../../src/modules/questions/question-set';
import { emailKey } from '../../src/modules/rate-limits/service';
import { call, currentQuestions, signConsent } from '../helpers/api';
import { appForTests } from '../helpers/build';
import { png } from '../helpers/png';

const subject = appForTests({ signIn: 'admin' });
let unique = 0;

/** Every column of every table (text columns on PostgreSQL) holding `value`: `table.column` names. */
async function tablesHolding(app: FastifyInstance, value: string): Promise<string[]> {
  const found: string[] = [];
  if (app.dialect === 'sqlite') {
    // Every table, the full-text search table and its shadow tables included, every column.
    const { rows: tables } = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(app.db);
    for (const { name } of tables) {
      const { rows: columns } = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(
        app.db,
      );
      for (const column of columns) {
        const { rows } = await sql<{ n: number }>`
          select count(*) as n from ${sql.table(name)} where instr(${sql.ref(column.name)}, ${value}) > 0`.execute(
          app.db,
        );
        if (Number(rows[0]?.n) > 0) found.push(`${name}.${column.name}`);
      }
    }
    return found;
  }
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')`.execute(app.db);
  for (const { table_name: table, column_name: column } of columns) {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from ${sql.table(table)} where strpos(${sql.ref(column)}::text, ${value}) > 0`.execute(
      app.db,
    );
    if (Number(rows[0]?.n) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

interface Person {
  id: string;
  name: string;
  email: string;
  phone: string;
  token: string;
  signature: string;
  answers: string[];
  resultId: string | undefined;
}

/**
 * A participant who went all the way: invited, opened the link, signed with a signature image of
 * their own, saved an answer, submitted answers of their own (every question takes free text here)
 * and rated the concerns. `submit: false` stops after the saved answer.
 */
async function fullParticipant(app: FastifyInstance, token: string, options: { submit?: boolean } = {}) {
  unique += 1;
  const n = unique;
  const person = {
    name: `Erin Eraseme${n}`,
    email: `erin.${n}.${Date.now()}@example.com`,
    phone: `+92300765${String(4300 + n)}`,
  };
  const invited = await call(app, 'POST', '/api/admin/invitations', { token, payload: { ...person, send: false } });
  expect(invited.statusCode).toBe(201);
  const link: string = invited.json().participant.invitation.link;
  const opened = await call(app, 'POST', '/api/invitations/open', { payload: { token: link.split('/invite/')[1] } });
  expect(opened.statusCode).toBe(200);
  const participantToken: string = opened.json().token;
  const signature = png(600 + n, 160).toString('base64');
  await signConsent(app, participantToken, { imageBase64: signature });
  const questions = await currentQuestions(app);
  const version = (await questionSet(app).latest()).version;
  const answers = questions.map((question, index) => `answer ${index} of person ${n} ${Date.now()}`);
  const saved = await call(app, 'POST', '/api/user/answer', {
    token: participantToken,
    payload: {
      questionId: questions[0]!.id,
      userAnswer: `saved ${answers[0]}`,
      questionSetVersion: version,
      timeMs: 1200,
    },
  });
  expect(saved.statusCode).toBe(200);
  let resultId: string | undefined;
  if (options.submit !== false) {
    const submitted = await call(app, 'POST', '/api/user/submitanswer', {
      token: participantToken,
      payload: {
        questionSetVersion: version,
        answers: questions.map((question, index) => ({ questionId: question.id, userAnswer: answers[index] })),
      },
    });
    expect(submitted.statusCode).toBe(201);
    const concerns = await call(app, 'GET', '/api/complaint-bother/get-all', { token: participantToken });
    const concernId: string = concerns.json().complaints[0]._id;
    const rated = await call(app, 'POST', '/api/complaint-bother/add-complaint', {
      token: participantToken,
      payload: [{ complaintId: concernId, botherOptions: ['A great deal'] }],
    });
    expect(rated.statusCode).toBe(201);
    resultId = (
      await app.db
        .selectFrom('results')
        .select('id')
        .where('participant_id', '=', invited.json().participant._id)
        .executeTakeFirstOrThrow()
    ).id;
  }
  const row = await app.db
    .selectFrom('participants')
    .select(['id', 'phone'])
    .where('email_lower', '=', person.email.toLowerCase())
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    name: person.name,
    email: person.email,
    phone: row.phone,
    token: participantToken,
    signature,
    answers: [...answers, `saved ${answers[0]}`],
    resultId,
  } satisfies Person;
}

const toNumber = (value: unknown) => Number(value ?? 0);

/**
 * Every dashboard figure read through the API, next to the same figures recomputed from the rows
 * that remain: the overview's participant counts (kept per month by triggers), the results
 * summary and search (an index kept by triggers), the concern submissions and the participants list.
 */
async function figuresAndRecomputation(app: FastifyInstance, token: string, searchFor: string) {
  const year = new Date().getUTCFullYear();
  const stats = statsResponseSchema.parse((await call(app, 'GET', `/api/admin/stats?year=${year}`, { token })).json());
  const results = resultListResponseSchema.parse(
    (await call(app, 'GET', '/api/admin/getquizresult?page=1&limit=100', { token })).json(),
  );
  const searched = resultListResponseSchema.parse(
    (
      await call(app, 'GET', `/api/admin/getquizresult?page=1&limit=100&search=${encodeURIComponent(searchFor)}`, {
        token,
      })
    ).json(),
  );
  const concerns = (await call(app, 'GET', '/api/complaint-bother/get-all-complaints', { token })).json();
  const participants = (await call(app, 'GET', '/api/admin/participants?page=1&limit=100', { token })).json();

  const perMonth = await app.db
    .selectFrom('participants')
    .select((eb) => [sql<string>`substr(created_at, 1, 7)`.as('month'), eb.fn.countAll().as('n')])
    .groupBy(sql`substr(created_at, 1, 7)`)
    .execute();
  const totals = await app.db
    .selectFrom('results')
    .select((eb) => [
      eb.fn.countAll().as('total'),
      eb.fn.sum('passed').as('passed'),
      eb.fn.avg('percent').as('average'),
    ])
    .executeTakeFirstOrThrow();
  const matching = await app.db
    .selectFrom('results')
    .innerJoin('participants', 'participants.id', 'results.participant_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where((eb) =>
      eb.or([
        eb('participants.name_lower', 'like', `%${searchFor.toLowerCase()}%`),
        eb('participants.email_lower', 'like', `%${searchFor.toLowerCase()}%`),
      ]),
    )
    .executeTakeFirstOrThrow();
  const submissionCount = await app.db
    .selectFrom('concern_submissions')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const participantCount = await app.db
    .selectFrom('participants')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const monthCounts = new Map(perMonth.map((row) => [row.month, toNumber(row.n)]));

  return {
    shown: {
      participants: stats.totals.participants,
      participantRole: stats.roles.find((role) => role.role === 'participant')?.count,
      monthly: stats.monthly.map((month) => month.participants),
      results: results.summary,
      resultRows: results.results.length,
      searched: searched.totalResults,
      concernSubmissions: concerns.data.length,
      listed: participants.totalParticipants,
    },
    recomputed: {
      participants: toNumber(participantCount.n),
      participantRole: toNumber(participantCount.n),
      monthly: stats.monthly.map((month) => monthCounts.get(`${year}-${String(month.month).padStart(2, '0')}`) ?? 0),
      results: {
        total: toNumber(totals.total),
        passed: toNumber(totals.passed),
        failed: toNumber(totals.total) - toNumber(totals.passed),
        averagePercent: Math.round(toNumber(totals.average)),
      },
      resultRows: toNumber(totals.total),
      searched: toNumber(matching.n),
      concernSubmissions: toNumber(submissionCount.n),
      listed: toNumber(participantCount.n),
    },
  };
}

beforeAll(async () => {
  // Every answer is then free text, unique to its participant, so a scan can look for it.
  await subject.app.db.updateTable('questions').set({ question_type: 'fill_in_the_blanks', options: '[]' }).execute();
  questionSet(subject.app).invalidate();
});

describe('export and erasure of one participant', () => {
  it('exports everything held about a participant, without the link or the resume code', async () => {
    const { app, token } = subject;
    const person = await fullParticipant(app, token);
    const response = await call(app, 'GET', `/api/admin/participants/${person.id}/export`, { token });
    expect(response.statusCode).toBe(200);
    const document = participantExportSchema.strict().parse(response.json());
    expect(document.participant).toMatchObject({
      _id: person.id,
      name: person.name,
      email: person.email,
      phone: person.phone,
      stage: 'concerns-done',
      resumeCodeIssued: true,
    });
    expect(document.consent?.imageBase64).toBe(person.signature);
    expect(document.progressAnswers).toEqual([
      expect.objectContaining({ userAnswer: person.answers.at(-1), timeMs: 1200 }),
    ]);
    const questions = await currentQuestions(app);
    expect(document.result?.answers.map((answer) => answer.userAnswer)).toEqual(
      person.answers.slice(0, questions.length),
    );
    expect(document.result?.categories.length).toBeGreaterThan(0);
    expect(document.concerns?.ratings).toEqual([expect.objectContaining({ chosenOptions: ['A great deal'] })]);
    expect(document.invitations).toEqual([expect.objectContaining({ status: 'active', openedAt: expect.any(String) })]);

    const { token: linkToken } = await app.db
      .selectFrom('invitations')
      .select('token')
      .where('participant_id', '=', person.id)
      .executeTakeFirstOrThrow();
    const { resume_code: resumeCode } = await app.db
      .selectFrom('participants')
      .select('resume_code')
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(response.body).not.toContain(linkToken);
    expect(response.body).not.toContain(resumeCode);
  });

  it('erases a participant so that no table holds their details, answers or signature, and every figure follows', async () => {
    const { app, token } = subject;
    const kept = await fullParticipant(app, token);
    const partial = await fullParticipant(app, token, { submit: false });
    const erased = await fullParticipant(app, token);
    // Their email is counted by a rate limit (under its hash) when they enter their details.
    const entered = await call(app, 'POST', '/api/auth/validateuser', {
      token: erased.token,
      payload: { email: erased.email, name: erased.name },
    });
    expect(entered.statusCode).toBe(200);
    const counted = () =>
      app.db.selectFrom('rate_limits').select('kind').where('key', '=', emailKey(erased.email)).execute();
    expect(await counted()).not.toEqual([]);
    const exported = participantExportSchema.parse(
      (await call(app, 'GET', `/api/admin/participants/${erased.id}/export`, { token })).json(),
    );
    expect(exported.result).not.toBeNull();
    // The doctor's report on them: comments that name them, saved and released with a link.
    const comment = `Comments on ${erased.name}, who answered ${erased.answers[0]}`;
    const commented = await call(app, 'PUT', `/api/admin/reports/${erased.resultId}/comments`, {
      token,
      payload: { overall: comment, categories: {}, baseVersion: 0 },
    });
    expect(commented.statusCode).toBe(200);
    const released = await call(app, 'POST', `/api/admin/reports/${erased.resultId}/send`, {
      token,
      payload: { delivery: 'link' },
    });
    expect(released.statusCode).toBe(200);
    expect((await tablesHolding(app, comment)).sort()).toEqual([
      'report_versions.overall_comment',
      'reports.overall_comment',
    ]);
    // The scan finds them where they are held, the search index included.
    const held = await tablesHolding(app, erased.email.toLowerCase());
    expect(held).toEqual(expect.arrayContaining(['participants.email_lower']));
    expect(held).toContainEqual(app.dialect === 'sqlite' ? 'result_search.email_lower' : 'results.search_text');
    expect(await tablesHolding(app, erased.signature)).toEqual(['agreements.image_base64']);
    const before = await figuresAndRecomputation(app, token, 'erin');
    expect(before.shown).toEqual(before.recomputed);

    const response = await call(app, 'DELETE', `/api/admin/participants/${erased.id}`, { token });
    expect(response.statusCode).toBe(200);
    expect(participantErasureResponseSchema.strict().parse(response.json()).erased).toEqual({
      consents: 1,
      progressAnswers: 1,
      results: 1,
      concernSubmissions: 1,
      concernRatings: 1,
      invitations: 1,
      reports: 1,
      reportLinks: 1,
    });

    const traces = [
      erased.email,
      erased.email.toLowerCase(),
      erased.name,
      erased.phone,
      erased.signature,
      ...erased.answers,
      comment,
    ];
    for (const table of ['reports', 'report_versions', 'report_links'] as const) {
      const rows = await app.db
        .selectFrom(table)
        .select('result_id')
        .where('result_id', '=', erased.resultId!)
        .execute();
      expect({ table, rows }).toEqual({ table, rows: [] });
    }
    for (const value of traces)
      expect({ value, tables: await tablesHolding(app, value) }).toEqual({ value, tables: [] });
    // The ids, which say nothing of the person once their rows are gone, stay only as the targets
    // of audit entries: that they were invited, viewed, erased.
    for (const id of [erased.id, ...(erased.resultId ? [erased.resultId] : [])]) {
      const tables = await tablesHolding(app, id);
      expect({ id, tables }).toEqual({ id, tables: tables.length ? ['audit_log.target_id'] : [] });
    }
    expect(
      await app.db
        .selectFrom('audit_log')
        .select(['action', 'after'])
        .where('target_id', '=', erased.id)
        .where('action', '=', 'participant.erase')
        .execute(),
    ).toEqual([{ action: 'participant.erase', after: expect.stringContaining('"reason":"request"') }]);
    expect(await counted()).toEqual([]);
    // The others are untouched (the scan does find what is there).
    expect(await tablesHolding(app, kept.email)).toContain('participants.email');
    expect(await tablesHolding(app, partial.signature)).toContain('agreements.image_base64');

    const after = await figuresAndRecomputation(app, token, 'erin');
    expect(after.shown).toEqual(after.recomputed);
    expect(after.shown.participants).toBe(before.shown.participants - 1);
    expect(after.shown.results.total).toBe(before.shown.results.total - 1);
    expect(after.shown.searched).toBe(before.shown.searched - 1);
    expect(after.shown.concernSubmissions).toBe(before.shown.concernSubmissions - 1);
    const search = (
      await call(app, 'GET', `/api/admin/getquizresult?search=${encodeURIComponent(erased.email)}`, { token })
    ).json();
    expect(search.totalResults).toBe(0);

    // Gone for good: a second erasure, an export and the participant's own token find nothing.
    const again = await call(app, 'DELETE', `/api/admin/participants/${erased.id}`, { token });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Participant not found' });
    expect((await call(app, 'GET', `/api/admin/participants/${erased.id}/export`, { token })).statusCode).toBe(404);
    expect((await call(app, 'GET', '/api/user/progress', { token: erased.token })).statusCode).toBe(401);
  });

  it('on SQLite, leaves none of their details, answers or signature in the database file', async () => {
    const { app, token } = subject;
    if (app.dialect !== 'sqlite') return;
    const kept = await fullParticipant(app, token);
    const erased = await fullParticipant(app, token);
    const file = path.join(app.config.dataDir, sqliteFileName);
    const inFile = async (value: string) => {
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(app.db);
      return fs.readFileSync(file).includes(value);
    };
    expect(await inFile(erased.email)).toBe(true);
    expect((await call(app, 'DELETE', `/api/admin/participants/${erased.id}`, { token })).statusCode).toBe(200);
    for (const value of [erased.email, erased.name, erased.phone, erased.signature.slice(-200), erased.answers.at(-1)!])
      expect({ value, inFile: await inFile(value) }).toEqual({ value, inFile: false });
    expect(await inFile(kept.email)).toBe(true);
  });

  it('refuses unknown ids with 404 and callers other than admins', async () => {
    const { app, token } = subject;
    expect((await call(app, 'DELETE', '/api/admin/participants/no-such-participant', { token })).statusCode).toBe(404);
    expect((await call(app, 'GET', '/api/admin/participants/no-such-participant/export', { token })).statusCode).toBe(
      404,
    );
    const person = await fullParticipant(app, token, { submit: false });
    expect((await call(app, 'DELETE', `/api/admin/participants/${person.id}`)).statusCode).toBe(401);
    expect(
      (await call(app, 'DELETE', `/api/admin/participants/${person.id}`, { token: person.token })).statusCode,
    ).toBe(401);
    expect(
      (await call(app, 'GET', `/api/admin/participants/${person.id}/export`, { token: person.token })).statusCode,
    ).toBe(401);
  });
});

describe('retention', () => {
  /** Moves a participant's submission (and its concerns) back to `at`. */
  async function submittedAt(app: FastifyInstance, id: string, at: string) {
    await app.db.updateTable('results').set({ created_at: at }).where('participant_id', '=', id).execute();
  }

  it('is off by default: the preview lists nobody and a run erases nobody', async () => {
    const { app, token } = subject;
    const settings = retentionSettingsSchema
      .strict()
      .parse((await call(app, 'GET', '/api/admin/retention', { token })).json());
    expect(settings.months).toBeNull();
    const preview = retentionPreviewSchema
      .strict()
      .parse((await call(app, 'GET', '/api/admin/retention/preview', { token })).json());
    expect(preview).toEqual({ months: null, cutoff: null, count: 0, participants: [] });
    const run = await call(app, 'POST', '/api/admin/retention/run', { token });
    expect(run.json()).toEqual({ message: 'Retention is off: nobody was erased', erased: 0 });
  });

  it('refuses months out of range', async () => {
    const { app, token } = subject;
    for (const months of [0, 121, 1.5, '6']) {
      const response = await call(app, 'PUT', '/api/admin/retention', { token, payload: { months } });
      expect(response.statusCode).toBe(400);
    }
  });

  it('erases, at controlled times, those who submitted more than N months ago, and previews them first', async () => {
    const { app, token } = subject;
    const old = await fullParticipant(app, token);
    const recent = await fullParticipant(app, token);
    const unsubmitted = await fullParticipant(app, token, { submit: false });
    await submittedAt(app, old.id, '2025-01-10T09:00:00.000Z');
    await submittedAt(app, recent.id, '2025-06-20T09:00:00.000Z');

    const set = await call(app, 'PUT', '/api/admin/retention', { token, payload: { months: 6 } });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ months: 6 });

    // 2025-07-10 09:00 less six months is 2025-01-10 09:00: not yet before it.
    const july = new Date('2025-07-10T09:00:00.000Z');
    expect((await retentionPreview(app, july)).count).toBe(0);
    const later = new Date('2025-07-10T09:00:00.001Z');
    const preview = await retentionPreview(app, later);
    expect(preview).toEqual({
      months: 6,
      cutoff: '2025-01-10T09:00:00.001Z',
      count: 1,
      participants: [{ _id: old.id, name: old.name, email: old.email, submittedAt: '2025-01-10T09:00:00.000Z' }],
    });
    expect(await runRetention(app, later)).toEqual({ message: '1 participant erased', erased: 1 });
    expect(await tablesHolding(app, old.email)).toEqual([]);
    expect(await tablesHolding(app, recent.email)).toContain('participants.email');
    expect(await tablesHolding(app, unsubmitted.email)).toContain('participants.email');
    const settings = (await call(app, 'GET', '/api/admin/retention', { token })).json();
    expect(settings).toEqual({ months: 6, lastRun: { at: later.toISOString(), erased: 1 } });

    // Now (years later) the route erases the recent one too; the one who never submitted stays.
    const now = retentionPreviewSchema.parse(
      (await call(app, 'GET', '/api/admin/retention/preview', { token })).json(),
    );
    expect(now.participants.map((participant) => participant._id)).toContain(recent.id);
    expect(now.participants.map((participant) => participant._id)).not.toContain(unsubmitted.id);
    const run = await call(app, 'POST', '/api/admin/retention/run', { token });
    expect(run.json().erased).toBe(now.count);
    expect(await tablesHolding(app, recent.email)).toEqual([]);
    expect(await tablesHolding(app, unsubmitted.email)).toContain('participants.email');
    const figures = await figuresAndRecomputation(app, token, 'erin');
    expect(figures.shown).toEqual(figures.recomputed);

    expect((await call(app, 'PUT', '/api/admin/retention', { token, payload: { months: null } })).json()).toMatchObject(
      {
        months: null,
      },
    );
  });

  it('erases each participant once when two runs meet, and runs on a timer', async () => {
    const { app, token } = subject;
    const old = [
      await fullParticipant(app, token),
      await fullParticipant(app, token),
      await fullParticipant(app, token),
    ];
    for (const person of old) await submittedAt(app, person.id, '2020-01-01T00:00:00.000Z');
    await call(app, 'PUT', '/api/admin/retention', { token, payload: { months: 12 } });
    const runs = await Promise.all([runRetention(app), runRetention(app)]);
    expect(runs[0].erased + runs[1].erased).toBe(3);

    const next = await fullParticipant(app, token);
    await submittedAt(app, next.id, '2020-01-01T00:00:00.000Z');
    const failures: unknown[] = [];
    const schedule = scheduleRetention(app, (error) => failures.push(error), 20, 20);
    for (let waited = 0; waited < 5000 && (await tablesHolding(app, next.email)).length > 0; waited += 50)
      await new Promise((done) => setTimeout(done, 50));
    await schedule.stop();
    expect(failures).toEqual([]);
    expect(await tablesHolding(app, next.email)).toEqual([]);
    await call(app, 'PUT', '/api/admin/retention', { token, payload: { months: null } });
  });

  it('on PostgreSQL, a run finds another process running (the advisory lock taken) and leaves it the work', async () => {
    const { app, token } = subject;
    if (app.dialect !== 'postgres') return;
    const old = await fullParticipant(app, token);
    await submittedAt(app, old.id, '2020-01-01T00:00:00.000Z');
    await call(app, 'PUT', '/api/admin/retention', { token, payload: { months: 12 } });
    let release!: () => void;
    const released = new Promise<void>((done) => (release = done));
    let held!: () => void;
    const holding = new Promise<void>((done) => (held = done));
    // Another process's run: holds the lock in its transaction until released.
    const other = app.db.transaction().execute(async (trx) => {
      expect(await tryRetentionLock(trx, 'postgres')).toBe(true);
      held();
      await released;
    });
    await holding;
    expect(await runRetention(app)).toEqual({
      message: 'Another server process is running retention now: it erases them',
      erased: 0,
    });
    expect(await tablesHolding(app, old.email)).toContain('participants.email');
    release();
    await other;
    expect((await runRetention(app)).erased).toBe(1);
    await call(app, 'PUT', '/api/admin/retention', { token, payload: { months: null } });
  });

  it('takes calendar months, the day kept where the month has it', () => {
    expect(monthsBefore(new Date('2025-03-31T12:00:00.000Z'), 1).toISOString()).toBe('2025-02-28T12:00:00.000Z');
    expect(monthsBefore(new Date('2024-03-31T12:00:00.000Z'), 1).toISOString()).toBe('2024-02-29T12:00:00.000Z');
    expect(monthsBefore(new Date('2025-01-15T00:00:00.000Z'), 13).toISOString()).toBe('2023-12-15T00:00:00.000Z');
  });
});
