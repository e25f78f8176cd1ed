import { mockApi } from '../../../config/test-http';
import { ApiError } from './api-error';
import { onAccountUnauthorized, parseRetryAfter, request, type UnauthorizedReason } from './http';

test('the stored token is sent as a Bearer Authorization header', async () => {
  localStorage.setItem('token', 'account-token');
  const { calls } = mockApi({ 'GET auth/checkauth': { body: { user: null } } });
  await request('get', 'auth/checkauth');
  expect(calls[0]?.headers.get('authorization')).toBe('Bearer account-token');
});

test('participant calls send the participant token', async () => {
  localStorage.setItem('token', 'account-token');
  localStorage.setItem('participantToken', 'participant-token');
  const { calls } = mockApi({ 'GET user/getquestion': { body: { questions: [] } } });
  await request('get', 'user/getquestion', { credential: 'participant' });
  expect(calls[0]?.headers.get('authorization')).toBe('Bearer participant-token');
});

test('no Authorization header is sent without a token', async () => {
  const { calls } = mockApi({ 'POST auth/login': { body: {} } });
  await request('post', 'auth/login', { json: { email: 'a@b.co' }, credential: 'none' });
  expect(calls[0]?.headers.get('authorization')).toBeNull();
  expect(calls[0]?.body).toEqual({ email: 'a@b.co' });
});

test("a failed call becomes an ApiError with the server's message and error field", async () => {
  mockApi({
    'POST auth/login': { status: 401, body: { message: 'Invalid email or password', error: 'Unauthorized' } },
  });
  const failure = await request('post', 'auth/login', { json: {} }).catch((e: unknown) => e);
  expect(failure).toBeInstanceOf(ApiError);
  expect(failure).toMatchObject({
    status: 401,
    kind: 'http',
    message: 'Invalid email or password',
    error: 'Unauthorized',
  });
});

test('a failure without a JSON body keeps the status in its message', async () => {
  mockApi({ 'GET admin/stats': { status: 502 } });
  await expect(request('get', 'admin/stats')).rejects.toMatchObject({
    status: 502,
    message: 'Request failed with status code 502',
  });
});

test('a dropped connection is a Network Error with status 0', async () => {
  mockApi({ 'GET admin/stats': { networkError: true } });
  await expect(request('get', 'admin/stats')).rejects.toMatchObject({
    status: 0,
    kind: 'network',
    message: 'Network Error',
  });
});

test('query parameters are URL-encoded and undefined ones left out', async () => {
  const { calls } = mockApi({ 'GET admin/getquestions': { body: {} } });
  await request('get', 'admin/getquestions', { searchParams: { page: 2, search: 'a&b c', passed: undefined } });
  expect(calls[0]?.url.searchParams.get('search')).toBe('a&b c');
  expect(calls[0]?.url.searchParams.get('page')).toBe('2');
  expect(calls[0]?.url.searchParams.has('passed')).toBe(false);
});

test('a rate-limited call carries the Retry-After seconds, and a call without one carries none', async () => {
  mockApi({
    'POST auth/login': { status: 429, body: { message: 'Too many attempts' }, headers: { 'Retry-After': '180' } },
    'POST auth/validateuser': { status: 429, body: { message: 'Too many attempts' } },
  });
  await expect(request('post', 'auth/login', { json: {} })).rejects.toMatchObject({
    status: 429,
    retryAfterSeconds: 180,
  });
  const failure = await request('post', 'auth/validateuser', { json: {} }).catch((e: unknown) => e);
  expect(failure).toMatchObject({ status: 429 });
  expect((failure as ApiError).retryAfterSeconds).toBeUndefined();
});

test('Retry-After is read as seconds, or as a date from now; anything else is no wait given', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  expect(parseRetryAfter('30', now)).toBe(30);
  expect(parseRetryAfter('Tue, 24 Nov 2026 12:01:30 GMT', now)).toBe(90);
  expect(parseRetryAfter(null, now)).toBeUndefined();
  expect(parseRetryAfter('soon', now)).toBeUndefined();
});

describe('a refused account call tells why', () => {
  const heard: UnauthorizedReason[] = [];
  let stop: () => void;
  beforeEach(() => {
    heard.length = 0;
    stop = onAccountUnauthorized((reason) => heard.push(reason));
  });
  afterEach(() => stop());

  test('a token that ran out: expired (renewed in place)', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({
      'GET admin/stats': { status: 401, body: { message: 'Your session has expired. Please log in again.' } },
    });
    await request('get', 'admin/stats').catch(() => {});
    expect(heard).toEqual(['expired']);
  });

  test('a session ended on the server: ended (back to sign-in)', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({ 'GET admin/stats': { status: 401, body: { message: 'Ended', error: 'session-ended' } } });
    await request('get', 'admin/stats').catch(() => {});
    expect(heard).toEqual(['ended']);
  });

  test('no stored token any more (signed out in another tab): ended', async () => {
    localStorage.removeItem('token');
    mockApi({ 'GET admin/stats': { status: 401, body: { message: 'Authentication required' } } });
    await request('get', 'admin/stats').catch(() => {});
    expect(heard).toEqual(['ended']);
  });

  test('public and participant calls say nothing', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({
      'POST auth/login': { status: 401, body: { message: 'Invalid email or password' } },
      'GET user/getquestion': { status: 401, body: { message: 'Invalid token' } },
    });
    await request('post', 'auth/login', { json: {}, credential: 'none' }).catch(() => {});
    await request('get', 'user/getquestion', { credential: 'participant' }).catch(() => {});
    expect(heard).toEqual([]);
  });
});
