import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import {
  auditExportResponseSchema,
  auditListResponseSchema,
  auditRetentionSchema,
  type AuditEntry,
} from '@prometrica/shared-api/contract';
import { exportAuditLog, purgeAuditLog, record, serverActor } from '../../src/modules/audit/service';
import { questionSet } from '../../src/modules/questions/question-set';
import { currentCode } from '../../src/modules/second-factor/service';
import { currentQuestions, signConsent, type Method } from '../helpers/api';
import { build, type TestApp } from '../helpers/build';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { createTestUser, loginAs } from '../helpers/users';

/**
 * The message a statement is refused with, '' when it is not. Not `rejects.toThrow`: better-sqlite3
 * builds its errors from the first test file of the process that loaded it, an Error of another
 * realm, which jest's toThrow does not take for an error (the check then failed in a full run only).
 */
const refusal = (query: Promise<unknown>) =>
  query.then(
    () => '',
    (error: unknown) => String((error as { message?: unknown } | null)?.message ?? error),
  );

// The audit log: one scripted session performs every audited action through the API, and each
// entry is checked (actor, action, target, address, the changed fields of an edit). Nothing can
// change or delete an entry: no route, and the database refuses it too.

// Mail is configured (to an SMTP server in the test), so an invitation can be mailed again.
let subject: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  subject = await build({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
});
afterAll(async () => {
  await subject.close();
  await smtp.close();
});
const address = '203.0.113.77';
const strongPassword = 'Quiet-Lantern-Harbour-4827';

function from(app: FastifyInstance, method: Method, url: string, token?: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    remoteAddress: address,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
}

async function ok(response: Awaited<ReturnType<typeof from>>, status = 200) {
  if (response.statusCode !== status) throw new Error(`${status} expected: ${response.statusCode} ${response.body}`);
  return response.json();
}

async function allEntries(app: FastifyInstance, token: string): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  for (let page = 1; ; page += 1) {
    const listed = auditListResponseSchema
      .strict()
      .parse(await ok(await from(app, 'GET', `/api/admin/audit-log?limit=100&page=${page}`, token)));
    entries.push(...listed.entries);
    if (page >= listed.totalPages) return entries.reverse();
  }
}

describe('the audit log', () => {
  let superadmin: Awaited<ReturnType<typeof createTestUser>>;
  let token: string;
  let entries: AuditEntry[];
  const ids: Record<string, string> = {};
  const emails = { participant: `audit.participant.${Date.now()}@example.com` };

  beforeAll(async () => {
    const { app } = subject;
    superadmin = await createTestUser(app, { role: 'superadmin', password: strongPassword });

    // Sign-in: a failure, then a success.
    expect(
      (await from(app, 'POST', '/api/auth/login', undefined, { email: superadmin.email, password: 'wrong-one-1234' }))
        .statusCode,
    ).toBe(401);
    token = (
      await ok(
        await from(app, 'POST', '/api/auth/login', undefined, { email: superadmin.email, password: strongPassword }),
      )
    ).accessToken;

    // Categories and questions.
    ids.category = (
      await ok(await from(app, 'POST', '/api/category', token, { name: 'Audit Category' }), 201)
    ).category._id;
    await ok(await from(app, 'PUT', `/api/category/${ids.category}`, token, { name: 'Audit Category Renamed' }));
    ids.question = (
      await ok(
        await from(app, 'POST', '/api/admin/addquestion', token, {
          question: 'Is the audit log append-only?',
          correctAnswer: 'True',
          questionType: 'truefalse',
          options: ['True', 'False'],
          category: 'Audit Category Renamed',
        }),
        201,
      )
    ).question._id;
    await ok(
      await from(app, 'PUT', `/api/admin/updatequestion/${ids.question}`, token, {
        question: 'Is the audit log really append-only?',
        correctAnswer: 'True',
        questionType: 'truefalse',
        options: ['True', 'False'],
      }),
    );
    await ok(await from(app, 'DELETE', `/api/admin/deletequestion/${ids.question}`, token));
    await ok(await from(app, 'DELETE', `/api/category/${ids.category}`, token));

    // Concerns.
    const concerns = await ok(
      await from(app, 'POST', '/api/complaint/create-complaint', token, [
        { title: 'Audit noise', description: 'Loud' },
      ]),
      201,
    );
    ids.concern = concerns.complaints[0]._id;
    await ok(
      await from(app, 'PUT', `/api/complaint/edit/${ids.concern}`, token, {
        title: 'Audit noise',
        description: 'Very loud',
      }),
    );
    await ok(await from(app, 'DELETE', `/api/complaint/delete/${ids.concern}`, token));

    // Accounts.
    ids.user = (
      await ok(
        await from(app, 'POST', '/api/admin/createuser', token, {
          name: 'Audit Person',
          email: `audit.person.${Date.now()}@example.com`,
          password: 'Brisk-Meadow-Falcon-9913',
          role: 'user',
          phoneNumber: '03001234567',
        }),
        201,
      )
    ).user._id;
    const created = await app.db.selectFrom('users').selectAll().where('id', '=', ids.user!).executeTakeFirstOrThrow();
    await ok(
      await from(app, 'PUT', `/api/admin/updateuser/${ids.user}`, token, {
        name: 'Audit Person Renamed',
        email: created.email,
        phoneNumber: created.phone_number,
        role: 'user',
      }),
    );
    await ok(await from(app, 'DELETE', `/api/admin/deleteuser/${ids.user}`, token));

    // Participants: invited, one who submits (so a result can be viewed), exports, erasure.
    const invited = await ok(
      await from(app, 'POST', '/api/admin/invitations', token, {
        name: 'Paula Audit',
        email: emails.participant,
        phone: '+923001112233',
        send: false,
      }),
      201,
    );
    ids.participant = invited.participant._id;
    const link: string = invited.participant.invitation.link;
    const opened = await ok(
      await from(app, 'POST', '/api/invitations/open', undefined, { token: link.split('/invite/')[1] }),
    );
    await signConsent(app, opened.token);
    const questions = await currentQuestions(app);
    const version = (await questionSet(app).latest()).version;
    await ok(
      await from(app, 'POST', '/api/user/submitanswer', opened.token, {
        questionSetVersion: version,
        answers: questions.map((question) => ({ questionId: question.id, userAnswer: question.correctAnswer })),
      }),
      201,
    );
    const result = await app.db
      .selectFrom('results')
      .select('id')
      .where('participant_id', '=', ids.participant!)
      .executeTakeFirstOrThrow();
    ids.result = result.id;
    const ratable = await ok(await from(app, 'GET', '/api/complaint-bother/get-all', opened.token));
    await ok(
      await from(app, 'POST', '/api/complaint-bother/add-complaint', opened.token, [
        { complaintId: ratable.complaints[0]._id, botherOptions: ['A great deal'] },
      ]),
      201,
    );
    const rating = await app.db
      .selectFrom('concern_ratings')
      .innerJoin('concern_submissions', 'concern_submissions.id', 'concern_ratings.submission_id')
      .select('concern_ratings.id')
      .where('concern_submissions.participant_id', '=', ids.participant!)
      .executeTakeFirstOrThrow();
    ids.rating = rating.id;
    await ok(await from(app, 'DELETE', `/api/complaint-bother/delete-user-complaint/${ids.rating}`, token));
    await ok(await from(app, 'GET', `/api/admin/getquizresult/${ids.result}`, token));
    await ok(await from(app, 'GET', '/api/admin/invitations/export', token));
    await ok(await from(app, 'GET', `/api/admin/participants/${ids.participant}/export`, token));
    await ok(
      await from(app, 'POST', '/api/admin/invitations/import', token, {
        csv: `name,email\nIvo Import,ivo.${Date.now()}@example.com\n`,
      }),
    );
    const second = await ok(
      await from(app, 'POST', '/api/admin/invitations', token, {
        name: 'Rita Revoke',
        email: `rita.${Date.now()}@example.com`,
        send: false,
      }),
      201,
    );
    ids.invitation = second.participant.invitation._id;
    await ok(await from(app, 'POST', `/api/admin/invitations/${ids.invitation}/resend`, token));
    await ok(await from(app, 'POST', `/api/admin/invitations/${ids.invitation}/revoke`, token));
    await ok(await from(app, 'DELETE', `/api/admin/participants/${ids.participant}`, token));

    // Settings.
    await ok(await from(app, 'PUT', '/api/admin/participation', token, { openEntry: false }));
    await ok(await from(app, 'PUT', '/api/admin/retention', token, { months: 36 }));
    await ok(await from(app, 'POST', '/api/admin/retention/run', token));
    await ok(await from(app, 'PUT', '/api/admin/audit-retention', token, { months: 30 }));
    await ok(await from(app, 'PUT', '/api/admin/second-factor-requirement', token, { required: true }));
    await ok(await from(app, 'PUT', '/api/admin/second-factor-requirement', token, { required: false }));

    // The log itself, exported; and the superadmin's own password.
    await ok(await from(app, 'GET', '/api/admin/audit-log/export?action=sign-in', token));
    await ok(
      await from(app, 'POST', '/api/user/change-password', token, {
        currentPassword: strongPassword,
        newPassword: 'Amber-Willow-Compass-5521',
      }),
    );

    entries = await allEntries(app, token);
  });

  const find = (action: string, targetId?: string) => {
    const entry = entries.find(
      (candidate) => candidate.action === action && (targetId === undefined || candidate.targetId === targetId),
    );
    if (!entry) throw new Error(`no ${action} entry${targetId ? ` for ${targetId}` : ''}`);
    return entry;
  };

  it('records every audited action of the session, with who, when and from which address', () => {
    const byTheSuperadmin = [
      ['sign-in', undefined],
      ['category.create', ids.category],
      ['category.edit', ids.category],
      ['category.delete', ids.category],
      ['question.create', ids.question],
      ['question.edit', ids.question],
      ['question.delete', ids.question],
      ['concern.create', ids.concern],
      ['concern.edit', ids.concern],
      ['concern.delete', ids.concern],
      ['user.create', ids.user],
      ['user.edit', ids.user],
      ['user.delete', ids.user],
      ['participant.invite', ids.participant],
      ['result.view', ids.result],
      ['participants.export', undefined],
      ['participant.export', ids.participant],
      ['participant.import', undefined],
      ['invitation.resend', ids.invitation],
      ['invitation.revoke', ids.invitation],
      ['concern-rating.delete', ids.rating],
      ['participant.erase', ids.participant],
      ['setting.open-entry', 'open_entry'],
      ['setting.retention', 'retention_months'],
      ['retention.run', undefined],
      ['setting.audit-retention', 'audit_retention_months'],
      ['setting.second-factor-requirement', 'second_factor_required'],
      ['audit.export', undefined],
      ['user.password-change', superadmin.id],
    ] as const;
    for (const [action, targetId] of byTheSuperadmin) {
      const entry = find(action, targetId);
      expect({
        action,
        actorId: entry.actorId,
        actorEmail: entry.actorEmail,
        actorRole: entry.actorRole,
        address: entry.address,
      }).toEqual({
        action,
        actorId: superadmin.id,
        actorEmail: superadmin.email,
        actorRole: 'superadmin',
        address,
      });
      expect(Date.now() - Date.parse(entry.at)).toBeLessThan(120_000);
    }
    const failed = find('sign-in-failed');
    expect(failed).toMatchObject({
      actorId: superadmin.id,
      actorEmail: superadmin.email,
      address,
      targetId: superadmin.id,
    });
    // In the order they happened.
    const order = entries.map((entry) => entry.action);
    expect(order.indexOf('sign-in-failed')).toBeLessThan(order.indexOf('sign-in'));
    expect(order.indexOf('category.create')).toBeLessThan(order.indexOf('category.delete'));
  });

  it('keeps the changed fields of an edit, before and after, and what a deletion removed', () => {
    expect(find('category.edit', ids.category)).toMatchObject({
      targetType: 'category',
      before: { name: 'Audit Category' },
      after: { name: 'Audit Category Renamed' },
    });
    expect(find('question.edit', ids.question)).toMatchObject({
      before: { question: 'Is the audit log append-only?' },
      after: { question: 'Is the audit log really append-only?' },
    });
    expect(Object.keys(find('question.edit', ids.question).after ?? {})).toEqual(['question']);
    expect(find('concern.edit', ids.concern)).toMatchObject({
      before: { description: 'Loud' },
      after: { description: 'Very loud' },
    });
    expect(find('user.edit', ids.user)).toMatchObject({
      before: { name: 'Audit Person' },
      after: { name: 'Audit Person Renamed' },
    });
    expect(find('category.delete', ids.category)).toMatchObject({
      before: { name: 'Audit Category Renamed' },
      after: null,
    });
    expect(find('user.create', ids.user).after).toMatchObject({ name: 'Audit Person', role: 'user' });
    expect(find('setting.open-entry', 'open_entry')).toMatchObject({
      before: { openEntry: true },
      after: { openEntry: false },
    });
    expect(find('setting.retention', 'retention_months')).toMatchObject({
      before: { months: null },
      after: { months: 36 },
    });
    expect(find('setting.second-factor-requirement', 'second_factor_required')).toMatchObject({
      before: { required: false },
      after: { required: true },
    });
    expect(find('concern-rating.delete', ids.rating)).toMatchObject({ before: null, after: null });
    expect(find('setting.audit-retention', 'audit_retention_months')).toMatchObject({
      before: { months: 24 },
      after: { months: 30 },
    });
  });

  it("never holds a password hash, and keeps an erasure without the participant's data", async () => {
    const text = JSON.stringify(entries);
    expect(text).not.toMatch(/password_hash|passwordHash|scrypt|argon2/);
    expect(text).not.toContain(strongPassword);
    expect(text).not.toContain(emails.participant);
    expect(text).not.toContain('Paula Audit');
    expect(find('participant.erase', ids.participant).after).toMatchObject({
      reason: 'request',
      erased: expect.objectContaining({ results: 1 }),
    });
  });

  it('filters by who, what and when, and exports the filtered entries as CSV', async () => {
    const { app } = subject;
    const byAction = auditListResponseSchema.parse(
      await ok(await from(app, 'GET', '/api/admin/audit-log?action=category.edit', token)),
    );
    expect(byAction.entries.map((entry) => entry.action)).toEqual(['category.edit']);
    const byActor = auditListResponseSchema.parse(
      await ok(
        await from(
          app,
          'GET',
          `/api/admin/audit-log?limit=100&actor=${encodeURIComponent(superadmin.email.toUpperCase())}`,
          token,
        ),
      ),
    );
    expect(byActor.totalEntries).toBeGreaterThan(20);
    const today = new Date().toISOString().slice(0, 10);
    const todays = auditListResponseSchema.parse(
      await ok(await from(app, 'GET', `/api/admin/audit-log?from=${today}&to=${today}`, token)),
    );
    expect(todays.totalEntries).toBe(entries.length);
    const before = auditListResponseSchema.parse(
      await ok(await from(app, 'GET', '/api/admin/audit-log?to=2000-01-01', token)),
    );
    expect(before.totalEntries).toBe(0);
    expect((await from(app, 'GET', '/api/admin/audit-log?from=yesterday', token)).statusCode).toBe(400);

    const exported = auditExportResponseSchema.parse(
      await ok(await from(app, 'GET', '/api/admin/audit-log/export?action=category.edit', token)),
    );
    const lines = exported.csv.trim().split('\r\n');
    expect(lines[0]).toBe('at,actor,role,address,action,target type,target id,before,after');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${superadmin.email},superadmin,${address},category.edit,category,${ids.category}`);
    expect(exported.truncated).toBe(false);
    // Past the limit of one export, the newest entries only, and it says so.
    const filters = { actor: '', action: '' };
    const capped = await exportAuditLog(app, filters, new Date(), 3);
    expect(capped.truncated).toBe(true);
    expect(capped.csv.trim().split('\r\n')).toHaveLength(4);
    expect((await exportAuditLog(app, { ...filters, action: 'category.edit' }, new Date(), 1)).truncated).toBe(false);
  });

  it('guards the CSV against formulas in what a caller typed', async () => {
    const { app } = subject;
    await from(app, 'POST', '/api/auth/login', undefined, {
      email: '=HYPERLINK("x")@example.com',
      password: 'nope-nope-nope',
    });
    const exported = auditExportResponseSchema.parse(
      await ok(await from(app, 'GET', '/api/admin/audit-log/export?action=sign-in-failed', token)),
    );
    expect(exported.csv).toContain(`"'=HYPERLINK(""x"")@example.com"`);
  });

  it('records the second factor turned on, a wrong code as a failed sign-in, the sign-in the right one completes, and the factor turned off', async () => {
    const { app } = subject;
    const account = await createTestUser(app, { role: 'admin', password: 'Cobalt-Orchard-Signal-3380' });
    const first = await ok(
      await from(app, 'POST', '/api/auth/login', undefined, { email: account.email, password: account.password }),
    );
    const { secret } = await ok(await from(app, 'POST', '/api/auth/second-factor/setup', first.accessToken));
    await ok(
      await from(app, 'POST', '/api/auth/second-factor/confirm', first.accessToken, { code: currentCode(secret) }),
    );
    // The code just used is spent: the next call takes the next one.
    const forgetUsedSteps = () =>
      app.db.updateTable('account_second_factors').set({ last_step: 0 }).where('user_id', '=', account.id).execute();
    await forgetUsedSteps();
    const login = { email: account.email, password: account.password };
    const { challenge } = await ok(await from(app, 'POST', '/api/auth/login', undefined, login));
    const wrong = await from(app, 'POST', '/api/auth/login/second-factor', undefined, {
      challenge,
      code: '000000' === currentCode(secret) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(401);
    const signedIn = await ok(
      await from(app, 'POST', '/api/auth/login/second-factor', undefined, { challenge, code: currentCode(secret) }),
    );
    await forgetUsedSteps();
    const renew = { code: currentCode(secret) };
    await ok(await from(app, 'POST', '/api/auth/second-factor/recovery-codes', signedIn.accessToken, renew));
    await forgetUsedSteps();
    const disable = { password: account.password, code: currentCode(secret) };
    await ok(await from(app, 'POST', '/api/auth/second-factor/disable', signedIn.accessToken, disable));
    const own = auditListResponseSchema.parse(
      await ok(await from(app, 'GET', `/api/admin/audit-log?actor=${encodeURIComponent(account.email)}`, token)),
    );
    expect(own.entries.map((entry) => [entry.action, entry.after])).toEqual([
      ['user.second-factor-off', null],
      ['user.recovery-codes', null],
      ['sign-in', null],
      ['sign-in-failed', { step: 'second factor' }],
      ['user.second-factor-on', null],
      ['sign-in', null],
    ]);
    expect(own.entries.every((entry) => entry.address === address && entry.actorId === account.id)).toBe(true);
  });

  it('is for the superadmin only', async () => {
    const { app } = subject;
    const admin = await createTestUser(app, { role: 'admin', password: 'Stone-River-Kettle-6612' });
    const adminToken = await loginAs(app, admin.email, admin.password);
    for (const url of ['/api/admin/audit-log', '/api/admin/audit-log/export', '/api/admin/audit-retention']) {
      expect((await from(app, 'GET', url, adminToken)).statusCode).toBe(403);
      expect((await from(app, 'GET', url)).statusCode).toBe(401);
    }
    expect((await from(app, 'PUT', '/api/admin/audit-retention', adminToken, { months: 6 })).statusCode).toBe(403);
    auditRetentionSchema.parse(await ok(await from(app, 'GET', '/api/admin/audit-retention', token)));
  });

  it('has no call that changes or deletes an entry', async () => {
    const { app } = subject;
    const id = entries[0]!._id;
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      for (const url of ['/api/admin/audit-log', `/api/admin/audit-log/${id}`, '/api/admin/audit-log/export']) {
        const response = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: {} });
        expect([404, 405]).toContain(response.statusCode);
      }
    }
    expect(await app.db.selectFrom('audit_log').select('id').where('id', '=', id).executeTakeFirst()).toEqual({ id });
  });

  it('is append-only in the database itself', async () => {
    const { app } = subject;
    const id = entries[0]!._id;
    expect(
      await refusal(app.db.updateTable('audit_log').set({ action: 'nothing' }).where('id', '=', id).execute()),
    ).toMatch(/append-only/);
    expect(await refusal(app.db.deleteFrom('audit_log').where('id', '=', id).execute())).toMatch(/append-only/);
    if (app.dialect === 'postgres') {
      expect(await refusal(sql`truncate audit_log`.execute(app.db))).toMatch(/append-only/);
    }
    expect(await app.db.selectFrom('audit_log').select('action').where('id', '=', id).executeTakeFirst()).toEqual({
      action: entries[0]!.action,
    });
  });

  it('purges entries past the retention setting, and records the purge', async () => {
    const { app } = subject;
    const now = new Date();
    const old = new Date(now);
    old.setUTCMonth(old.getUTCMonth() - 31);
    await record(
      app.db,
      serverActor,
      { action: 'retention.run', targetType: 'participants', after: { erased: 0 } },
      old,
    );
    const total = async () =>
      Number(
        (
          await app.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const count = await total();
    expect(await purgeAuditLog(app, now)).toBe(1);
    expect(await total()).toBe(count); // one gone, one added: the purge's own entry
    const purge = auditListResponseSchema.parse(
      await ok(await from(app, 'GET', '/api/admin/audit-log?action=audit.purge', token)),
    );
    expect(purge.entries[0]).toMatchObject({ actorEmail: 'server', actorId: null, after: { deleted: 1, months: 30 } });
    expect(await purgeAuditLog(app, now)).toBe(0);
    // Outside the purge, deleting stays refused.
    expect(await refusal(app.db.deleteFrom('audit_log').execute())).toMatch(/append-only/);
  });
});
