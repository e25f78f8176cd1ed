import type { FastifyInstance } from 'fastify';
import { findNulCharacter } from '../../src/lib/validation';
import { call, newParticipant, signedIn } from '../helpers/api';
import { build, type TestApp } from '../helpers/build';

// What the fuzzer found, pinned down: each was a 5xx or an answer outside `{ message, error? }`.
let subject: TestApp;
let app: FastifyInstance;
let admin: string;
let participant: string;
beforeAll(async () => {
  subject = await build();
  app = subject.app;
  admin = (await signedIn(app, 'superadmin')).token;
  participant = (await newParticipant(app)).token;
});
afterAll(() => subject.close());

describe('URLs the router refuses answer in the API error shape', () => {
  it("a path with broken percent-encoding gets 400 { message }, not Fastify's own error body", async () => {
    for (const url of [
      '/api/category/%',
      '/api/category/a%zz',
      '/api/admin/getquizresult/%E0%A4%A',
      '/api/complaint/edit/%%',
    ]) {
      const response = await call(app, url.includes('edit') ? 'PUT' : 'DELETE', url, { token: admin });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
      expect(response.json()).toEqual({ message: 'The URL is not valid: check its percent-encoding' });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('an id longer than the router takes gets 414 { message }', async () => {
    const response = await call(app, 'DELETE', `/api/category/${'i'.repeat(16_500)}`, { token: admin });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ message: 'The URL is too long' });
  });
});

describe('text with a NUL character is refused with 400 naming the field (PostgreSQL answered 500)', () => {
  const cases: Array<{ label: string; send: () => ReturnType<typeof call>; field: string }> = [
    {
      label: 'a sign-in email',
      send: () =>
        call(app, 'POST', '/api/auth/login', { payload: { email: 'ad\u0000min@example.com', password: 'x' } }),
      field: 'email',
    },
    {
      label: "a participant's name",
      send: () =>
        call(app, 'POST', '/api/auth/validateuser', { payload: { email: 'nul.name@example.com', name: 'Nu\u0000ll' } }),
      field: 'name',
    },
    {
      label: 'an id in the URL',
      send: () => call(app, 'DELETE', '/api/complaint-bother/delete-user-complaint/%00', { token: admin }),
      field: 'id',
    },
    {
      label: 'a search in the query string',
      send: () => call(app, 'GET', '/api/admin/getquestions?search=a%00b', { token: admin }),
      field: 'search',
    },
    {
      label: 'an answer inside the list of answers',
      send: () =>
        call(app, 'POST', '/api/user/submitanswer', {
          token: participant,
          payload: {
            answers: [
              { questionId: 'q1', userAnswer: 'yes' },
              { questionId: 'q2', userAnswer: '\u0000' },
            ],
          },
        }),
      field: 'answers.1.userAnswer',
    },
    {
      label: 'a concern in a list of concerns',
      send: () =>
        call(app, 'POST', '/api/complaint/create-complaint', {
          token: admin,
          payload: [{ title: 'Noise', description: 'Open\u0000office' }],
        }),
      field: '0.description',
    },
  ];

  it.each(cases.map((entry) => [entry.label, entry] as const))('%s', async (_, entry) => {
    const response = await entry.send();
    expect(response.statusCode).toBe(400);
    const name = entry.field
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .at(-1);
    expect(response.json()).toEqual({
      message: `${entry.field}: ${name} must not contain NUL characters`,
      error: entry.field,
    });
  });

  it('stores nothing from a refused request', async () => {
    expect(
      await app.db.selectFrom('participants').select('id').where('email_lower', '=', 'nul.name@example.com').execute(),
    ).toEqual([]);
    expect(await app.db.selectFrom('concerns').select('id').where('title', '=', 'Noise').execute()).toEqual([]);
  });

  it('finds a NUL however deep it is nested, without recursion', () => {
    let deep: unknown = 'a\u0000';
    for (let level = 0; level < 20_000; level += 1) deep = [deep];
    expect(findNulCharacter(deep)).toHaveLength(20_000);
    expect(findNulCharacter({ a: ['x', { b: 'fine' }], c: 'fine' })).toBeNull();
    expect(findNulCharacter({ a: ['x', { b: 'n\u0000' }] })).toEqual(['a', 1, 'b']);
    expect(findNulCharacter(['\u0000 first', '\u0000 second'])).toEqual([0]);
  });
});
