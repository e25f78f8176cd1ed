import { mockApi } from '../../../config/test-http';
import { ApiError } from './api-error';
import { request } from './http';

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
