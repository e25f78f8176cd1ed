// Who acts for a participant (docs/participation.md): once started, one browser session holds them
// and only its tokens act for them; answers and submissions wait for the consent. With the issue's
// reproductions: the consent bypassed, and an impostor typing a victim's email.
import type { FastifyInstance } from 'fastify';
import { consentRequiredMessage } from '../../src/modules/agreements/service';
import { startedElsewhereMessage } from '../../src/modules/participants/service';
import { questionSet } from '../../src/modules/questions/question-set';
import { answersFor, call, newParticipant, signConsent } from '../helpers/api';
import { appForTests } from '../helpers/build';
import { signaturePng } from '../helpers/png';

const subject = appForTests({ signIn: 'admin' });

const currentVersion = async (app: FastifyInstance) => (await questionSet(app).latest()).version;
/** A token for the participant of another browser session (what typing their email elsewhere gave). */
const otherSession = (participantId: string) => subject.app.tokens.issueParticipantToken(participantId);
const firstConcern = async (token: string) =>
  (await call(subject.app, 'GET', '/api/complaint-bother/get-all', { token })).json().complaints[0]._id as string;

const owner = (participantId: string) =>
  subject.app.db
    .selectFrom('participants')
    .select(['owner_session', 'name', 'phone', 'email', 'updated_at', 'question_set_version'])
    .where('id', '=', participantId)
    .executeTakeFirstOrThrow();
const sessionOf = (token: string) => {
  const verified = subject.app.tokens.verify(token);
  if (!verified.ok) throw new Error('not a valid token');
  return verified.claims.sid;
};
const rowsOf = async (participantId: string) => ({
  agreements: await subject.app.db
    .selectFrom('agreements')
    .selectAll()
    .where('participant_id', '=', participantId)
    .execute(),
  answers: await subject.app.db
    .selectFrom('progress_answers')
    .selectAll()
    .where('participant_id', '=', participantId)
    .orderBy('question_id')
    .execute(),
  results: await subject.app.db
    .selectFrom('results')
    .select('id')
    .where('participant_id', '=', participantId)
    .execute(),
  concerns: await subject.app.db
    .selectFrom('concern_submissions')
    .select('id')
    .where('participant_id', '=', participantId)
    .execute(),
});

describe('the consent cannot be bypassed', () => {
  it('refuses answers and the submission of a participant who went from the details straight on (403 consent_required)', async () => {
    const participant = await newParticipant(subject.app, { consent: false });
    const answers = await answersFor(subject.app);
    const questionSetVersion = await currentVersion(subject.app);
    const refused = { message: consentRequiredMessage, error: 'consent_required' };

    const saved = await call(subject.app, 'POST', '/api/user/answer', {
      token: participant.token,
      payload: { ...answers[0]!, questionSetVersion },
    });
    expect({ status: saved.statusCode, body: saved.json() }).toEqual({ status: 403, body: refused });
    for (const payload of [{ answers }, { answers, questionSetVersion }]) {
      const submitted = await call(subject.app, 'POST', '/api/user/submitanswer', {
        token: participant.token,
        payload,
      });
      expect({ status: submitted.statusCode, body: submitted.json() }).toEqual({ status: 403, body: refused });
    }
    expect(await rowsOf(participant.id)).toEqual({ agreements: [], answers: [], results: [], concerns: [] });

    // Signed, the same answers go through.
    await signConsent(subject.app, participant.token);
    const submitted = await call(subject.app, 'POST', '/api/user/submitanswer', {
      token: participant.token,
      payload: { answers },
    });
    expect(submitted.statusCode).toBe(201);
  });
});

describe('a participant is held by the session of their first write', () => {
  it('is claimed by the consent, atomically: of two sessions signing at once one is refused', async () => {
    const participant = await newParticipant(subject.app, { consent: false });
    expect((await owner(participant.id)).owner_session).toBeNull();
    const tokens = [participant.token, otherSession(participant.id), otherSession(participant.id)];
    const responses = await Promise.all(
      tokens.map((token) =>
        call(subject.app, 'POST', '/api/useragreement/add', {
          token,
          payload: { imageBase64: signaturePng, date: '2026-01-15' },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect([...statuses].sort()).toEqual([201, 403, 403]);
    const winner = tokens[statuses.indexOf(201)]!;
    expect((await owner(participant.id)).owner_session).toBe(sessionOf(winner));
    for (const response of responses.filter((one) => one.statusCode === 403))
      expect(response.json()).toEqual({ message: startedElsewhereMessage });
    expect((await rowsOf(participant.id)).agreements).toHaveLength(1);
  });

  it('is claimed by rating the concerns, after which another session cannot sign or rate', async () => {
    const participant = await newParticipant(subject.app, { consent: false });
    const concern = await firstConcern(participant.token);
    const rated = await call(subject.app, 'POST', '/api/complaint-bother/add-complaint', {
      token: participant.token,
      payload: [{ complaintId: concern, botherOptions: ['A little'] }],
    });
    expect(rated.statusCode).toBe(201);
    expect((await owner(participant.id)).owner_session).toBe(sessionOf(participant.token));
    const other = otherSession(participant.id);
    const signed = await call(subject.app, 'POST', '/api/useragreement/add', {
      token: other,
      payload: { imageBase64: signaturePng, date: '2026-01-15' },
    });
    expect({ status: signed.statusCode, body: signed.json() }).toEqual({
      status: 403,
      body: { message: startedElsewhereMessage },
    });
    const again = await call(subject.app, 'POST', '/api/complaint-bother/add-complaint', {
      token: other,
      payload: [{ complaintId: concern, botherOptions: ['A little'] }],
    });
    expect(again.statusCode).toBe(403);
    expect((await call(subject.app, 'GET', '/api/user/getuserresponse', { token: other })).statusCode).toBe(403);
    // The holder reads their own.
    const own = await call(subject.app, 'GET', '/api/user/getuserresponse', { token: participant.token });
    expect(own.statusCode).toBe(200);
    expect(own.json().concerns).toHaveLength(1);
  });
});

describe('an impostor who typed the email of a participant who started', () => {
  it("changes nothing of the victim's record, name or answers, and the victim can still finish", async () => {
    const victim = await newParticipant(subject.app, { name: 'Victim Person', phone: '03001112222' });
    const answers = await answersFor(subject.app);
    const questionSetVersion = await currentVersion(subject.app);
    for (const answer of answers.slice(0, 4)) {
      const saved = await call(subject.app, 'POST', '/api/user/answer', {
        token: victim.token,
        payload: { ...answer, questionSetVersion, timeMs: 3000 },
      });
      expect(saved.statusCode).toBe(200);
    }
    const before = { participant: await owner(victim.id), rows: await rowsOf(victim.id) };

    // The impostor holds a token for the victim of another session (the open entry gave one to
    // whoever typed the email; it now refuses a started email, and these refusals stand behind that).
    const impostor = otherSession(victim.id);
    const refusals = [
      await call(subject.app, 'POST', '/api/useragreement/add', {
        token: impostor,
        payload: { imageBase64: signaturePng, date: '2026-01-15', signedName: 'Impostor' },
      }),
      await call(subject.app, 'POST', '/api/user/answer', {
        token: impostor,
        payload: { ...answers[0]!, userAnswer: 'overwritten', questionSetVersion },
      }),
      await call(subject.app, 'POST', '/api/complaint-bother/add-complaint', {
        token: impostor,
        payload: [{ complaintId: await firstConcern(impostor), botherOptions: ['A great deal'] }],
      }),
      await call(subject.app, 'POST', '/api/user/submitanswer', {
        token: impostor,
        payload: {
          name: 'Impostor Name',
          email: 'impostor@example.com',
          contactno: '03999999999',
          answers: answers.map((answer) => ({ ...answer, userAnswer: 'wrong' })),
          questionSetVersion,
        },
      }),
      await call(subject.app, 'GET', '/api/user/progress', { token: impostor }),
      await call(subject.app, 'GET', '/api/user/getuserresponse', { token: impostor }),
    ];
    for (const response of refusals) {
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status: 403,
        body: { message: startedElsewhereMessage },
      });
    }
    expect({ participant: await owner(victim.id), rows: await rowsOf(victim.id) }).toEqual(before);

    // The victim goes on where they were, and finishes.
    const progress = await call(subject.app, 'GET', '/api/user/progress', { token: victim.token });
    expect(progress.json().answers).toHaveLength(4);
    const submitted = await call(subject.app, 'POST', '/api/user/submitanswer', {
      token: victim.token,
      payload: { answers, questionSetVersion },
    });
    expect(submitted.statusCode).toBe(201);
    expect(await owner(victim.id)).toMatchObject({ name: 'Victim Person', phone: '+923001112222' });
    const result = await subject.app.db
      .selectFrom('results')
      .select(['correct', 'total', 'session_id'])
      .where('participant_id', '=', victim.id)
      .executeTakeFirstOrThrow();
    expect(result).toEqual({ correct: answers.length, total: answers.length, session_id: sessionOf(victim.token) });
  });
});
