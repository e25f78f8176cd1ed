import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { agreementResponseSchema, consentTextCanonical, currentConsentText } from '@prometrica/shared-api/contract';
import { questionSet } from '../../src/modules/questions/question-set';
import { rateLimits, rateLimitWindowMs, tooManyAttemptsMessage } from '../../src/modules/rate-limits/service';
import { appForTests, createTestEnvironment, postgresUrl, type TestEnvironment } from '../helpers/build';
import { call, newParticipant, submittedParticipantElsewhere } from '../helpers/api';
import { png, signaturePng } from '../helpers/png';

const subject = appForTests();

const date = '2025-03-14';
const sign = (token: string | undefined, payload: unknown) =>
  call(subject.app, 'POST', '/api/useragreement/add', { token, payload });
const signWith = (token: string, image: Buffer) => sign(token, { imageBase64: image.toString('base64'), date });
const storedFor = (participantId: string) =>
  subject.app.db.selectFrom('agreements').selectAll().where('participant_id', '=', participantId).execute();

/** Bytes in the files under `dir` (the SQLite database, its WAL and everything beside them). */
function directoryBytes(dir: string): number {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

describe('POST /api/useragreement/add', () => {
  it("stores the signed consent against the token's participant (201)", async () => {
    const participant = await newParticipant(subject.app, { consent: false });
    const response = await sign(participant.token, { imageBase64: signaturePng, date });
    expect(response.statusCode).toBe(201);
    const body = agreementResponseSchema.strict().parse(response.json());
    expect(body.message).toBe('Thank you! Your consent has been recorded successfully.');
    expect(body.agreement.date).toBe(date);
    expect(await storedFor(participant.id)).toEqual([
      expect.objectContaining({ id: body.agreement._id, image_base64: signaturePng, date }),
    ]);
  });

  it('keeps the consent as evidence: the text version and its SHA-256, the signed name, the method, the server time and the address', async () => {
    const participant = await newParticipant(subject.app, { name: 'Evidence Person', consent: false });
    const before = Date.now();
    const typed = await subject.app.inject({
      method: 'POST',
      url: '/api/useragreement/add',
      remoteAddress: '198.51.100.23',
      headers: { authorization: `Bearer ${participant.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ imageBase64: signaturePng, date }),
    });
    expect(typed.statusCode).toBe(201);
    const [stored] = await storedFor(participant.id);
    expect(stored).toEqual({
      id: typed.json().agreement._id,
      participant_id: participant.id,
      image_base64: signaturePng,
      date,
      created_at: typed.json().agreement.createdAt,
      text_version: currentConsentText.version,
      text_sha256: createHash('sha256').update(consentTextCanonical(currentConsentText), 'utf8').digest('hex'),
      // The details' name, when the app sends none.
      signed_name: 'Evidence Person',
      method: 'typed',
      client_address: '198.51.100.23',
    });
    expect(Date.parse(stored!.created_at)).toBeGreaterThanOrEqual(before - 1);

    const drawn = await newParticipant(subject.app, { consent: false });
    const response = await sign(drawn.token, {
      imageBase64: signaturePng,
      date,
      signedName: '  Drawn Name ',
      textVersion: currentConsentText.version,
      method: 'drawn',
    });
    expect(response.statusCode).toBe(201);
    expect(await storedFor(drawn.id)).toEqual([
      expect.objectContaining({ signed_name: 'Drawn Name', method: 'drawn', text_version: currentConsentText.version }),
    ]);
  });

  it('claims the participant for the signing session and pins their question set to the current one', async () => {
    const participant = await newParticipant(subject.app, { consent: false });
    const read = () =>
      subject.app.db
        .selectFrom('participants')
        .select(['owner_session', 'question_set_version'])
        .where('id', '=', participant.id)
        .executeTakeFirstOrThrow();
    expect(await read()).toEqual({ owner_session: null, question_set_version: null });
    expect((await sign(participant.token, { imageBase64: signaturePng, date })).statusCode).toBe(201);
    const verified = subject.app.tokens.verify(participant.token);
    expect(await read()).toEqual({
      owner_session: verified.ok ? verified.claims.sid : 'a valid token',
      question_set_version: (await questionSet(subject.app).latest()).version,
    });
  });

  it('refuses an unknown consent text version with 400 naming textVersion, and bad fields by name', async () => {
    const participant = await newParticipant(subject.app, { consent: false });
    const unknown = await sign(participant.token, { imageBase64: signaturePng, date, textVersion: '1999-01-01' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      message: 'textVersion: unknown consent text version "1999-01-01"',
      error: 'textVersion',
    });
    for (const [field, value] of [
      ['method', 'stamped'],
      ['signedName', 'x'.repeat(201)],
      ['textVersion', 'x'.repeat(33)],
    ] as const) {
      const response = await sign(participant.token, { imageBase64: signaturePng, date, [field]: value });
      expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 400, error: field });
    }
    expect(await storedFor(participant.id)).toEqual([]);
  });

  it('refuses a second consent of the same participant with 409, and stores nothing more', async () => {
    const participant = await newParticipant(subject.app, { consent: false });
    expect((await sign(participant.token, { imageBase64: signaturePng, date })).statusCode).toBe(201);
    const stored = await storedFor(participant.id);
    for (const again of [signaturePng, png(300, 100).toString('base64')]) {
      const response = await sign(participant.token, { imageBase64: again, date: '2025-03-15' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'You have already signed the consent form' });
    }
    // Two at once: the database's unique index lets one through.
    const racing = await newParticipant(subject.app, { consent: false });
    const statuses = await Promise.all([1, 2, 3].map(() => signWith(racing.token, png(600, 160))));
    expect(statuses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await storedFor(participant.id)).toEqual(stored);
    expect(await storedFor(racing.id)).toHaveLength(1);
  });

  it('accepts a PNG of up to 200 KB and 1200 × 400 px', async () => {
    for (const image of [png(1200, 400, 200 * 1024), png(1, 1), png(1200, 1), png(1, 400)]) {
      const participant = await newParticipant(subject.app, { consent: false });
      expect((await signWith(participant.token, image)).statusCode).toBe(201);
    }
  });

  it('refuses what is not a PNG with 400, naming imageBase64, and stores nothing', async () => {
    const participant = await newParticipant(subject.app, { consent: false });
    const valid = png(600, 160);
    const broken = (change: (bytes: Buffer) => void) => {
      const bytes = Buffer.from(valid);
      change(bytes);
      return bytes;
    };
    const notPngs = [
      Buffer.from('a drawn signature, pretend PNG bytes'),
      Buffer.concat([Buffer.from('GIF89a'), valid.subarray(6)]),
      broken((bytes) => (bytes[1] = 0x51)), // signature
      broken((bytes) => (bytes[12] = 0x58)), // chunk type XHDR
      broken((bytes) => (bytes[20] = 0x7f)), // IHDR's height changed: its CRC no longer matches
      broken((bytes) => (bytes[bytes.length - 5] = 0)), // IEND's CRC
      valid.subarray(0, valid.length - 12), // no IEND
      Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256)),
    ];
    for (const image of notPngs) {
      const response = await signWith(participant.token, image);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'imageBase64: imageBase64 is not a PNG image', error: 'imageBase64' });
    }
    // Base64 without its padding (a 485-byte PNG: one '=' short).
    const unpadded = valid.toString('base64').replace(/=+$/, '');
    expect((await sign(participant.token, { imageBase64: unpadded, date })).json().error).toBe('imageBase64');
    expect(await storedFor(participant.id)).toEqual([]);
  });

  it('refuses a PNG over 200 KB with 400, and a body over the limit with 413', async () => {
    const participant = await newParticipant(subject.app, { consent: false });
    // 204,801 bytes still fit the base64 length limit: the decoded size decides; 205,000 do not.
    for (const bytes of [200 * 1024 + 1, 205_000]) {
      const response = await signWith(participant.token, png(600, 160, bytes));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'imageBase64: imageBase64 is too large (at most 200 KB)',
        error: 'imageBase64',
      });
    }
    expect((await signWith(participant.token, png(600, 160, 1_000_000))).statusCode).toBe(413);
    expect(await storedFor(participant.id)).toEqual([]);
  });

  it('refuses a PNG wider than 1200 or taller than 400 px with 400', async () => {
    const participant = await newParticipant(subject.app, { consent: false });
    for (const [width, height] of [
      [1201, 160],
      [600, 401],
      [4000, 4000],
    ] as const) {
      const response = await signWith(participant.token, png(width, height));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: `imageBase64: imageBase64 is too wide or tall: ${width} × ${height} px (at most 1200 × 400)`,
        error: 'imageBase64',
      });
    }
    expect(await storedFor(participant.id)).toEqual([]);
  });

  it('refuses a data-URL prefix, a bad date and a missing token', async () => {
    const participant = await newParticipant(subject.app, { consent: false });
    const prefixed = await sign(participant.token, { imageBase64: `data:image/png;base64,${signaturePng}`, date });
    expect(prefixed.statusCode).toBe(400);
    expect(prefixed.json().error).toBe('imageBase64');
    const badDate = await sign(participant.token, { imageBase64: signaturePng, date: '14/03/2025' });
    expect(badDate.json()).toEqual({ message: 'date: date must be an ISO date (YYYY-MM-DD)', error: 'date' });
    expect((await sign(undefined, { imageBase64: signaturePng, date })).statusCode).toBe(401);
  });

  it("refuses another browser's token once the participant has submitted", async () => {
    const { other } = await submittedParticipantElsewhere(subject.app);
    expect((await sign(other, { imageBase64: signaturePng, date })).statusCode).toBe(403);
  });
});

describe('one participant token uploading 200 consents of 1.4 MB', () => {
  it('adds less than 1 MB to the data (SQLite: the data directory; PostgreSQL: one row)', async () => {
    const participant = await newParticipant(subject.app, { consent: false });
    const { dataDir } = subject.environment.config;
    const before = postgresUrl ? 0 : directoryBytes(dataDir);
    // What the attacker sent: 1.4 MB of base64 each time, refused before it is parsed.
    const huge = JSON.stringify({ imageBase64: 'A'.repeat(1_400_000), date });
    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    for (let i = 0; i < 200; i++) count((await sign(participant.token, huge)).statusCode);
    const afterHuge = postgresUrl ? 0 : directoryBytes(dataDir);
    // The largest image allowed, 200 times: stored once, refused 199 times.
    const largest = png(1200, 400, 200 * 1024).toString('base64');
    for (let i = 0; i < 200; i++) count((await sign(participant.token, { imageBase64: largest, date })).statusCode);
    expect(Object.fromEntries(statuses)).toEqual({ 201: 1, 409: 199, 413: 200 });
    expect(await storedFor(participant.id)).toHaveLength(1);
    if (!postgresUrl) {
      const grown = directoryBytes(dataDir) - before;
      process.stdout.write(`data directory: +${afterHuge - before} bytes after the 1.4 MB uploads, +${grown} in all\n`);
      expect(grown).toBeLessThan(1024 * 1024);
    }
  }, 60_000);
});

describe(`an address signing more than ${rateLimits.consentsPerAddress} consents in 15 minutes`, () => {
  let environment: TestEnvironment;
  let app: FastifyInstance;
  let clock = Date.parse('2026-03-02T09:00:00.000Z');
  beforeAll(async () => {
    environment = await createTestEnvironment();
    app = await environment.build({}, { now: () => clock });
  });
  afterAll(() => environment.cleanup());

  it('is refused with 429 and Retry-After until the window ends', async () => {
    const participant = await newParticipant(app, { consent: false });
    const from = (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/useragreement/add',
        remoteAddress,
        headers: { authorization: `Bearer ${participant.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ imageBase64: signaturePng, date }),
      });
    const statuses = new Map<number, number>();
    for (let i = 0; i < rateLimits.consentsPerAddress; i++) {
      const status = (await from('203.0.113.5')).statusCode;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 201: 1, 409: rateLimits.consentsPerAddress - 1 });
    const refused = await from('203.0.113.5');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: tooManyAttemptsMessage });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(rateLimitWindowMs / 1000);
    expect((await from('203.0.113.6')).statusCode).toBe(409);
    clock += rateLimitWindowMs;
    expect((await from('203.0.113.5')).statusCode).toBe(409);
  }, 60_000);
});
