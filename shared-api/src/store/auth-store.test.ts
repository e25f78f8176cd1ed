import { mockApi } from '../../../config/test-http';
import { request } from '../client/http';
import { secondFactorEnrolmentCode, secondFactorEnrolmentMessage } from '../contract/session';
import { useAuthStore } from './auth-store';

const admin = {
  _id: 'a1',
  name: 'Grace',
  email: 'grace@example.com',
  phoneNumber: '0300',
  role: 'admin' as const,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const reset = () =>
  useAuthStore.setState({
    userAuth: false,
    user: null,
    token: null,
    status: { login: 'idle', checkAuth: 'idle', logout: 'idle' },
    error: { login: null, checkAuth: null, logout: null },
  });

beforeEach(reset);

test('login stores the user and keeps the token in localStorage', async () => {
  mockApi({ 'POST auth/login': { body: { message: 'Login successful', accessToken: 'tok', user: admin } } });
  await expect(useAuthStore.getState().login('grace@example.com', 'pw')).resolves.toBe('Login successful');
  const state = useAuthStore.getState();
  expect(state).toMatchObject({ userAuth: true, user: admin, token: 'tok' });
  expect(state.status.login).toBe('succeeded');
  expect(localStorage.getItem('token')).toBe('tok');
});

test('a failed login records the error and stays signed out', async () => {
  mockApi({ 'POST auth/login': { status: 401, body: { message: 'Invalid email or password' } } });
  await expect(useAuthStore.getState().login('grace@example.com', 'bad')).rejects.toThrow('Invalid email or password');
  const state = useAuthStore.getState();
  expect(state.userAuth).toBe(false);
  expect(state.status.login).toBe('error');
  expect(state.error.login).toBe('Invalid email or password');
});

test('checkAuth without a stored token marks the visitor signed out without a request', async () => {
  const { calls } = mockApi({});
  await useAuthStore.getState().checkAuth();
  expect(calls).toHaveLength(0);
  expect(useAuthStore.getState()).toMatchObject({ userAuth: false, user: null });
  expect(useAuthStore.getState().status.checkAuth).toBe('succeeded');
});

test('checkAuth with a valid token restores the user', async () => {
  localStorage.setItem('token', 'tok');
  useAuthStore.setState({ token: 'tok' });
  mockApi({ 'GET auth/checkauth': { body: { user: admin } } });
  await useAuthStore.getState().checkAuth();
  expect(useAuthStore.getState()).toMatchObject({ userAuth: true, user: admin });
});

test('a refused token is forgotten', async () => {
  localStorage.setItem('token', 'expired');
  useAuthStore.setState({ token: 'expired' });
  mockApi({ 'GET auth/checkauth': { status: 401, body: { message: 'Your session has expired' } } });
  await useAuthStore.getState().checkAuth();
  expect(useAuthStore.getState()).toMatchObject({ userAuth: false, token: null });
  expect(localStorage.getItem('token')).toBeNull();
});

test('a network failure during checkAuth keeps the token for the next try', async () => {
  localStorage.setItem('token', 'tok');
  useAuthStore.setState({ token: 'tok' });
  mockApi({ 'GET auth/checkauth': { networkError: true } });
  await useAuthStore.getState().checkAuth();
  expect(useAuthStore.getState().userAuth).toBe(false);
  expect(localStorage.getItem('token')).toBe('tok');
});

test('logout forgets the token and the user in one update', async () => {
  localStorage.setItem('token', 'tok');
  useAuthStore.setState({ userAuth: true, user: admin, token: 'tok' });
  const seen: boolean[] = [];
  const unsubscribe = useAuthStore.subscribe((s) => seen.push(s.userAuth === false && s.status.logout === 'succeeded'));
  useAuthStore.getState().logout();
  unsubscribe();
  expect(seen).toEqual([true]);
  expect(localStorage.getItem('token')).toBeNull();
});

test('a refused token during work marks the session expired without signing the user out', async () => {
  localStorage.setItem('token', 'tok');
  useAuthStore.setState({ userAuth: true, user: admin, token: 'tok', sessionExpired: false });
  mockApi({ 'GET admin/stats': { status: 401, body: { message: 'Your session has expired. Please log in again.' } } });
  const { request } = await import('../client/http');
  await expect(request('get', 'admin/stats')).rejects.toMatchObject({ status: 401 });
  expect(useAuthStore.getState()).toMatchObject({ sessionExpired: true, userAuth: true });

  mockApi({ 'POST auth/login': { body: { message: 'Login successful', accessToken: 'tok2', user: admin } } });
  await useAuthStore.getState().login('grace@example.com', 'pw');
  expect(useAuthStore.getState()).toMatchObject({ sessionExpired: false, token: 'tok2' });
});

test('a refused token at start does not ask to sign in again', async () => {
  localStorage.setItem('token', 'old');
  useAuthStore.setState({ token: 'old', userAuth: false });
  mockApi({ 'GET auth/checkauth': { status: 401, body: { message: 'Invalid token' } } });
  await useAuthStore.getState().checkAuth();
  expect(useAuthStore.getState().sessionExpired).toBe(false);
});

test('logout ends the session on the server with the token it forgets', async () => {
  localStorage.setItem('token', 'tok');
  useAuthStore.setState({ userAuth: true, user: admin, token: 'tok' });
  const { calls } = mockApi({ 'POST auth/logout': { body: { message: 'Logged out' } } });
  useAuthStore.getState().logout();
  expect(localStorage.getItem('token')).toBeNull();
  await waitForCall(calls, 'auth/logout');
  expect(calls[0]).toMatchObject({ method: 'POST', path: 'auth/logout' });
  expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok');
});

test('a session ended elsewhere signs this page out instead of asking to renew it', async () => {
  localStorage.setItem('token', 'tok');
  useAuthStore.setState({ userAuth: true, user: admin, token: 'tok', sessionExpired: false, sessionEnded: false });
  mockApi({
    'GET admin/stats': {
      status: 401,
      body: { message: 'Your session has ended. Please log in again.', error: 'session-ended' },
    },
  });
  const { request } = await import('../client/http');
  await expect(request('get', 'admin/stats')).rejects.toMatchObject({ status: 401 });
  expect(useAuthStore.getState()).toMatchObject({
    userAuth: false,
    user: null,
    token: null,
    sessionExpired: false,
    sessionEnded: true,
  });
  expect(localStorage.getItem('token')).toBeNull();

  mockApi({ 'POST auth/login': { body: { message: 'Login successful', accessToken: 'tok2', user: admin } } });
  await useAuthStore.getState().login('grace@example.com', 'pw');
  expect(useAuthStore.getState()).toMatchObject({ userAuth: true, sessionEnded: false });
});

test('a call that finds the stored token gone (signed out in another tab) signs this page out', async () => {
  useAuthStore.setState({ userAuth: true, user: admin, token: 'tok' });
  localStorage.removeItem('token');
  mockApi({ 'GET admin/stats': { status: 401, body: { message: 'Authentication required' } } });
  const { request } = await import('../client/http');
  await expect(request('get', 'admin/stats')).rejects.toMatchObject({ status: 401 });
  expect(useAuthStore.getState()).toMatchObject({ userAuth: false, sessionExpired: false });
});

test("another tab's newer sign-in is not forgotten when this page's session ends", async () => {
  localStorage.setItem('token', 'newer');
  useAuthStore.setState({ userAuth: true, user: admin, token: 'tok' });
  mockApi({ 'GET admin/stats': { status: 401, body: { message: 'ended', error: 'session-ended' } } });
  const { request } = await import('../client/http');
  await expect(request('get', 'admin/stats', { token: 'tok' })).rejects.toMatchObject({ status: 401 });
  expect(useAuthStore.getState().userAuth).toBe(false);
  expect(localStorage.getItem('token')).toBe('newer');
});

describe('other tabs', () => {
  const storageEvent = (key: string | null, newValue: string | null) =>
    window.dispatchEvent(new StorageEvent('storage', { key, newValue }));

  test('Logout in another tab signs this one out as Logout does', () => {
    useAuthStore.setState({ userAuth: true, user: admin, token: 'tok' });
    localStorage.removeItem('token');
    storageEvent('token', null);
    expect(useAuthStore.getState()).toMatchObject({ userAuth: false, user: null, token: null });
    expect(useAuthStore.getState().status.logout).toBe('succeeded');
  });

  test('a sign-in in another tab is taken on quietly, without a new start-up check', async () => {
    useAuthStore.setState({ userAuth: true, user: admin, token: 'old', sessionExpired: true });
    const renamed = { ...admin, name: 'Grace H.' };
    const { calls } = mockApi({ 'GET auth/checkauth': { body: { user: renamed } } });
    localStorage.setItem('token', 'fresh');
    storageEvent('token', 'fresh');
    expect(useAuthStore.getState()).toMatchObject({ token: 'fresh', sessionExpired: false });
    await waitForCall(calls, 'auth/checkauth');
    for (let i = 0; i < 100 && useAuthStore.getState().user?.name !== renamed.name; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(useAuthStore.getState()).toMatchObject({ userAuth: true, user: renamed });
    expect(useAuthStore.getState().status.checkAuth).toBe('idle');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer fresh');
  });

  test('other keys are ignored', () => {
    useAuthStore.setState({ userAuth: true, user: admin, token: 'tok' });
    localStorage.setItem('token', 'tok');
    storageEvent('UserData', '{}');
    expect(useAuthStore.getState()).toMatchObject({ userAuth: true, token: 'tok' });
  });
});

/** Waits until a call to `path` has been recorded. */
async function waitForCall(calls: Array<{ path: string }>, path: string) {
  for (let i = 0; i < 100 && !calls.some((call) => call.path === path); i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  expect(calls.map((call) => call.path)).toContain(path);
}

describe('a second factor', () => {
  beforeEach(() => useAuthStore.setState({ secondFactorChallenge: null, secondFactorEnrolmentRequired: false }));

  test('the password step signs nobody in: the code completes it', async () => {
    const { calls } = mockApi({
      'POST auth/login': {
        body: { message: 'Enter the code from your authenticator app', secondFactorRequired: true, challenge: 'ch' },
      },
      'POST auth/login/second-factor': { body: { message: 'Login successful', accessToken: 'tok2', user: admin } },
    });
    await useAuthStore.getState().login('grace@example.com', 'pw');
    expect(useAuthStore.getState()).toMatchObject({ userAuth: false, token: null, secondFactorChallenge: 'ch' });
    expect(localStorage.getItem('token')).toBeNull();

    await expect(useAuthStore.getState().completeSecondFactor({ code: '123456' })).resolves.toBe('Login successful');
    expect(useAuthStore.getState()).toMatchObject({ userAuth: true, token: 'tok2', secondFactorChallenge: null });
    expect(localStorage.getItem('token')).toBe('tok2');
    expect(calls.at(-1)?.body).toEqual({ challenge: 'ch', code: '123456' });
  });

  test('a challenge that ran out goes back to the password step', async () => {
    useAuthStore.setState({ secondFactorChallenge: 'old' });
    mockApi({
      'POST auth/login/second-factor': {
        status: 401,
        body: { message: 'The sign-in took too long. Please sign in again.', error: 'challenge' },
      },
    });
    await expect(useAuthStore.getState().completeSecondFactor({ recoveryCode: 'abcde-fghij' })).rejects.toThrow(
      'The sign-in took too long',
    );
    expect(useAuthStore.getState().secondFactorChallenge).toBeNull();
  });

  test('a call refused because the session may only enrol marks the signed-in account so', async () => {
    useAuthStore.setState({ userAuth: true, user: admin, token: 'tok' });
    localStorage.setItem('token', 'tok');
    mockApi({
      'GET admin/stats': {
        status: 403,
        body: { message: secondFactorEnrolmentMessage, error: secondFactorEnrolmentCode },
      },
    });
    await expect(request('get', 'admin/stats')).rejects.toThrow(secondFactorEnrolmentMessage);
    expect(useAuthStore.getState()).toMatchObject({ userAuth: true, secondFactorEnrolmentRequired: true });
  });

  test('a session that may only enrol says so', async () => {
    mockApi({
      'POST auth/login': {
        body: { message: 'Login successful', accessToken: 'tok3', user: admin, secondFactorEnrolmentRequired: true },
      },
    });
    await useAuthStore.getState().login('grace@example.com', 'pw');
    expect(useAuthStore.getState()).toMatchObject({ userAuth: true, secondFactorEnrolmentRequired: true });
  });
});
