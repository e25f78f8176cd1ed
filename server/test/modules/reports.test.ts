import { createHash } from 'node:crypto';
import {
  adminReportResponseSchema,
  limits,
  participantExportSchema,
  reportLinkResponseSchema,
  reportVersionsResponseSchema,
  revokeReportResponseSchema,
  saveReportCommentsResponseSchema,
  sendReportResponseSchema,
  userReportsResponseSchema,
  type AdminReportResponse,
} from '@prometrica/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { addressKey, rateLimits, tooManyAttemptsMessage } from '../../src/modules/rate-limits/service';
import { percentileIn } from '../../src/modules/reports/content';
import {
  expiredLinkMessage,
  reportMailNotConfiguredMessage,
  reportNotFoundMessage,
  reportSubject,
  revokedLinkMessage,
} from '../../src/modules/reports/service';
import { call, clearDemoContent, currentQuestions, newParticipant, submitAll } from '../helpers/api';
import { appForTests, build, type TestApp } from '../helpers/build';
import { flattened, pdfText } from '../helpers/pdf-text';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { signedIn } from '../helpers/api';

// The doctor's report, end to end through the API on a real database (SQLite, or PostgreSQL with
// DATABASE_URL) and a real SMTP server: content checked against the stored rows, percentiles of a
// small cohort worked out by hand, comment versions, release by link and by mail, revocation,
// expiry, the participant's copies, erasure and export.

let smtp: TestSmtpServer;
let subject: TestApp;
let app: FastifyInstance;
let admin: string;
const doctor = 'Dr. Ada Example';

/** Two categories of two true/false questions each: every figure is 0, 50 or 100. */
async function smallQuestionBank() {
  await clearDemoContent(app);
  for (const name of ['Alpha', 'Beta']) {
    expect((await call(app, 'POST', '/api/category', { token: admin, payload: { name } })).statusCode).toBe(201);
    for (const n of [1, 2]) {
      const added = await call(app, 'POST', '/api/admin/addquestion', {
        token: admin,
        payload: {
          question: `${name} question ${n}?`,
          correctAnswer: 'true',
          questionType: 'truefalse',
          category: name,
        },
      });
      expect(added.statusCode).toBe(201);
    }
  }
  const concern = await call(app, 'POST', '/api/complaint/create-complaint', {
    token: admin,
    payload: [{ title: 'Noise', description: 'Open office' }],
  });
  expect(concern.statusCode).toBe(201);
  return concern.json().complaints[0]._id as string;
}

/** A participant who submitted, wrong on the questions `wrong` names (`Alpha 1`, `Beta 2`, ...). */
async function submitted(wrong: readonly string[], details: { name?: string; email?: string } = {}) {
  const participant = await newParticipant(app, details);
  const response = await submitAll(app, participant.token, (question) =>
    wrong.some((label) => question.question === `${label.replace(' ', ' question ')}?`),
  );
  expect(response.statusCode).toBe(201);
  const result = await app.db
    .selectFrom('results')
    .selectAll()
    .where('participant_id', '=', participant.id)
    .executeTakeFirstOrThrow();
  return { ...participant, resultId: result.id, result };
}

const getReport = async (resultId: string, token = admin) => {
  const response = await call(app, 'GET', `/api/admin/reports/${resultId}`, { token });
  expect(response.statusCode).toBe(200);
  return adminReportResponseSchema.parse(response.json());
};

const send = (resultId: string, payload: Record<string, unknown>, on: FastifyInstance = app, token = admin) =>
  call(on, 'POST', `/api/admin/reports/${resultId}/send`, { token, payload });

const openLink = (token: string, suffix = '', remoteAddress = '192.0.2.10') =>
  app.inject({ method: 'GET', url: `/api/reports/link/${token}${suffix}`, remoteAddress });

const tokenOf = (link: string) => link.split('/report/')[1]!;

beforeAll(async () => {
  smtp = await startSmtpServer({
    // Refuses the recipients whose address starts with `refused`, as a mail server refuses an unknown user.
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('refused')) {
        callback(Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 }));
      } else callback();
    },
  });
  subject = await build({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: `${doctor} <doctor@example.com>`,
    PUBLIC_URL: 'https://assess.example.com',
  });
  app = subject.app;
  admin = (await signedIn(app, 'admin')).token;
});
afterAll(async () => {
  await subject?.close();
  await smtp?.close();
});

describe('the report content', () => {
  let concernId: string;
  let cohort: Array<Awaited<ReturnType<typeof submitted>>>;

  beforeAll(async () => {
    concernId = await smallQuestionBank();
    // Overall 100, 75, 0, 50; Alpha 100, 50, 0, 100; Beta 100, 100, 0, 0.
    cohort = [
      await submitted([]),
      await submitted(['Alpha 1']),
      await submitted(['Alpha 1', 'Alpha 2', 'Beta 1', 'Beta 2']),
      await submitted(['Beta 1', 'Beta 2']),
    ];
  });

  it('holds the stored figures, the answers with the correct ones, the dates and the consent; percentiles worked out by hand', async () => {
    const second = cohort[1]!;
    const { content, report, mailConfigured } = await getReport(second.resultId);
    expect(mailConfigured).toBe(true);
    expect(report).toMatchObject({ status: 'draft', version: 0, releasedAt: null, openedAt: null, links: [] });
    expect(content.participant).toEqual({
      _id: second.id,
      name: second.name,
      email: second.email,
      phoneNumber: second.phone,
    });
    expect(content.totals).toEqual({ correctAnswer: 3, wrongAnswer: 1, totalAnswers: 4, percent: 75, passed: true });
    // Overall 75 among 100, 75, 0, 50: two lower, itself the one tie → (2 + 0.5) / 4 = 62.5 → 63.
    expect(content.cohortSize).toBe(4);
    expect(content.percentile).toBe(63);
    expect(content.categories).toEqual([
      // Alpha 50 among 100, 50, 0, 100: (1 + 0.5) / 4 = 37.5 → 38.
      expect.objectContaining({
        categoryName: 'Alpha',
        correctAnswer: 1,
        wrongAnswer: 1,
        percent: 50,
        performance: 'Average',
        percentile: 38,
      }),
      // Beta 100 among 100, 100, 0, 0: (2 + 1) / 4 = 75.
      expect.objectContaining({
        categoryName: 'Beta',
        correctAnswer: 2,
        wrongAnswer: 0,
        percent: 100,
        performance: 'High',
        percentile: 75,
      }),
    ]);
    expect(content.showsCorrectAnswers).toBe(true);
    const questions = await currentQuestions(app);
    expect(content.answers).toEqual(
      questions.map((question) => ({
        question: question.question,
        categoryName: question.category.name,
        userAnswer: question.question === 'Alpha question 1?' ? 'false' : 'true',
        correctAnswer: 'true',
        isCorrect: question.question !== 'Alpha question 1?',
      })),
    );

    const participant = await app.db
      .selectFrom('participants')
      .selectAll()
      .where('id', '=', second.id)
      .executeTakeFirstOrThrow();
    const consent = await app.db
      .selectFrom('agreements')
      .selectAll()
      .where('participant_id', '=', second.id)
      .executeTakeFirstOrThrow();
    expect(content.dates).toEqual({
      invitedAt: null,
      enteredAt: participant.created_at,
      consentedAt: consent.created_at,
      // Submitted in one go, with no answer saved before: the start is unknown.
      startedAt: null,
      submittedAt: second.result.created_at,
      timeTakenSeconds: null,
    });
    expect(content.consent).toMatchObject({
      _id: consent.id,
      createdAt: consent.created_at,
      imageBase64: consent.image_base64,
    });
    expect(content.questionSetVersion).toBe(second.result.question_set_version);
    expect(content.concerns).toEqual([]);

    const audit = await app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'report.view')
      .where('target_id', '=', second.resultId)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('the start is the first saved answer, the concerns are the ratings', async () => {
    const participant = await newParticipant(app);
    const { questionSetVersion } = (await call(app, 'GET', '/api/user/progress', { token: participant.token })).json();
    const [question] = await currentQuestions(app);
    const saved = await call(app, 'POST', '/api/user/answer', {
      token: participant.token,
      payload: { questionId: question!.id, userAnswer: 'true', questionSetVersion },
    });
    expect(saved.statusCode).toBe(200);
    expect((await submitAll(app, participant.token)).statusCode).toBe(201);
    const rated = await call(app, 'POST', '/api/complaint-bother/add-complaint', {
      token: participant.token,
      payload: [{ complaintId: concernId, botherOptions: ['A little'] }],
    });
    expect(rated.statusCode).toBe(201);
    const result = await app.db
      .selectFrom('results')
      .selectAll()
      .where('participant_id', '=', participant.id)
      .executeTakeFirstOrThrow();
    const progress = await app.db
      .selectFrom('progress_answers')
      .selectAll()
      .where('participant_id', '=', participant.id)
      .executeTakeFirstOrThrow();

    const { content } = await getReport(result.id);
    expect(content.dates.startedAt).toBe(progress.answered_at);
    expect(content.dates.timeTakenSeconds).toBe(
      Math.round((Date.parse(result.created_at) - Date.parse(progress.answered_at)) / 1000),
    );
    expect(content.concerns).toEqual([{ title: 'Noise', description: 'Open office', rating: 'A little' }]);
    expect(content.concernsSubmittedAt).not.toBeNull();
    // The fifth result (all right, 100) joined the cohort: 100 among 100, 75, 0, 50, 100 → (3 + 1) / 5 = 80.
    expect(content.cohortSize).toBe(5);
    expect(content.percentile).toBe(80);
    // And the first result's standing changed with it: (3 + 1) / 5 as well.
    expect((await getReport(cohort[0]!.resultId)).content.percentile).toBe(80);
  });

  it('percentiles follow the stored results: each figure against every result, counted from the database', async () => {
    const results = await app.db.selectFrom('results').select(['id', 'percent', 'categories']).execute();
    const share = (values: number[], value: number) =>
      Math.round(
        (100 * (values.filter((v) => v < value).length + values.filter((v) => v === value).length / 2)) / values.length,
      );
    const overall = results.map((row) => row.percent);
    const byCategory = (name: string) =>
      results.flatMap((row) =>
        (JSON.parse(row.categories) as Array<[string, number, number, number, number]>)
          .filter((c) => c[0] === name)
          .map((c) => c[4]),
      );
    for (const row of results) {
      const { content } = await getReport(row.id);
      expect(content.cohortSize).toBe(results.length);
      expect(content.percentile).toBe(share(overall, row.percent));
      for (const category of content.categories) {
        expect(category.percentile).toBe(share(byCategory(category.categoryName), category.percent));
      }
    }
  });

  it('a percentile is the share strictly lower plus half the ties', () => {
    const distribution = new Map([
      [0, 1],
      [50, 2],
      [100, 1],
    ]);
    expect(percentileIn(distribution, 50)).toBe(50);
    expect(percentileIn(distribution, 0)).toBe(13);
    expect(percentileIn(distribution, 100)).toBe(88);
    expect(percentileIn(new Map(), 40)).toBe(0);
  });

  it('answers 404 for a result that does not exist, and 400 naming the id when it is too long', async () => {
    const missing = await call(app, 'GET', '/api/admin/reports/no-such-result', { token: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Result not found');
    const long = await call(app, 'GET', `/api/admin/reports/${'x'.repeat(65)}`, { token: admin });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/resultId/);
  });
});

describe('comments', () => {
  let resultId: string;
  beforeAll(async () => {
    resultId = (await submitted(['Beta 1'])).resultId;
  });
  const save = (payload: Record<string, unknown>) =>
    call(app, 'PUT', `/api/admin/reports/${resultId}/comments`, { token: admin, payload });

  it('saves each edit as a new version; an edit from an old version is refused with 409', async () => {
    const first = await save({ overall: 'Solid overall.', categories: { Alpha: 'Strong.', Beta: '' }, baseVersion: 0 });
    expect(first.statusCode).toBe(200);
    const saved = saveReportCommentsResponseSchema.parse(first.json()).report;
    expect(saved).toMatchObject({
      version: 1,
      status: 'draft',
      comments: { overall: 'Solid overall.', categories: { Alpha: 'Strong.' } },
    });
    expect(saved.savedAt).not.toBeNull();

    const second = await save({
      overall: 'Solid overall, keen eye.',
      categories: { Beta: 'Check the details.' },
      baseVersion: 1,
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().report.version).toBe(2);

    const stale = await save({ overall: 'Written from version 1.', categories: {}, baseVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: expect.stringContaining('changed since you opened them'),
      error: 'baseVersion',
    });
    expect((await getReport(resultId)).report.comments).toEqual({
      overall: 'Solid overall, keen eye.',
      categories: { Beta: 'Check the details.' },
    });

    const versions = await call(app, 'GET', `/api/admin/reports/${resultId}/versions`, { token: admin });
    expect(versions.statusCode).toBe(200);
    expect(
      reportVersionsResponseSchema.parse(versions.json()).versions.map((v) => [v.version, v.comments.overall]),
    ).toEqual([
      [2, 'Solid overall, keen eye.'],
      [1, 'Solid overall.'],
    ]);
    const stored = await app.db.selectFrom('report_versions').selectAll().where('result_id', '=', resultId).execute();
    expect(stored).toHaveLength(2);
  });

  it('refuses bad comments with 400 naming the field', async () => {
    const unknown = await save({ overall: '', categories: { Gamma: 'Not a category here.' }, baseVersion: 2 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('categories.Gamma');
    expect(unknown.json().message).toContain('"Gamma" is not a category of this result');

    const tooLong = await save({ overall: 'x'.repeat(limits.reportComment + 1), categories: {}, baseVersion: 2 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('overall');

    const noVersion = await save({ overall: 'x', categories: {} });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().message).toContain('baseVersion');

    const notText = await save({ overall: 'x', categories: { Alpha: 3 }, baseVersion: 2 });
    expect(notText.statusCode).toBe(400);
    expect(notText.json().message).toContain('categories');
  });
});

describe('release by link', () => {
  let owner: Awaited<ReturnType<typeof submitted>>;
  let other: Awaited<ReturnType<typeof submitted>>;
  let link: string;

  beforeAll(async () => {
    owner = await submitted(['Alpha 2'], { name: 'Lina Link' });
    other = await submitted([], { name: 'Otto Other' });
    await call(app, 'PUT', `/api/admin/reports/${owner.resultId}/comments`, {
      token: admin,
      payload: { overall: 'Well done, Lina.', categories: { Alpha: 'Revisit the second item.' }, baseVersion: 0 },
    });
  });

  it('before release the participant has no report', async () => {
    const mine = await call(app, 'GET', '/api/user/reports', { token: owner.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ reports: [] });
  });

  it('releases the report with a link that is shown once (only its hash is stored)', async () => {
    const response = await send(owner.resultId, { delivery: 'link' });
    expect(response.statusCode).toBe(200);
    const sent = sendReportResponseSchema.parse(response.json());
    link = sent.link;
    expect(link).toMatch(/^https:\/\/assess\.example\.com\/report\/[A-Za-z0-9_-]{43}$/);
    expect(sent.mailed).toBe(false);
    expect(sent.message).toContain('copy the link');
    expect(Date.parse(sent.expiresAt) - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    expect(sent.report).toMatchObject({ status: 'released', openedAt: null });
    expect(sent.report.links).toEqual([
      expect.objectContaining({ status: 'active', showCorrectAnswers: false, mailedTo: null, openedAt: null }),
    ]);

    const rows = await app.db.selectFrom('report_links').selectAll().where('result_id', '=', owner.resultId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(tokenOf(link)).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(tokenOf(link));
    const audit = await app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'report.send')
      .where('target_id', '=', owner.resultId)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).not.toContain(tokenOf(link));
  });

  it("the link opens the participant's copy: their report, the comments, no correct answers; the opening is noted", async () => {
    const opened = await openLink(tokenOf(link));
    expect(opened.statusCode).toBe(200);
    const { report } = reportLinkResponseSchema.parse(opened.json());
    expect(report.content.participant._id).toBe(owner.id);
    expect(report.content.participant.name).toBe('Lina Link');
    expect(report.comments).toEqual({ overall: 'Well done, Lina.', categories: { Alpha: 'Revisit the second item.' } });
    expect(report.doctorName).toBe(doctor);
    expect(report.content.showsCorrectAnswers).toBe(false);
    expect(report.content.consent).toMatchObject({ imageBase64: expect.any(String), clientAddress: null });
    expect((await getReport(owner.resultId)).content.consent?.clientAddress).toEqual(expect.any(String));
    for (const answer of opened.json().report.content.answers) {
      expect(Object.keys(answer).sort()).toEqual(['categoryName', 'question', 'userAnswer']);
    }
    expect(opened.body).not.toContain(other.name);

    const state = (await getReport(owner.resultId)).report;
    expect(state.status).toBe('opened');
    expect(state.openedAt).not.toBeNull();
    expect(state.links[0]!.openedAt).not.toBeNull();

    const pdf = await openLink(tokenOf(link), '/pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = flattened(pdfText(pdf.rawPayload));
    expect(text).toContain('Lina Link');
    expect(text).toContain('Well done, Lina.');
  });

  it("the participant's /reports lists it for them alone; another participant's list stays empty", async () => {
    const mine = await call(app, 'GET', '/api/user/reports', { token: owner.token });
    expect(mine.statusCode).toBe(200);
    const { reports } = userReportsResponseSchema.parse(mine.json());
    expect(reports).toHaveLength(1);
    expect(reports[0]!.content.resultId).toBe(owner.resultId);
    expect(reports[0]!.content.showsCorrectAnswers).toBe(false);
    const theirs = await call(app, 'GET', '/api/user/reports', { token: other.token });
    expect(theirs.json()).toEqual({ reports: [] });
  });

  it('a link made to show the correct answers shows them, in the link and in /reports', async () => {
    const response = await send(owner.resultId, { delivery: 'link', showCorrectAnswers: true, expiresInDays: 7 });
    expect(response.statusCode).toBe(200);
    const sent = sendReportResponseSchema.parse(response.json());
    expect(Date.parse(sent.expiresAt) - Date.now()).toBeLessThan(7 * 24 * 3600 * 1000 + 60_000);
    const { report } = reportLinkResponseSchema.parse((await openLink(tokenOf(sent.link))).json());
    expect(report.content.showsCorrectAnswers).toBe(true);
    expect(report.content.answers.every((answer) => answer.correctAnswer === 'true')).toBe(true);
    const mine = userReportsResponseSchema.parse(
      (await call(app, 'GET', '/api/user/reports', { token: owner.token })).json(),
    );
    expect(mine.reports[0]!.content.showsCorrectAnswers).toBe(true);
    // The first release keeps its time.
    expect(sent.report.releasedAt).toBe((await getReport(owner.resultId)).report.releasedAt);
    expect(sent.report.links).toHaveLength(2);
  });

  it('another participant’s link opens only their own report', async () => {
    const response = await send(other.resultId, { delivery: 'link' });
    const otherLink = sendReportResponseSchema.parse(response.json()).link;
    const { report } = reportLinkResponseSchema.parse((await openLink(tokenOf(otherLink))).json());
    expect(report.content.participant._id).toBe(other.id);
    expect(report.content.resultId).toBe(other.resultId);
    expect(JSON.stringify(report)).not.toContain('Lina');
  });

  it('revoking stops every link with 410 and a message; the copy in /reports stays', async () => {
    const revoked = await call(app, 'POST', `/api/admin/reports/${owner.resultId}/revoke`, { token: admin });
    expect(revoked.statusCode).toBe(200);
    const body = revokeReportResponseSchema.parse(revoked.json());
    expect(body.revoked).toBe(2);
    expect(body.report.links.every((item) => item.status === 'revoked')).toBe(true);
    for (const suffix of ['', '/pdf']) {
      const gone = await openLink(tokenOf(link), suffix);
      expect(gone.statusCode).toBe(410);
      expect(gone.headers['content-type']).toMatch(/^application\/json/);
      expect(gone.json()).toEqual({ message: revokedLinkMessage, error: 'revoked' });
    }
    const again = await call(app, 'POST', `/api/admin/reports/${owner.resultId}/revoke`, { token: admin });
    expect(again.json().revoked).toBe(0);
    // No link that was not revoked shows the correct answers any more.
    const mine = userReportsResponseSchema.parse(
      (await call(app, 'GET', '/api/user/reports', { token: owner.token })).json(),
    );
    expect(mine.reports[0]!.content.showsCorrectAnswers).toBe(false);
  });

  it('an expired link answers 410 with a message', async () => {
    const sent = sendReportResponseSchema.parse((await send(owner.resultId, { delivery: 'link' })).json());
    await app.db
      .updateTable('report_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', createHash('sha256').update(tokenOf(sent.link)).digest('hex'))
      .execute();
    const gone = await openLink(tokenOf(sent.link));
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ message: expiredLinkMessage, error: 'expired' });
    expect((await getReport(owner.resultId)).report.links[0]!.status).toBe('expired');
  });

  it('an unknown link answers 404, a malformed one 400 naming the token', async () => {
    const unknown = await openLink('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(reportNotFoundMessage);
    const malformed = await openLink('not%20a%20token');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/token/);
  });

  it('bounds opening links per client address (429 with Retry-After)', async () => {
    const address = '198.51.100.77';
    await app.db
      .insertInto('rate_limits')
      .values({
        kind: 'report-open-address',
        key: addressKey(address),
        window_started_at: new Date().toISOString(),
        attempts: rateLimits.reportOpensPerAddress,
      })
      .execute();
    const refused = await openLink('A'.repeat(43), '', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(tooManyAttemptsMessage);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses bad send bodies with 400 naming the field', async () => {
    for (const [payload, field] of [
      [{ delivery: 'pigeon' }, 'delivery'],
      [{ delivery: 'link', expiresInDays: 0 }, 'expiresInDays'],
      [{ delivery: 'link', expiresInDays: 366 }, 'expiresInDays'],
      [{ delivery: 'link', attachPdf: 'yes' }, 'attachPdf'],
      [{ delivery: 'link', showCorrectAnswers: 1 }, 'showCorrectAnswers'],
    ] as const) {
      const response = await send(owner.resultId, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(field);
    }
    expect((await send('no-such-result', { delivery: 'link' })).statusCode).toBe(404);
  });
});

describe('release by mail', () => {
  it('mails the link, and the PDF when asked; the mail holds what the link opens', async () => {
    const participant = await submitted(['Beta 2'], { name: 'Zoë Ñúñez Ωμέγα Юлия' });
    const before = smtp.received.length;
    const response = await send(participant.resultId, { delivery: 'mail', attachPdf: true });
    expect(response.statusCode).toBe(200);
    const sent = sendReportResponseSchema.parse(response.json());
    expect(sent.mailed).toBe(true);
    expect(sent.message).toBe(`Report sent to ${participant.email}.`);
    expect(sent.report.links[0]!.mailedTo).toBe(participant.email);

    const mail = smtp.received
      .slice(before)
      .find((item) => item.rcptTo.includes(participant.email.toLowerCase()) || item.rcptTo.includes(participant.email));
    expect(mail).toBeDefined();
    expect(mail!.message.subject).toBe(reportSubject);
    expect(mail!.message.text).toContain(sent.link);
    expect(mail!.message.text).toContain(`${doctor} has prepared your report`);
    expect(mail!.message.attachments).toHaveLength(1);
    const attachment = mail!.message.attachments[0]!;
    expect(attachment.contentType).toBe('application/pdf');
    expect(attachment.filename).toMatch(/^report-Zoë-Ñúñez-Ωμέγα-Юлия-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(attachment.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(flattened(pdfText(attachment.content))).toContain('Zoë Ñúñez Ωμέγα Юлия');

    const opened = await openLink(tokenOf(sent.link));
    expect(opened.statusCode).toBe(200);
    expect(opened.json().report.content.participant._id).toBe(participant.id);
  });

  it('without attachPdf the mail carries the link only', async () => {
    const participant = await submitted([]);
    const before = smtp.received.length;
    expect((await send(participant.resultId, { delivery: 'mail' })).statusCode).toBe(200);
    const mails = smtp.received.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.message.attachments).toHaveLength(0);
    expect(mails[0]!.message.text).toMatch(/https:\/\/assess\.example\.com\/report\/[A-Za-z0-9_-]{43}/);
  });

  it('a refused mail answers 502 with the mail server’s reason, and nothing is released', async () => {
    const participant = await submitted([], { email: `refused-${Date.now()}@example.com` });
    const response = await send(participant.resultId, { delivery: 'mail' });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(/^The report was not sent: .*No such user here.*Nothing was released/);
    const state = (await getReport(participant.resultId)).report;
    expect(state).toMatchObject({ status: 'draft', releasedAt: null, links: [] });
  });
});

describe('the PDF download', () => {
  it("is the admin's copy as an attachment named after the participant", async () => {
    const participant = await submitted(['Alpha 1'], { name: 'Zoë Ñúñez' });
    const response = await call(app, 'GET', `/api/admin/reports/${participant.resultId}/pdf`, { token: admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const day = participant.result.created_at.slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="report-Zo_-___ez-${day}.pdf"; filename*=UTF-8''${encodeURIComponent(`report-Zoë-Ñúñez-${day}.pdf`)}`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = flattened(pdfText(response.rawPayload));
    expect(text).toContain('Zoë Ñúñez');
    expect(text).toContain('Alpha');
  });
});

describe('access', () => {
  it('admin calls refuse participants and no token (401), and accounts without the admin role (403)', async () => {
    const participant = await submitted([]);
    const user = (await signedIn(app, 'user')).token;
    const calls: Array<[method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown]> = [
      ['GET', `/api/admin/reports/${participant.resultId}`],
      ['PUT', `/api/admin/reports/${participant.resultId}/comments`, { overall: '', categories: {}, baseVersion: 0 }],
      ['GET', `/api/admin/reports/${participant.resultId}/versions`],
      ['POST', `/api/admin/reports/${participant.resultId}/send`, { delivery: 'link' }],
      ['POST', `/api/admin/reports/${participant.resultId}/revoke`],
      ['GET', `/api/admin/reports/${participant.resultId}/pdf`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(app, method, url, { payload })).statusCode).toBe(401);
      expect((await call(app, method, url, { token: participant.token, payload })).statusCode).toBe(401);
      expect((await call(app, method, url, { token: user, payload })).statusCode).toBe(403);
    }
    expect((await call(app, 'GET', '/api/user/reports')).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/user/reports', { token: admin })).statusCode).toBe(401);
  });
});

describe('erasure and export', () => {
  it('the export holds the report without token hashes; erasure removes the report, its versions and its links', async () => {
    const participant = await submitted([], { name: 'Erin Erased' });
    await call(app, 'PUT', `/api/admin/reports/${participant.resultId}/comments`, {
      token: admin,
      payload: { overall: 'To be erased.', categories: {}, baseVersion: 0 },
    });
    const sent = sendReportResponseSchema.parse((await send(participant.resultId, { delivery: 'link' })).json());
    const hash = createHash('sha256').update(tokenOf(sent.link)).digest('hex');

    const exported = await call(app, 'GET', `/api/admin/participants/${participant.id}/export`, { token: admin });
    expect(exported.statusCode).toBe(200);
    const document = participantExportSchema.parse(exported.json());
    expect(document.report).toMatchObject({
      resultId: participant.resultId,
      status: 'released',
      comments: { overall: 'To be erased.', categories: {} },
      version: 1,
    });
    expect(document.report!.links).toHaveLength(1);
    expect(exported.body).not.toContain(hash);
    expect(exported.body).not.toContain(tokenOf(sent.link));

    const erased = await call(app, 'DELETE', `/api/admin/participants/${participant.id}`, { token: admin });
    expect(erased.statusCode).toBe(200);
    expect(erased.json().erased).toMatchObject({ reports: 1, reportLinks: 1 });
    for (const table of ['reports', 'report_versions', 'report_links'] as const) {
      const rows = await app.db
        .selectFrom(table)
        .select('result_id')
        .where('result_id', '=', participant.resultId)
        .execute();
      expect({ table, rows }).toEqual({ table, rows: [] });
    }
    const gone = await openLink(tokenOf(sent.link));
    expect(gone.statusCode).toBe(404);
  });

  it('retention erases a report with its participant', async () => {
    const participant = await submitted([], { name: 'Rita Retained' });
    expect((await send(participant.resultId, { delivery: 'link' })).statusCode).toBe(200);
    // Submitted two years ago, with retention at a year.
    const old = new Date(Date.now() - 2 * 365 * 24 * 3600 * 1000).toISOString();
    await app.db.updateTable('results').set({ created_at: old }).where('id', '=', participant.resultId).execute();
    expect((await call(app, 'PUT', '/api/admin/retention', { token: admin, payload: { months: 12 } })).statusCode).toBe(
      200,
    );
    const run = await call(app, 'POST', '/api/admin/retention/run', { token: admin });
    expect(run.statusCode).toBe(200);
    expect(run.json().erased).toBe(1);
    expect(
      (await call(app, 'PUT', '/api/admin/retention', { token: admin, payload: { months: null } })).statusCode,
    ).toBe(200);
    for (const table of ['reports', 'report_links'] as const) {
      const rows = await app.db
        .selectFrom(table)
        .select('result_id')
        .where('participant_id', '=', participant.id)
        .execute();
      expect({ table, rows }).toEqual({ table, rows: [] });
    }
  });

  it('the cohort follows an erasure: the percentiles are counted again without the erased result', async () => {
    const results = await app.db.selectFrom('results').select(['id', 'percent']).execute();
    const { content } = await getReport(results[0]!.id);
    expect(content.cohortSize).toBe(results.length);
  });
});

describe('without mail', () => {
  const plain = appForTests({ signIn: 'admin' });

  it('delivery by mail is refused with a message to copy the link; a link still works', async () => {
    const participant = await newParticipant(plain.app);
    expect((await submitAll(plain.app, participant.token)).statusCode).toBe(201);
    const { id } = await plain.app.db
      .selectFrom('results')
      .select('id')
      .where('participant_id', '=', participant.id)
      .executeTakeFirstOrThrow();
    const report = (
      await call(plain.app, 'GET', `/api/admin/reports/${id}`, { token: plain.token })
    ).json<AdminReportResponse>();
    expect(report.mailConfigured).toBe(false);
    const mail = await send(id, { delivery: 'mail' }, plain.app, plain.token);
    expect(mail.statusCode).toBe(409);
    expect(mail.json()).toEqual({ message: reportMailNotConfiguredMessage, error: 'delivery' });
    expect(
      (await call(plain.app, 'GET', `/api/admin/reports/${id}`, { token: plain.token })).json().report.status,
    ).toBe('draft');
    const byLink = await send(id, { delivery: 'link' }, plain.app, plain.token);
    expect(byLink.statusCode).toBe(200);
    // No PUBLIC_URL: the link is on the address the admin's request came to.
    expect(byLink.json().link).toMatch(/^http:\/\/localhost(:\d+)?\/report\/[A-Za-z0-9_-]{43}$/);
  });
});
