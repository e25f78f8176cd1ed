import type { FastifyInstance } from 'fastify';
import { call, newParticipant, signedIn, type Method } from './helpers/api';
import { build, type TestApp } from './helpers/build';
import { signaturePng } from './helpers/png';

type Caller = 'none' | 'participant' | 'account' | 'admin';
const long = 'x'.repeat(10_000);

interface BodyRoute {
  method: Method;
  url: string;
  caller: Caller;
  /** A valid body; every mutation of it below must be refused. */
  valid: Record<string, unknown>;
  /** Fields that may not be missing or empty. */
  required: string[];
  /** The body is a list of `valid` (complaints, ratings). */
  list?: boolean;
  /** Fields for which a number is a right type. */
  numberAllowed?: string[];
}

/** Every route with a body, each with a valid body to break field by field. */
const bodyRoutes: BodyRoute[] = [
  {
    method: 'POST',
    url: '/api/auth/login',
    caller: 'none',
    valid: { email: 'a@example.com', password: 'secret-password' },
    required: ['email', 'password'],
  },
  {
    method: 'POST',
    url: '/api/auth/validateuser',
    caller: 'none',
    valid: { email: 'a@example.com', name: 'A', phone: '03001234567' },
    required: ['email'],
  },
  {
    method: 'POST',
    url: '/api/user/change-password',
    caller: 'account',
    valid: { currentPassword: 'current-password', newPassword: 'new-password-1' },
    required: ['currentPassword', 'newPassword'],
  },
  {
    method: 'POST',
    url: '/api/user/submitanswer',
    caller: 'participant',
    valid: {
      name: 'A',
      email: 'a@example.com',
      contactno: '03001234567',
      answers: [{ questionId: 'q1', userAnswer: 'true' }],
    },
    required: ['answers'],
    numberAllowed: ['contactno'],
  },
  {
    method: 'POST',
    url: '/api/useragreement/add',
    caller: 'participant',
    valid: { imageBase64: signaturePng, date: '2025-01-31' },
    required: ['imageBase64', 'date'],
  },
  {
    method: 'POST',
    url: '/api/admin/addquestion',
    caller: 'admin',
    valid: { question: 'Q?', correctAnswer: 'a', questionType: 'mcq', options: ['a', 'b'], category: 'Leadership' },
    required: ['question', 'correctAnswer', 'questionType', 'category'],
  },
  {
    method: 'PUT',
    url: '/api/admin/updatequestion/some-id',
    caller: 'admin',
    valid: { question: 'Q?', correctAnswer: 'a', questionType: 'mcq', options: ['a', 'b'], category: 'Leadership' },
    required: ['question', 'correctAnswer', 'questionType'],
  },
  {
    method: 'POST',
    url: '/api/admin/createuser',
    caller: 'admin',
    valid: { name: 'A', email: 'a@example.com', password: 'a-long-password', role: 'user', phoneNumber: '03001234567' },
    required: ['name', 'email', 'password', 'role', 'phoneNumber'],
  },
  {
    method: 'PUT',
    url: '/api/admin/updateuser/some-id',
    caller: 'admin',
    valid: { name: 'A', email: 'a@example.com', role: 'user', phoneNumber: '03001234567' },
    required: ['name', 'email', 'role', 'phoneNumber'],
  },
  { method: 'POST', url: '/api/category', caller: 'admin', valid: { name: 'Focus' }, required: ['name'] },
  { method: 'PUT', url: '/api/category/some-id', caller: 'admin', valid: { name: 'Focus' }, required: ['name'] },
  {
    method: 'POST',
    url: '/api/complaint/create-complaint',
    caller: 'admin',
    valid: { title: 'T', description: 'D', botherOptions: ['A little'], reporterName: 'R' },
    required: ['title', 'description'],
    list: true,
  },
  {
    method: 'PUT',
    url: '/api/complaint/edit/some-id',
    caller: 'admin',
    valid: { title: 'T', description: 'D', botherOptions: ['A little'], status: 'pending' },
    required: ['title', 'description'],
  },
  {
    method: 'POST',
    url: '/api/complaint-bother/add-complaint',
    caller: 'participant',
    valid: { complaintId: 'c1', botherOptions: ['A little'] },
    required: ['complaintId', 'botherOptions'],
    list: true,
  },
  {
    method: 'PUT',
    url: '/api/admin/reports/some-result/comments',
    caller: 'admin',
    // An empty overall comment is none: only its type and length can be wrong.
    valid: { overall: 'Steady throughout.', categories: { Numeracy: 'Quick and exact.' }, baseVersion: 0 },
    required: ['categories', 'baseVersion'],
    numberAllowed: ['baseVersion'],
  },
];

/** Query strings that must be refused, with the field the message must name. */
const queryCases: Array<[url: string, field: string]> = [
  ['/api/admin/getquestions?page=0', 'page'],
  ['/api/admin/getquestions?page=abc', 'page'],
  ['/api/admin/getquestions?page=1&page=2', 'page'],
  ['/api/admin/getquestions?page=99999999999', 'page'],
  ['/api/admin/getquestions?limit=0', 'limit'],
  ['/api/admin/getquestions?limit=101', 'limit'],
  ['/api/admin/getquestions?limit=', 'limit'],
  [`/api/admin/getquestions?search=${long}`, 'search'],
  ['/api/admin/getquizresult?page=-1', 'page'],
  ['/api/admin/getquizresult?limit=2.5', 'limit'],
  ['/api/admin/getquizresult?passed=maybe', 'passed'],
  [`/api/admin/getquizresult?search=${long}`, 'search'],
  ['/api/admin/getquizresult?search=a&search=b', 'search'],
  [`/api/admin/getallusers?search=${long}`, 'search'],
  ['/api/admin/stats?year=abc', 'year'],
  ['/api/admin/stats?year=1', 'year'],
  ['/api/admin/stats?year=20250', 'year'],
];

/** Routes with an id, a valid body where they need one, and the 404 message for an unknown id. */
const idRoutes: Array<[method: Method, url: string, body: unknown, notFound: string]> = [
  [
    'PUT',
    '/api/admin/updatequestion/:id',
    { question: 'Q?', correctAnswer: 'true', questionType: 'truefalse' },
    'Question not found',
  ],
  ['DELETE', '/api/admin/deletequestion/:id', undefined, 'Question not found'],
  [
    'PUT',
    '/api/admin/updateuser/:id',
    { name: 'A', email: 'a@example.com', role: 'user', phoneNumber: '03001234567' },
    'User not found',
  ],
  ['DELETE', '/api/admin/deleteuser/:id', undefined, 'User not found'],
  ['GET', '/api/admin/getquizresult/:id', undefined, 'Result not found'],
  ['PUT', '/api/category/:id', { name: 'Focus' }, 'Category not found'],
  ['DELETE', '/api/category/:id', undefined, 'Category not found'],
  ['PUT', '/api/complaint/edit/:id', { title: 'T', description: 'D' }, 'Complaint not found'],
  ['DELETE', '/api/complaint/delete/:id', undefined, 'Complaint not found'],
  ['DELETE', '/api/complaint-bother/delete-user-complaint/:id', undefined, 'Concern rating not found'],
];

let subject: TestApp;
let app: FastifyInstance;
const tokens: Partial<Record<Caller, string>> = {};
beforeAll(async () => {
  subject = await build();
  app = subject.app;
  tokens.admin = (await signedIn(app, 'admin')).token;
  tokens.account = (await signedIn(app, 'user')).token;
  tokens.participant = (await newParticipant(app)).token;
});
afterAll(() => subject.close());

/** Each field missing, of a wrong type, empty and 10,000 characters long. */
function mutations(route: BodyRoute): Array<{ label: string; field: string; body: Record<string, unknown> }> {
  const cases: Array<{ label: string; field: string; body: Record<string, unknown> }> = [];
  for (const field of Object.keys(route.valid)) {
    const withField = (value: unknown) => ({ ...route.valid, [field]: value });
    if (route.required.includes(field)) {
      const { [field]: _removed, ...without } = route.valid;
      cases.push({ label: `${field} missing`, field, body: without });
      cases.push({ label: `${field} empty`, field, body: withField(Array.isArray(route.valid[field]) ? [] : '') });
      cases.push({ label: `${field} null`, field, body: withField(null) });
    }
    cases.push({ label: `${field} an object`, field, body: withField({ nested: true }) });
    cases.push({ label: `${field} a boolean`, field, body: withField(true) });
    if (!route.numberAllowed?.includes(field))
      cases.push({ label: `${field} a number`, field, body: withField(12345) });
    cases.push({ label: `${field} 10,000 characters`, field, body: withField(long) });
    if (Array.isArray(route.valid[field]))
      cases.push({ label: `${field} with a 10,000-character entry`, field, body: withField([long]) });
  }
  return cases;
}

function expectRefusal(response: { statusCode: number; body: string; json(): any }, field: string, label: string) {
  const context = `${label}: ${response.statusCode} ${response.body.slice(0, 200)}`;
  expect({ context, status: response.statusCode }).toEqual({ context, status: 400 });
  const body = response.json();
  expect(Object.keys(body).every((key) => key === 'message' || key === 'error')).toBe(true);
  expect({ context, names: String(body.message).includes(field) }).toEqual({ context, names: true });
  expect(response.body).not.toMatch(/\bat .*\.ts:\d+|stack/i);
}

describe('bad input is refused with a 4xx naming the field, never a 5xx', () => {
  it.each(bodyRoutes.map((route) => [`${route.method} ${route.url}`, route] as const))('%s', async (_, route) => {
    const token = tokens[route.caller];
    for (const mutation of mutations(route)) {
      const payload = route.list ? [mutation.body] : mutation.body;
      const response = await call(app, route.method, route.url, { token, payload });
      expectRefusal(response, mutation.field, mutation.label);
    }

    const malformed = await call(app, route.method, route.url, { token, payload: '{"title": "unfinished' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Invalid JSON body' });

    const wrongShape = await call(app, route.method, route.url, {
      token,
      payload: route.list ? { item: route.valid } : [route.valid],
    });
    expect(wrongShape.statusCode).toBe(400);
    expect(wrongShape.json().message).toMatch(/^body: /);

    const missing = await call(app, route.method, route.url, { token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^body: /);
  });

  it.each(
    queryCases.map(([url, field]) => [
      url.length > 80 ? `${url.slice(0, 60)}... (10,000 characters)` : url,
      url,
      field,
    ]),
  )('GET %s', async (_, url, field) => {
    const response = await call(app, 'GET', url, { token: tokens.admin });
    expectRefusal(response, field, url.slice(0, 80));
    expect(response.json().error).toBe(field);
  });

  it.each(idRoutes)('%s %s: unknown ids are 404, over-long or blank ids 400', async (method, url, body, notFound) => {
    const unknown = await call(app, method, url.replace(':id', 'no-such-id'), { token: tokens.admin, payload: body });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: notFound });

    const tooLong = await call(app, method, url.replace(':id', long), { token: tokens.admin, payload: body });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ message: 'id: id is too long', error: 'id' });

    const blank = await call(app, method, url.replace(':id', '%20%20'), { token: tokens.admin, payload: body });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: 'id: id is required', error: 'id' });
  });

  it.each([
    ['PUT', '/api/admin/updatequestion/some-id', { question: 'Q?', correctAnswer: 'true', questionType: 'truefalse' }],
    [
      'PUT',
      '/api/admin/updateuser/some-id',
      { name: 'A', email: 'a@example.com', role: 'user', phoneNumber: '03001234567' },
    ],
    ['PUT', '/api/complaint/edit/some-id', { title: 'T', description: 'D' }],
  ] as const)('%s %s: an id in the body must be the one in the URL', async (method, url, body) => {
    for (const id of ['another-id', long]) {
      const response = await call(app, method, url, { token: tokens.admin, payload: { ...body, id } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'id: id must match the id in the URL', error: 'id' });
    }
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await call(app, 'POST', '/api/category', {
      token: tokens.admin,
      payload: { name: 'x'.repeat(1_100_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Request body is too large' });
  });
});
