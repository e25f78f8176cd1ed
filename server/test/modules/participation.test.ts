import { participantSessionResponseSchema, validateUserResponseSchema } from '@prometrica/shared-api/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  invitationOnlyMessage,
  startedElsewhereMessage,
  wrongResumeCodeMessage,
} from '../../src/modules/participants/service';
import { rateLimits, tooManyAttemptsMessage } from '../../src/modules/rate-limits/service';
import { openEntryTtlMs } from '../../src/modules/settings/service';
import { call, newParticipant, signConsent, signedIn, submitAll } from '../helpers/api';
import { createTestEnvironment, type TestEnvironment } from '../helpers/build';

let environment: TestEnvironment;
let app: FastifyInstance;
let admin: string;
// The rate limits' clock: tests move it past a window instead of waiting 15 minutes.
let clock = Date.parse('2026-03-02T09:00:00.000Z');

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = await environment.build({}, { now: () => clock });
  admin = (await signedIn(app, 'admin')).token;
});
afterAll(() => environment.cleanup());

let unique = 0;
const nextEmail = (label = 'person') => `${label}-${(unique += 1)}-${Date.now()}@example.com`;
/** A fresh client address per call site, so tests never share rate-limit counters. */
const nextAddress = () => {
  unique += 1;
  return `10.${(unique >> 8) & 0xff}.${unique & 0xff}.9`;
};

const sessionOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

const validate = (payload: Record<string, unknown>, token?: string) =>
  call(app, 'POST', '/api/auth/validateuser', { payload, token });

const row = (email: string) =>
  app.db
    .selectFrom('participants')
    .selectAll()
    .where('email_lower', '=', email.toLowerCase())
    .executeTakeFirstOrThrow();

const setOpenEntry = async (openEntry: boolean) => {
  const response = await call(app, 'PUT', '/api/admin/participation', { token: admin, payload: { openEntry } });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ openEntry });
};

async function invite(email: string) {
  const response = await call(app, 'POST', '/api/admin/invitations', {
    token: admin,
    payload: { name: 'Invited Person', email, send: false },
  });
  expect(response.statusCode).toBe(201);
  const link = response.json().participant.invitation.link as string;
  return link.split('/invite/')[1]!;
}

const openLink = async (token: string) => {
  const response = await call(app, 'POST', '/api/invitations/open', { payload: { token } });
  expect(response.statusCode).toBe(200);
  return participantSessionResponseSchema.parse(response.json());
};

describe('validateuser once a participant has started', () => {
  it('an impostor typing a started victim’s email changes nothing and gets 409', async () => {
    const victim = await newParticipant(app, { name: 'Victoria Victim', phone: '0300 1110000' });
    const before = await row(victim.email);
    expect(before.owner_session).toBe(sessionOf(victim.token));

    const someoneElse = await newParticipant(app, { consent: false });
    for (const token of [undefined, someoneElse.token, 'not.a.token']) {
      const impostor = await validate(
        { email: victim.email.toUpperCase(), name: 'Ivan Impostor', phone: '0399 9999999' },
        token,
      );
      expect(impostor.statusCode).toBe(409);
      expect(impostor.json()).toEqual({ message: startedElsewhereMessage, error: 'started_elsewhere' });
    }
    expect(await row(victim.email)).toEqual(before);

    // The victim's own browser still acts for them, and may correct the details.
    const owner = await validate(
      { email: victim.email, name: 'Victoria V. Victim', phone: '0300 2220000' },
      victim.token,
    );
    expect(owner.statusCode).toBe(200);
    const reply = validateUserResponseSchema.strict().parse(owner.json());
    expect(reply).toMatchObject({ status: false, message: 'Participant details saved' });
    expect(sessionOf(reply.token)).toBe(before.owner_session);
    expect(await row(victim.email)).toMatchObject({ name: 'Victoria V. Victim', phone: '+923002220000' });
  });

  it('after submission another browser gets the spec’s "already completed" reply and still changes nothing', async () => {
    const participant = await newParticipant(app, { name: 'Sam Submitted', phone: '0300 3330000' });
    expect((await submitAll(app, participant.token)).statusCode).toBe(201);
    const before = await row(participant.email);

    const stranger = await validate({ email: participant.email, name: 'Somebody Else', phone: '0399 9999999' });
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json()).toMatchObject({
      message: 'You have already completed the assessment',
      status: true,
      response: [],
      results: null,
    });
    expect(sessionOf(stranger.json().token)).not.toBe(before.owner_session);
    expect(await row(participant.email)).toEqual(before);

    const owner = await validate({ email: participant.email }, participant.token);
    expect(owner.json()).toMatchObject({ status: true, results: { userTotals: { totalAnswers: 12 } } });
    expect(owner.json().response).toHaveLength(12);
  });

  it('an invited email from another browser gets 409; the link’s session may update the details', async () => {
    const email = nextEmail('invited');
    const linkToken = await invite(email);
    const stranger = await validate({ email, name: 'Not Them' });
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json().message).toBe(startedElsewhereMessage);
    expect((await row(email)).name).toBe('Invited Person');

    const device = await openLink(linkToken);
    const own = await validate({ email, name: 'Invited P. Person', phone: '0300 4440000' }, device.token);
    expect(own.statusCode).toBe(200);
    expect(sessionOf(own.json().token)).toBe(sessionOf(device.token));
    expect(await row(email)).toMatchObject({ name: 'Invited P. Person', phone: '+923004440000' });
  });

  it('before anyone starts, open entry behaves as before: details taken, the same browser keeps its session', async () => {
    const email = nextEmail('early');
    const first = await validate({ email, name: 'Early', phone: '03001234567' });
    const again = await validate({ email, phone: '03111234567' }, first.json().token);
    expect(sessionOf(again.json().token)).toBe(sessionOf(first.json().token));
    const other = await validate({ email });
    expect(other.statusCode).toBe(200);
    expect(sessionOf(other.json().token)).not.toBe(sessionOf(first.json().token));
    expect(await row(email)).toMatchObject({ name: 'Early', phone: '+923111234567', owner_session: null });
  });
});

describe('open entry', () => {
  afterEach(() => setOpenEntry(true));

  it('is on by default, public to read, and only admins change it', async () => {
    expect((await call(app, 'GET', '/api/participation')).json()).toEqual({ openEntry: true });
    expect((await call(app, 'GET', '/api/admin/participation', { token: admin })).json()).toEqual({ openEntry: true });
    const participant = await newParticipant(app, { consent: false });
    expect(
      (await call(app, 'PUT', '/api/admin/participation', { token: participant.token, payload: { openEntry: false } }))
        .statusCode,
    ).toBe(401);
    const bad = await call(app, 'PUT', '/api/admin/participation', { token: admin, payload: { openEntry: 'no' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'openEntry: openEntry must be true or false', error: 'openEntry' });
  });

  it('off: an email nobody invited gets 403 and nothing is stored; invited and started participants go on', async () => {
    const entered = await newParticipant(app, { consent: false });
    const started = await newParticipant(app);
    const invitedEmail = nextEmail('invited');
    const linkToken = await invite(invitedEmail);
    await setOpenEntry(false);
    expect((await call(app, 'GET', '/api/participation')).json()).toEqual({ openEntry: false });

    const stranger = nextEmail('stranger');
    const refused = await validate({ email: stranger, name: 'New Person' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: invitationOnlyMessage, error: 'invitation_only' });
    expect(await app.db.selectFrom('participants').select('id').where('email_lower', '=', stranger).execute()).toEqual(
      [],
    );
    // Entered while it was on, never invited nor started: by invitation now, like everyone new.
    expect((await validate({ email: entered.email }, entered.token)).statusCode).toBe(403);

    expect((await validate({ email: started.email }, started.token)).statusCode).toBe(200);
    expect((await validate({ email: started.email })).statusCode).toBe(409);
    expect((await validate({ email: invitedEmail })).statusCode).toBe(409);
    const device = await openLink(linkToken);
    expect((await validate({ email: invitedEmail }, device.token)).statusCode).toBe(200);

    await setOpenEntry(true);
    expect((await validate({ email: stranger })).statusCode).toBe(200);
  });

  it('is read again within a second when another process changes it', async () => {
    expect((await call(app, 'GET', '/api/participation')).json()).toEqual({ openEntry: true });
    // Written behind this app's back, as another server process on the same database would.
    await app.db
      .insertInto('settings')
      .values({ key: 'open_entry', value: 'off' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: 'off' }))
      .execute();
    await new Promise((resolve) => setTimeout(resolve, openEntryTtlMs + 50));
    expect((await call(app, 'GET', '/api/participation')).json()).toEqual({ openEntry: false });
    expect((await validate({ email: nextEmail() })).statusCode).toBe(403);
  });
});

describe('POST /api/auth/resume', () => {
  const resume = (payload: Record<string, unknown>, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/auth/resume', remoteAddress, payload });

  function expectWrong(response: LightMyRequestResponse) {
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: wrongResumeCodeMessage });
  }

  function expectTooMany(response: LightMyRequestResponse) {
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ message: tooManyAttemptsMessage });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  }

  it('gives a token of the holding session for the right code, however it is typed', async () => {
    const participant = await newParticipant(app, { name: 'Rita Resumer' });
    const { resume_code: code, owner_session: owner } = await row(participant.email);
    const typed = [code, code.toLowerCase(), ` ${code.replace('-', ' ')} `, code.replace('-', '').replace(/0/g, 'O')];
    for (const variant of typed) {
      const response = await resume({ email: participant.email.toUpperCase(), code: variant }, nextAddress());
      expect(response.statusCode).toBe(200);
      const body = participantSessionResponseSchema.strict().parse(response.json());
      expect(sessionOf(body.token)).toBe(owner);
      expect(body.progress).toMatchObject({
        participant: { name: 'Rita Resumer', email: participant.email },
        resumeCode: code,
        stage: 'consented',
      });
    }
  });

  it('claims a participant nobody holds with a new session, which the details browser then is not', async () => {
    const entered = await newParticipant(app, { consent: false });
    expect((await row(entered.email)).owner_session).toBeNull();
    const { resume_code: code } = await row(entered.email);
    const response = await resume({ email: entered.email, code }, nextAddress());
    expect(response.statusCode).toBe(200);
    const token = response.json().token as string;
    expect((await row(entered.email)).owner_session).toBe(sessionOf(token));
    expect(sessionOf(token)).not.toBe(sessionOf(entered.token));
    expect((await validate({ email: entered.email }, entered.token)).statusCode).toBe(409);
    await signConsent(app, token);
  });

  it('gives two devices resuming an unheld participant at the same moment the same session', async () => {
    const entered = await newParticipant(app, { consent: false });
    const { resume_code: code } = await row(entered.email);
    const replies = await Promise.all([
      resume({ email: entered.email, code }, nextAddress()),
      resume({ email: entered.email, code }, nextAddress()),
    ]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200]);
    const [first, second] = replies.map((reply) => sessionOf(reply.json().token as string));
    expect(first).toBe(second);
    expect((await row(entered.email)).owner_session).toBe(first);
  });

  it('answers a wrong code and an unknown email alike, and names bad fields', async () => {
    const participant = await newParticipant(app);
    expectWrong(await resume({ email: participant.email, code: 'ZZZZZ-ZZZZZ' }, nextAddress()));
    const { resume_code: code } = await row(participant.email);
    expectWrong(await resume({ email: nextEmail('unknown'), code }, nextAddress()));

    const missing = await resume({ email: participant.email }, nextAddress());
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'code: code is required', error: 'code' });
    const badEmail = await resume({ email: 'nope', code }, nextAddress());
    expect(badEmail.json()).toEqual({ message: 'email: email must be a valid email address', error: 'email' });
  });

  it(`refuses after ${rateLimits.resumeFailuresPerAddress} wrong codes from one address, even the right code`, async () => {
    const participant = await newParticipant(app);
    const { resume_code: code } = await row(participant.email);
    const address = nextAddress();
    for (let index = 0; index < rateLimits.resumeFailuresPerAddress; index += 1) {
      expectWrong(await resume({ email: nextEmail('guess'), code: 'AAAAA-AAAAA' }, address));
    }
    expectTooMany(await resume({ email: participant.email, code }, address));
    // From elsewhere the participant resumes.
    expect((await resume({ email: participant.email, code }, nextAddress())).statusCode).toBe(200);

    // After the 15-minute window the address may try again.
    clock += 15 * 60 * 1000;
    expect((await resume({ email: participant.email, code }, address)).statusCode).toBe(200);
  });

  it(`refuses after ${rateLimits.resumeFailuresPerEmail} wrong codes against one email, from any address`, async () => {
    const participant = await newParticipant(app);
    const { resume_code: code } = await row(participant.email);
    for (let index = 0; index < rateLimits.resumeFailuresPerEmail; index += 1) {
      expectWrong(await resume({ email: participant.email, code: `WRONG-${index}AAAA` }, nextAddress()));
    }
    expectTooMany(await resume({ email: participant.email, code }, nextAddress()));
    clock += 15 * 60 * 1000;
    const later = await resume({ email: participant.email, code }, nextAddress());
    expect(later.statusCode).toBe(200);
  });

  it('forgets an email’s wrong codes once the right one is given', async () => {
    const participant = await newParticipant(app);
    const { resume_code: code } = await row(participant.email);
    for (let index = 0; index < rateLimits.resumeFailuresPerEmail - 1; index += 1) {
      expectWrong(await resume({ email: participant.email, code: 'AAAAA-AAAAA' }, nextAddress()));
    }
    expect((await resume({ email: participant.email, code }, nextAddress())).statusCode).toBe(200);
    for (let index = 0; index < rateLimits.resumeFailuresPerEmail; index += 1) {
      expectWrong(await resume({ email: participant.email, code: 'AAAAA-AAAAA' }, nextAddress()));
    }
    expectTooMany(await resume({ email: participant.email, code }, nextAddress()));
  });
});
