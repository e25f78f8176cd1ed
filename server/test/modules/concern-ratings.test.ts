import { concernSubmissionListResponseSchema, ratableConcernListResponseSchema } from '@prometrica/shared-api/contract';
import { appForTests } from '../helpers/build';
import { call, newParticipant, submittedParticipantElsewhere } from '../helpers/api';
import { specConcernTitles, specRatingOptions } from '../helpers/spec';

let concerns: Array<{ _id: string; title: string; botherOptions: string[] }>;
const subject = appForTests({ signIn: 'admin' });
beforeAll(async () => {
  const response = await call(subject.app, 'GET', '/api/complaint-bother/get-all', { token: subject.token });
  concerns = ratableConcernListResponseSchema.strict().parse(response.json()).complaints;
});

const rate = (token: string, payload: unknown) =>
  call(subject.app, 'POST', '/api/complaint-bother/add-complaint', { token, payload });
const submissions = async () =>
  concernSubmissionListResponseSchema
    .strict()
    .parse(
      (await call(subject.app, 'GET', '/api/complaint-bother/get-all-complaints', { token: subject.token })).json(),
    ).data;

describe('GET /api/complaint-bother/get-all', () => {
  it('lists the seven workplace concerns in order, each with its three options, for participants and admins', async () => {
    expect(concerns.map((concern) => concern.title)).toEqual(specConcernTitles);
    for (const concern of concerns) expect(concern.botherOptions).toEqual(specRatingOptions);
    const participant = await newParticipant(subject.app);
    const asParticipant = await call(subject.app, 'GET', '/api/complaint-bother/get-all', { token: participant.token });
    expect(asParticipant.json().complaints).toEqual(concerns);
  });
});

describe('POST /api/complaint-bother/add-complaint', () => {
  it('records the ratings once (201); the same again returns the stored submission (200); different ones are a 409', async () => {
    const participant = await newParticipant(subject.app, { name: 'Rater One', phone: '0345 1234567' });
    const body = [
      { complaintId: concerns[0]!._id, botherOptions: ['quite a bit'] },
      { complaintId: concerns[3]!._id, botherOptions: ['A great deal'] },
    ];
    const first = await rate(participant.token, body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      message: 'Thank you! Your workplace concerns assessment has been recorded successfully.',
      submissionId: expect.any(String),
    });
    const again = await rate(participant.token, [...body].reverse());
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const different = await rate(participant.token, [body[0]]);
    expect(different.statusCode).toBe(409);
    expect(different.json()).toEqual({ message: 'You have already submitted your workplace concerns assessment' });

    const mine = (await submissions()).filter((group) => group.user._id === participant.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.user).toEqual({
      _id: participant.id,
      name: 'Rater One',
      email: participant.email,
      phoneNumber: '+923451234567',
    });
    expect(mine[0]!.bothers.map((rating) => [rating.complaintId.title, rating.botherOptions])).toEqual([
      ['Clarity of Expectations', ['Quite a Bit']],
      ['Growth & Development', ['A great deal']],
    ]);
    expect(mine[0]!.bothers[0]!.status).toBe('pending');

    const summary = await call(subject.app, 'GET', '/api/user/getuserresponse', { token: participant.token });
    expect(summary.json().concerns).toEqual([
      { title: 'Clarity of Expectations', botherOptions: ['Quite a Bit'] },
      { title: 'Growth & Development', botherOptions: ['A great deal'] },
    ]);
  });

  it('refuses unknown concerns, options a concern does not offer, and the same concern twice', async () => {
    const participant = await newParticipant(subject.app);
    const unknown = await rate(participant.token, [{ complaintId: 'no-such-concern', botherOptions: ['A little'] }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'complaintId: unknown concern "no-such-concern"', error: 'complaintId' });

    const badOption = await rate(participant.token, [{ complaintId: concerns[0]!._id, botherOptions: ['Extremely'] }]);
    expect(badOption.statusCode).toBe(400);
    expect(badOption.json().error).toBe('botherOptions');

    const twice = await rate(participant.token, [
      { complaintId: concerns[0]!._id, botherOptions: ['A little'] },
      { complaintId: concerns[0]!._id, botherOptions: ['A little'] },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toBe('complaintId');

    const twoChoices = await rate(participant.token, [
      { complaintId: concerns[0]!._id, botherOptions: ['A little', 'A great deal'] },
    ]);
    expect(twoChoices.json()).toEqual({
      message: '0.botherOptions: botherOptions must have one choice',
      error: '0.botherOptions',
    });
    expect(
      await subject.app.db
        .selectFrom('concern_submissions')
        .select('id')
        .where('participant_id', '=', participant.id)
        .execute(),
    ).toEqual([]);
  });

  it('keeps the concern as it was rated when an admin later edits or deletes it', async () => {
    const [created] = (
      await call(subject.app, 'POST', '/api/complaint/create-complaint', {
        token: subject.token,
        payload: [{ title: 'Commute', description: 'Long travel', botherOptions: ['Yes', 'No'] }],
      })
    ).json().complaints;
    const participant = await newParticipant(subject.app);
    expect((await rate(participant.token, [{ complaintId: created._id, botherOptions: ['yes'] }])).statusCode).toBe(
      201,
    );
    await call(subject.app, 'DELETE', `/api/complaint/delete/${created._id}`, { token: subject.token });
    const mine = (await submissions()).find((group) => group.user._id === participant.id)!;
    expect(mine.bothers[0]).toMatchObject({
      complaintId: { _id: created._id, title: 'Commute', botherOptions: ['Yes', 'No'] },
      botherOptions: ['Yes'],
    });
  });

  it("refuses ratings from another browser's token once the participant submitted answers", async () => {
    const { participant, other } = await submittedParticipantElsewhere(subject.app);
    const response = await rate(other, [{ complaintId: concerns[1]!._id, botherOptions: ['A little'] }]);
    expect(response.statusCode).toBe(403);
    expect(
      (await rate(participant.token, [{ complaintId: concerns[1]!._id, botherOptions: ['A little'] }])).statusCode,
    ).toBe(201);
  });
});

describe('DELETE /api/complaint-bother/delete-user-complaint/:id', () => {
  it('deletes one rated concern, and the submission when none is left', async () => {
    const participant = await newParticipant(subject.app);
    await rate(participant.token, [
      { complaintId: concerns[4]!._id, botherOptions: ['A little'] },
      { complaintId: concerns[5]!._id, botherOptions: ['A little'] },
    ]);
    const group = (await submissions()).find((g) => g.user._id === participant.id)!;
    const [first, second] = group.bothers;
    const removeFirst = await call(subject.app, 'DELETE', `/api/complaint-bother/delete-user-complaint/${first!._id}`, {
      token: subject.token,
    });
    expect(removeFirst.statusCode).toBe(200);
    expect((await submissions()).find((g) => g.user._id === participant.id)!.bothers).toHaveLength(1);

    await call(subject.app, 'DELETE', `/api/complaint-bother/delete-user-complaint/${second!._id}`, {
      token: subject.token,
    });
    expect((await submissions()).some((g) => g.user._id === participant.id)).toBe(false);
    const again = await call(subject.app, 'DELETE', `/api/complaint-bother/delete-user-complaint/${second!._id}`, {
      token: subject.token,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Concern rating not found' });
  });
});
