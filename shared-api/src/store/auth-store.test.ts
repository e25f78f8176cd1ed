import { mockApi } from '../../../config/test-http';
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
