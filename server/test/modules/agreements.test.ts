import { agreementResponseSchema } from '@prometrica/shared-api/contract';
import { appForTests } from '../helpers/build';
import { call, newParticipant, submittedParticipantElsewhere } from '../helpers/api';

const subject = appForTests();

const signature = Buffer.from('a drawn signature, pretend PNG bytes').toString('base64');
const sign = (token: string | undefined, payload: unknown) =>
  call(subject.app, 'POST', '/api/useragreement/add', { token, payload });

describe('POST /api/useragreement/add', () => {
  it("stores the signed consent against the token's participant (201)", async () => {
    const participant = await newParticipant(subject.app);
    const response = await sign(participant.token, { imageBase64: signature, date: '2025-03-14' });
    expect(response.statusCode).toBe(201);
    const body = agreementResponseSchema.strict().parse(response.json());
    expect(body.message).toBe('Thank you! Your consent has been recorded successfully.');
    expect(body.agreement.date).toBe('2025-03-14');
    const row = await subject.app.db
      .selectFrom('agreements')
      .selectAll()
      .where('id', '=', body.agreement._id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ participant_id: participant.id, image_base64: signature, date: '2025-03-14' });
  });

  it('accepts a signature image of up to about 1 MB, and refuses larger ones', async () => {
    const participant = await newParticipant(subject.app);
    const accepted = await sign(participant.token, { imageBase64: `${'A'.repeat(1_399_998)}==`, date: '2025-03-14' });
    expect(accepted.statusCode).toBe(201);
    const tooLarge = await sign(participant.token, { imageBase64: 'A'.repeat(1_400_004), date: '2025-03-14' });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toEqual({
      message: 'imageBase64: imageBase64 is too large (at most 1 MB)',
      error: 'imageBase64',
    });
    const huge = await sign(participant.token, { imageBase64: 'A'.repeat(2_000_000), date: '2025-03-14' });
    expect(huge.statusCode).toBe(413);
  });

  it('refuses a data-URL prefix, a bad date and a missing token', async () => {
    const participant = await newParticipant(subject.app);
    const prefixed = await sign(participant.token, {
      imageBase64: `data:image/png;base64,${signature}`,
      date: '2025-03-14',
    });
    expect(prefixed.statusCode).toBe(400);
    expect(prefixed.json().error).toBe('imageBase64');
    const badDate = await sign(participant.token, { imageBase64: signature, date: '14/03/2025' });
    expect(badDate.json()).toEqual({ message: 'date: date must be an ISO date (YYYY-MM-DD)', error: 'date' });
    expect((await sign(undefined, { imageBase64: signature, date: '2025-03-14' })).statusCode).toBe(401);
  });

  it("refuses another browser's token once the participant has submitted", async () => {
    const { other } = await submittedParticipantElsewhere(subject.app);
    expect((await sign(other, { imageBase64: signature, date: '2025-03-14' })).statusCode).toBe(403);
  });
});
