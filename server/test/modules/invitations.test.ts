import {
  importInvitationsResponseSchema,
  invitationResponseSchema,
  participantListResponseSchema,
  participantSessionResponseSchema,
} from '@prometrica/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { parseCsv } from '../../src/lib/csv';
import {
  activeInvitationMessage,
  alreadyStartedMessage,
  expiredLinkMessage,
  mailNotConfiguredMessage,
  resendExpiredMessage,
  resendWithdrawnMessage,
  unknownLinkMessage,
  withdrawnLinkMessage,
} from '../../src/modules/invitations/service';
import { startedElsewhereMessage } from '../../src/modules/participants/service';
import { rateLimits, tooManyAttemptsMessage } from '../../src/modules/rate-limits/service';
import { call, newParticipant, signConsent, submitAll } from '../helpers/api';
import { appForTests, build, type TestApp } from '../helpers/build';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';

const subject = appForTests({ signIn: 'admin' });

let unique = 0;
const nextEmail = (label = 'invitee') => `${label}-${(unique += 1)}-${Date.now()}@example.com`;

/** The session a participant token carries. */
const sessionOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

const invite = (body: Record<string, unknown>, app: FastifyInstance = subject.app, token = subject.token) =>
  call(app, 'POST', '/api/admin/invitations', { token, payload: { send: false, ...body } });

const open = (token: string, app: FastifyInstance = subject.app, remoteAddress?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/invitations/open',
    ...(remoteAddress ? { remoteAddress } : {}),
    payload: { token },
  });

/** An invited participant: the reply, the link's token and the stored rows. */
async function invited(body: Record<string, unknown> = {}, app: FastifyInstance = subject.app, token = subject.token) {
  const email = (body.email as string | undefined) ?? nextEmail();
  const response = await invite({ name: 'Ina Invitee', email, phone: '0300 1234567', ...body }, app, token);
  if (response.statusCode !== 201) throw new Error(`invite failed: ${response.statusCode} ${response.body}`);
  const reply = invitationResponseSchema.parse(response.json());
  const link = reply.participant.invitation!.link;
  return { reply, email, link, linkToken: link.split('/invite/')[1]!, participantId: reply.participant._id };
}

const participantRow = (app: FastifyInstance, id: string) =>
  app.db.selectFrom('participants').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const invitationRow = (app: FastifyInstance, participantId: string) =>
  app.db.selectFrom('invitations').selectAll().where('participant_id', '=', participantId).executeTakeFirst();

describe('POST /api/admin/invitations', () => {
  it('creates the participant, held by a new session, with a personal link of 256 random bits', async () => {
    const email = nextEmail('Fresh');
    const before = Date.now();
    const response = await invite({ name: ' Fresh Face ', email, phone: '+44 20 7946 0000' });
    expect(response.statusCode).toBe(201);
    const reply = invitationResponseSchema.strict().parse(response.json());
    expect(reply.sent).toBe(false);
    expect(reply.message).toBe('Invitation created: copy the link and send it to the participant.');
    const { participant } = reply;
    expect(participant).toMatchObject({
      name: 'Fresh Face',
      email,
      phone: '+442079460000',
      stage: 'invited',
      answered: 0,
      questionCount: 12,
      resultId: null,
    });
    const invitation = participant.invitation!;
    expect(invitation).toMatchObject({ status: 'active', openedAt: null, lastSentAt: null });
    // No PUBLIC_URL: the link is on the address the admin's request came to.
    expect(invitation.link).toMatch(/^http:\/\/localhost(:80)?\/invite\/[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(invitation.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);

    const row = await participantRow(subject.app, participant._id);
    expect(row.owner_session).toEqual(expect.any(String));
    expect(row.resume_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    const stored = await invitationRow(subject.app, participant._id);
    expect(stored).toMatchObject({ id: invitation._id, token: invitation.link.split('/invite/')[1], revoked_at: null });
  });

  it('keeps the given expiry, and names each bad field', async () => {
    const { reply } = await invited({ expiresInDays: 3 });
    const days = (Date.parse(reply.participant.invitation!.expiresAt) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(3);

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: nextEmail() }, 'name: name is required'],
      [{ name: 'N', email: 'not-an-email' }, 'email: email must be a valid email address'],
      [
        { name: 'N', email: nextEmail(), phone: 'call me' },
        'phone: phone must contain only digits, spaces, dashes, dots, brackets and a leading +',
      ],
      [
        { name: 'N', email: nextEmail(), phone: '0300 123' },
        'phone: phone must be a valid phone number (an international one starts with + and its country code)',
      ],
      [{ name: 'N', email: nextEmail(), expiresInDays: 0 }, 'expiresInDays: expiresInDays must be between 1 and 365'],
      [{ name: 'N', email: nextEmail(), expiresInDays: 1.5 }, 'expiresInDays: expiresInDays must be a whole number'],
      [{ name: 'N', email: nextEmail(), send: 'yes' }, 'send: Invalid input: expected boolean, received string'],
    ];
    for (const [body, message] of cases) {
      const response = await invite(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('refuses an email with an active invitation, or whose participant has started (409)', async () => {
    const { email } = await invited();
    const again = await invite({ name: 'Again', email: email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: activeInvitationMessage, error: 'email' });

    const started = await newParticipant(subject.app);
    const late = await invite({ name: 'Late', email: started.email });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: alreadyStartedMessage, error: 'email' });
    // Nothing of theirs changed.
    expect((await participantRow(subject.app, started.id)).name).toBe(started.name);
    expect(await invitationRow(subject.app, started.id)).toBeUndefined();
  });

  it('invites a participant who entered but has not started: the details browser no longer acts for them', async () => {
    const entered = await newParticipant(subject.app, { consent: false });
    const { reply, linkToken } = await invited({
      name: 'Renamed By Admin',
      email: entered.email,
      phone: '0311 1234567',
    });
    expect(reply.participant).toMatchObject({ _id: entered.id, name: 'Renamed By Admin', phone: '+923111234567' });

    const consent = await call(subject.app, 'POST', '/api/useragreement/add', {
      token: entered.token,
      payload: { imageBase64: (await import('../helpers/png')).signaturePng, date: '2026-01-15' },
    });
    expect(consent.statusCode).toBe(403);
    expect(consent.json().message).toBe(startedElsewhereMessage);

    // The link's session does.
    const opened = await open(linkToken);
    expect(opened.statusCode).toBe(200);
    await signConsent(subject.app, opened.json().token);
  });

  it('invites again after the invitation was withdrawn or expired, with a new link and session', async () => {
    const first = await invited();
    const firstSession = (await participantRow(subject.app, first.participantId)).owner_session;
    const revoke = await call(
      subject.app,
      'POST',
      `/api/admin/invitations/${first.reply.participant.invitation!._id}/revoke`,
      {
        token: subject.token,
      },
    );
    expect(revoke.statusCode).toBe(200);

    const second = await invited({ email: first.email });
    expect(second.participantId).toBe(first.participantId);
    expect(second.linkToken).not.toBe(first.linkToken);
    expect((await participantRow(subject.app, first.participantId)).owner_session).not.toBe(firstSession);
    expect((await open(first.linkToken)).statusCode).toBe(404);

    await subject.app.db
      .updateTable('invitations')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('participant_id', '=', first.participantId)
      .execute();
    const third = await invited({ email: first.email });
    expect(third.reply.participant.invitation!.status).toBe('active');
  });

  it('builds links on PUBLIC_URL when it is set', async () => {
    const other = await build({ PUBLIC_URL: 'https://assess.example.com/prometrica/' });
    try {
      const { token } = await (await import('../helpers/api')).signedIn(other.app, 'admin');
      const { link } = await invited({}, other.app, token);
      expect(link).toMatch(/^https:\/\/assess\.example\.com\/prometrica\/invite\/[A-Za-z0-9_-]{43}$/);
    } finally {
      await other.close();
    }
  });
});

describe('POST /api/invitations/open', () => {
  it('gives every device that opens the link a token of the same session, and notes the first opening', async () => {
    const { linkToken, participantId, email } = await invited({ name: 'Two Devices' });
    const owner = (await participantRow(subject.app, participantId)).owner_session;

    const phone = await open(linkToken);
    expect(phone.statusCode).toBe(200);
    const first = participantSessionResponseSchema.strict().parse(phone.json());
    expect(first.message).toBe('Welcome to your assessment');
    expect(first.progress).toMatchObject({
      participant: { name: 'Two Devices', email, phone: '+923001234567' },
      stage: 'opened',
      consent: null,
      answers: [],
      submittedAt: null,
      concernsSubmittedAt: null,
    });
    expect(first.progress.resumeCode).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    const openedAt = (await invitationRow(subject.app, participantId))!.opened_at;
    expect(openedAt).toEqual(expect.any(String));

    const laptop = await open(linkToken);
    const second = participantSessionResponseSchema.parse(laptop.json());
    expect(sessionOf(first.token)).toBe(owner);
    expect(sessionOf(second.token)).toBe(owner);
    expect((await invitationRow(subject.app, participantId))!.opened_at).toBe(openedAt);

    // Either device acts for the participant: consent on one, the other sees it.
    await signConsent(subject.app, first.token);
    const progress = await call(subject.app, 'GET', '/api/user/progress', { token: second.token });
    expect(progress.statusCode).toBe(200);
    expect(progress.json().stage).toBe('consented');
    const reopened = participantSessionResponseSchema.parse((await open(linkToken)).json());
    expect(reopened.progress.stage).toBe('consented');
  });

  it('answers 404 for an unknown link, 410 for a withdrawn or expired one, 400 for a malformed token', async () => {
    const unknown = await open('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: unknownLinkMessage });

    const withdrawn = await invited();
    await call(subject.app, 'POST', `/api/admin/invitations/${withdrawn.reply.participant.invitation!._id}/revoke`, {
      token: subject.token,
    });
    const gone = await open(withdrawn.linkToken);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ message: withdrawnLinkMessage, error: 'revoked' });

    const expired = await invited({ expiresInDays: 1 });
    await subject.app.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('participant_id', '=', expired.participantId)
      .execute();
    const late = await open(expired.linkToken);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ message: expiredLinkMessage, error: 'expired' });
    // Neither was noted as opened.
    expect((await invitationRow(subject.app, expired.participantId))!.opened_at).toBeNull();

    for (const [token, message] of [
      ['', 'token: token is required; token: token is not a valid invitation token'],
      ['has spaces in it', 'token: token is not a valid invitation token'],
      ['x'.repeat(129), 'token: token is too long'],
    ]) {
      const response = await open(token!);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it(`allows ${rateLimits.invitationOpensPerAddress} opens per address in 15 minutes, then 429`, async () => {
    const address = '10.200.0.1';
    for (let index = 0; index < rateLimits.invitationOpensPerAddress; index += 1) {
      expect((await open('B'.repeat(43), subject.app, address)).statusCode).toBe(404);
    }
    const refused = await open('B'.repeat(43), subject.app, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: tooManyAttemptsMessage });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await open('B'.repeat(43), subject.app, '10.200.0.2')).statusCode).toBe(404);
  });
});

describe('POST /api/admin/invitations/:id/revoke', () => {
  it('stops the link; a participant who has not started is no longer held by the devices that opened it', async () => {
    const { linkToken, reply, participantId } = await invited();
    const device = participantSessionResponseSchema.parse((await open(linkToken)).json()).token;
    const id = reply.participant.invitation!._id;

    const revoke = await call(subject.app, 'POST', `/api/admin/invitations/${id}/revoke`, { token: subject.token });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toEqual({ message: 'Invitation withdrawn: the link no longer works.' });
    expect((await invitationRow(subject.app, participantId))!.revoked_at).toEqual(expect.any(String));
    const row = await participantRow(subject.app, participantId);
    expect(row.owner_session).not.toBeNull();
    expect(row.owner_session).not.toBe(sessionOf(device));

    const consent = await call(subject.app, 'POST', '/api/useragreement/add', {
      token: device,
      payload: { imageBase64: (await import('../helpers/png')).signaturePng, date: '2026-01-15' },
    });
    expect(consent.statusCode).toBe(403);

    const again = await call(subject.app, 'POST', `/api/admin/invitations/${id}/revoke`, { token: subject.token });
    expect(again.json()).toEqual({ message: 'The invitation was already withdrawn.' });
  });

  it('leaves a participant who has started with their devices', async () => {
    const { linkToken, reply, participantId } = await invited();
    const device = participantSessionResponseSchema.parse((await open(linkToken)).json()).token;
    await signConsent(subject.app, device);
    await call(subject.app, 'POST', `/api/admin/invitations/${reply.participant.invitation!._id}/revoke`, {
      token: subject.token,
    });
    expect((await participantRow(subject.app, participantId)).owner_session).toBe(sessionOf(device));
    expect((await call(subject.app, 'GET', '/api/user/progress', { token: device })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown invitation and 400 for a malformed id', async () => {
    const unknown = await call(subject.app, 'POST', '/api/admin/invitations/no-such-invitation/revoke', {
      token: subject.token,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Invitation not found' });
    const long = await call(subject.app, 'POST', `/api/admin/invitations/${'x'.repeat(65)}/revoke`, {
      token: subject.token,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('id: id is too long');
  });
});

describe('POST /api/admin/invitations/:id/resend without mail', () => {
  it('answers 409 saying mail is not configured', async () => {
    const { reply } = await invited();
    const response = await call(
      subject.app,
      'POST',
      `/api/admin/invitations/${reply.participant.invitation!._id}/resend`,
      {
        token: subject.token,
      },
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: mailNotConfiguredMessage });
  });

  it('creates an invitation with send: true and says the mail could not go out', async () => {
    const response = await invite({ name: 'Unsent', email: nextEmail(), send: true });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ sent: false, message: `Invitation created. ${mailNotConfiguredMessage}` });
  });
});

/** A CSV of `count` invitees (name, email, phone), with `bad` rows at the given 0-based indexes. */
function inviteesCsv(count: number, bad: ReadonlyMap<number, string> = new Map()) {
  const tag = `${Date.now()}-${(unique += 1)}`;
  const lines = ['Phone,EMAIL,Name'];
  for (let index = 0; index < count; index += 1) {
    lines.push(bad.get(index) ?? `0300${1000000 + index},bulk${index}-${tag}@example.com,"Bulk, Person ${index}"`);
  }
  return lines.join('\r\n');
}

const importCsv = (csv: string, extra: Record<string, unknown> = {}, app = subject.app, token = subject.token) =>
  call(app, 'POST', '/api/admin/invitations/import', { token, payload: { csv, ...extra } });

describe('POST /api/admin/invitations/import', () => {
  it('invites 995 of 1,000 rows and reports the 5 bad ones by line, naming the field', async () => {
    const bad = new Map<number, string>([
      [9, '03001234567,not-an-email,Bad Email'],
      [99, '03001234567,nameless@example.com,'],
      [499, 'call me,phone@example.com,Bad Phone'],
      [799, '03001234567,"broken@example.com,Broken Quote'],
      [998, '03001234567,extra@example.com,Extra,field'],
    ]);
    const csv = inviteesCsv(1000, bad);
    const response = await importCsv(csv);
    expect(response.statusCode).toBe(200);
    const body = importInvitationsResponseSchema.strict().parse(response.json());
    expect(body.invited).toBe(995);
    expect(body.skipped).toEqual([]);
    expect(body.message).toBe('995 people invited, 0 skipped, 5 rows with errors.');
    // Line 1 is the header: row index i is on line i + 2.
    expect(body.errors).toEqual([
      { line: 11, message: 'email: email must be a valid email address' },
      { line: 101, message: 'name: name is required' },
      { line: 501, message: 'phone: phone must contain only digits, spaces, dashes, dots, brackets and a leading +' },
      {
        line: 801,
        message: expect.stringMatching(/^The row is not valid CSV: a quote that is not closed on its line/),
      },
      { line: 1000, message: 'The row has 4 fields but the header names 3 columns' },
    ]);

    const tag = /bulk0-(.*)@example\.com/.exec(csv)![1];
    const stored = await subject.app.db
      .selectFrom('participants')
      .innerJoin('invitations', 'invitations.participant_id', 'participants.id')
      .select(['participants.name', 'participants.phone', 'participants.owner_session', 'invitations.token'])
      .where('participants.email_lower', 'like', `%-${tag}@example.com`)
      .execute();
    expect(stored).toHaveLength(995);
    expect(stored.find((row) => row.name === 'Bulk, Person 0')).toMatchObject({ phone: '+923001000000' });
    expect(stored.every((row) => row.owner_session && /^[A-Za-z0-9_-]{43}$/.test(row.token))).toBe(true);
    expect(new Set(stored.map((row) => row.token)).size).toBe(995);
  });

  it('skips emails that have started, hold an active invitation or repeat an earlier line', async () => {
    const started = await newParticipant(subject.app);
    const { email: active } = await invited();
    const fresh = nextEmail('fresh');
    const csv = ['email,name', `${started.email},S`, `${active},A`, `${fresh},F`, `${fresh.toUpperCase()},F2`].join(
      '\n',
    );
    const body = importInvitationsResponseSchema.parse((await importCsv(csv)).json());
    expect(body).toMatchObject({ invited: 1, errors: [] });
    expect(body.skipped).toEqual([
      { line: 2, email: started.email, reason: 'has already started the assessment' },
      { line: 3, email: active, reason: 'already has an active invitation' },
      { line: 5, email: fresh.toUpperCase(), reason: 'is also on line 4' },
    ]);
    expect(body.message).toBe('1 person invited, 3 skipped, 0 rows with errors.');
  });

  it('takes the columns in any order and case, ignores other columns, and needs no phone column', async () => {
    const tag = `${Date.now()}-${(unique += 1)}`;
    const csv = [
      'Company,E-Mail Sent,EMAIL,Name',
      `Acme,no,one-${tag}@example.com,"Smith, ""Jo"""`,
      `Acme,no,two-${tag}@example.com,Two`,
    ].join('\r\n');
    const body = importInvitationsResponseSchema.parse((await importCsv(csv)).json());
    expect(body).toMatchObject({ invited: 2, skipped: [], errors: [] });
    const stored = await subject.app.db
      .selectFrom('participants')
      .select(['name', 'phone'])
      .where('email_lower', '=', `one-${tag}@example.com`)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: 'Smith, "Jo"', phone: '' });
  });

  it('needs a header naming name and email, and someone to invite', async () => {
    const cases: Array<[string, string]> = [
      ['   \n', 'csv: the file has no rows'],
      ['first,last\nA,B', 'csv: the first row must name the columns name and email (phone is optional), in any order'],
      ['name,email,Name\nA,a@example.com,B', 'csv: the header row names the column name twice'],
      ['name,email\n', 'csv: the file has a header row but nobody to invite'],
      [
        '"name,email\nA,a@example.com',
        expect.stringMatching(/^csv: the header row is not valid CSV/) as unknown as string,
      ],
    ];
    for (const [csv, message] of cases) {
      const response = await importCsv(csv);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, error: 'csv' });
    }
    const tooMany = await importCsv(`name,email\n${'A,a@example.com\n'.repeat(5001)}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('csv: at most 5000 people can be invited at once');
    const missing = await importCsv('');
    expect(missing.json().message).toBe('csv: csv is required');
  });
});

describe('GET /api/admin/participants', () => {
  const list = (query = '') =>
    call(subject.app, 'GET', `/api/admin/participants${query}`, { token: subject.token }).then((response) => {
      expect(response.statusCode).toBe(200);
      return participantListResponseSchema.strict().parse(response.json());
    });

  it('lists every participant, invited or not, with stage, answers, invitation and result', async () => {
    const tag = `stages${Date.now()}`;
    const email = (stage: string) => `${stage}-${tag}@example.com`;
    await invited({ email: email('invited'), name: `Invited ${tag}` });
    const opened = await invited({ email: email('opened'), name: `Opened ${tag}` });
    await open(opened.linkToken);
    await newParticipant(subject.app, { email: email('entered'), consent: false });
    await newParticipant(subject.app, { email: email('consented') });
    const answering = await newParticipant(subject.app, { email: email('answering') });
    const progress = (await call(subject.app, 'GET', '/api/user/progress', { token: answering.token })).json();
    const [answer] = await (await import('../helpers/api')).answersFor(subject.app);
    const saved = await call(subject.app, 'POST', '/api/user/answer', {
      token: answering.token,
      payload: { ...answer, questionSetVersion: progress.questionSetVersion },
    });
    expect(saved.statusCode).toBe(200);
    const submitted = await newParticipant(subject.app, { email: email('submitted') });
    expect((await submitAll(subject.app, submitted.token)).statusCode).toBe(201);

    const page = await list(`?search=${tag}&limit=100`);
    expect(page.totalParticipants).toBe(6);
    expect(page.mailConfigured).toBe(false);
    const byEmail = new Map(page.participants.map((participant) => [participant.email, participant]));
    expect(byEmail.get(email('invited'))).toMatchObject({ stage: 'invited', answered: 0, questionCount: 12 });
    expect(byEmail.get(email('invited'))!.invitation).toMatchObject({ status: 'active', openedAt: null });
    expect(byEmail.get(email('opened'))).toMatchObject({ stage: 'opened' });
    expect(byEmail.get(email('opened'))!.invitation!.openedAt).toEqual(expect.any(String));
    expect(byEmail.get(email('entered'))).toMatchObject({ stage: 'entered', invitation: null, resultId: null });
    expect(byEmail.get(email('consented'))).toMatchObject({ stage: 'consented', answered: 0 });
    expect(byEmail.get(email('answering'))).toMatchObject({ stage: 'answering', answered: 1, questionCount: 12 });
    const done = byEmail.get(email('submitted'))!;
    expect(done).toMatchObject({ stage: 'submitted', answered: 12, questionCount: 12, resultId: expect.any(String) });
    expect(done.lastActivityAt >= done.createdAt).toBe(true);

    // Filter by stage, page through, newest first.
    expect((await list(`?search=${tag}&stage=answering`)).participants.map((p) => p.email)).toEqual([
      email('answering'),
    ]);
    const first = await list(`?search=${tag}&limit=4&page=1`);
    const second = await list(`?search=${tag}&limit=4&page=2`);
    expect(first).toMatchObject({ page: 1, totalPages: 2, totalParticipants: 6 });
    expect(second.participants).toHaveLength(2);
    expect([...first.participants, ...second.participants].map((p) => p.email)).toEqual([
      email('submitted'),
      email('answering'),
      email('consented'),
      email('entered'),
      email('opened'),
      email('invited'),
    ]);
  });

  it('names a bad query field', async () => {
    const response = await call(subject.app, 'GET', '/api/admin/participants?stage=finished', {
      token: subject.token,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('stage');
  });
});

describe('GET /api/admin/invitations/export', () => {
  it('gives every participant as CSV with link and status, safe to open in a spreadsheet', async () => {
    const { email, link } = await invited({ name: '=HYPERLINK("http://evil.example")', phone: '+44 20 7946 0958' });
    const entered = await newParticipant(subject.app, { consent: false });
    const response = await call(subject.app, 'GET', '/api/admin/invitations/export', { token: subject.token });
    expect(response.statusCode).toBe(200);
    const { filename, csv } = response.json<{ filename: string; csv: string }>();
    expect(filename).toBe(`prometrica-participants-${new Date().toISOString().slice(0, 10)}.csv`);
    const records = parseCsv(csv).map((record) => record.fields);
    expect(records[0]).toEqual(['name', 'email', 'phone', 'stage', 'answered', 'link', 'status', 'expires at']);
    const row = records.find((fields) => fields[1] === email)!;
    expect(row.slice(0, 7)).toEqual([
      '\'=HYPERLINK("http://evil.example")',
      email,
      "'+442079460958",
      'invited',
      '0 of 12',
      link,
      'active',
    ]);
    expect(row[7]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(records.find((fields) => fields[1] === entered.email)).toEqual([
      entered.name,
      entered.email,
      // Stored in E.164: its leading + is kept from a spreadsheet's formulas too.
      `'${entered.phone}`,
      'entered',
      '0 of 12',
      '',
      'not invited',
      '',
    ]);
  });
});

describe('invitations by mail (a real SMTP server in the test)', () => {
  let smtp: TestSmtpServer;
  let mailing: TestApp;
  let admin: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailing = await build({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Dr. Example <doctor@example.com>',
      PUBLIC_URL: 'https://assess.example.com',
    });
    admin = (await (await import('../helpers/api')).signedIn(mailing.app, 'admin')).token;
  });
  afterAll(async () => {
    await mailing.close();
    await smtp.close();
  });

  it('mails the invitation: subject, the doctor, the product, the link and the expiry date', async () => {
    const email = nextEmail('mailed');
    const response = await invite({ name: 'Mae Mailed', email, send: true, expiresInDays: 10 }, mailing.app, admin);
    expect(response.statusCode).toBe(201);
    const reply = invitationResponseSchema.parse(response.json());
    expect(reply).toMatchObject({ sent: true, message: `Invitation sent to ${email}.` });
    expect(reply.participant.invitation!.lastSentAt).toEqual(expect.any(String));

    const mail = smtp.received.find((received) => received.rcptTo[0] === email)!;
    expect(mail.mailFrom).toBe('doctor@example.com');
    expect(mail.message.subject).toBe('Your Prometrica assessment');
    const text = mail.message.text!;
    expect(text).toContain('Hello Mae Mailed,');
    expect(text).toContain('Dr. Example invites you to take the Prometrica assessment');
    expect(text).toContain(reply.participant.invitation!.link);
    expect(reply.participant.invitation!.link).toMatch(/^https:\/\/assess\.example\.com\/invite\//);
    const expiry = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(reply.participant.invitation!.expiresAt),
    );
    expect(text).toContain(`It works until ${expiry}.`);
  });

  it('sends the link again on resend, and refuses a withdrawn or expired invitation', async () => {
    const first = await invited({}, mailing.app, admin);
    const id = first.reply.participant.invitation!._id;
    const resend = await call(mailing.app, 'POST', `/api/admin/invitations/${id}/resend`, { token: admin });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toMatchObject({ sent: true, message: `Invitation sent again to ${first.email}.` });
    const mails = smtp.received.filter((received) => received.rcptTo[0] === first.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.message.text).toContain(first.link);

    await mailing.app.db
      .updateTable('invitations')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', id)
      .execute();
    const expired = await call(mailing.app, 'POST', `/api/admin/invitations/${id}/resend`, { token: admin });
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toEqual({ message: resendExpiredMessage });

    const second = await invited({}, mailing.app, admin);
    const secondId = second.reply.participant.invitation!._id;
    await call(mailing.app, 'POST', `/api/admin/invitations/${secondId}/revoke`, { token: admin });
    const withdrawn = await call(mailing.app, 'POST', `/api/admin/invitations/${secondId}/resend`, { token: admin });
    expect(withdrawn.statusCode).toBe(409);
    expect(withdrawn.json()).toEqual({ message: resendWithdrawnMessage });

    const unknown = await call(mailing.app, 'POST', '/api/admin/invitations/nothing-here/resend', { token: admin });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 502 with the mail server’s words when it refuses the recipient', async () => {
    const refusing = await startSmtpServer({
      onRcptTo(address, _session, callback) {
        callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
        void address;
      },
    });
    const strict = await build({ SMTP_URL: `smtp://127.0.0.1:${refusing.port}` });
    try {
      const token = (await (await import('../helpers/api')).signedIn(strict.app, 'admin')).token;
      const created = await invite({ name: 'Nobody', email: nextEmail('refused'), send: true }, strict.app, token);
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ sent: false });
      expect(created.json().message).toMatch(/^Invitation created, but the mail was not sent \(.*No such user here/);
      const id = created.json().participant.invitation._id as string;
      const resend = await call(strict.app, 'POST', `/api/admin/invitations/${id}/resend`, { token });
      expect(resend.statusCode).toBe(502);
      expect(resend.json().message).toMatch(/^The mail was not sent: 550 No such user here/);
    } finally {
      await strict.close();
      await refusing.close();
    }
  });

  it('mails everyone an import invites when asked, and lists mail as configured', async () => {
    const csv = ['name,email', 'One,one-import@example.com', 'Two,two-import@example.com'].join('\n');
    const response = await importCsv(csv, { send: true }, mailing.app, admin);
    expect(response.json()).toMatchObject({ invited: 2, errors: [], message: expect.stringMatching(/2 mailed\.$/) });
    for (const address of ['one-import@example.com', 'two-import@example.com']) {
      expect(smtp.received.some((received) => received.rcptTo[0] === address)).toBe(true);
    }
    const list = await call(mailing.app, 'GET', '/api/admin/participants', { token: admin });
    expect(list.json().mailConfigured).toBe(true);
  });
});
