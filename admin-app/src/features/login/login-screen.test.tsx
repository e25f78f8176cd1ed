import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '@prometrica/shared-api';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { LoginScreen } from './login-screen';

const superadmin = {
  _id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  phoneNumber: '0300',
  role: 'superadmin',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => useAuthStore.setState({ userAuth: false, user: null, token: null, secondFactorChallenge: null }));

test('both fields are required before anything is sent', async () => {
  const { calls } = mockApi({});
  renderWithProviders(<LoginScreen />, { route: '/admin', path: '/admin' });
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(screen.getByText('Email is required')).toBeInTheDocument();
  expect(screen.getByText('Password is required')).toBeInTheDocument();
  expect(calls).toHaveLength(0);
});

test('a superadmin who signs in is taken to the overview with the token stored', async () => {
  mockApi({ 'POST auth/login': { body: { message: 'Login successful', accessToken: 'tok', user: superadmin } } });
  renderWithProviders(<LoginScreen />, { route: '/admin', path: '/admin' });
  await userEvent.type(screen.getByLabelText(/Email/), 'ada@example.com');
  await userEvent.type(screen.getByLabelText(/Password/), 'secret-pass');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeInTheDocument());
  expect(localStorage.getItem('token')).toBe('tok');
  expect(useAuthStore.getState().userAuth).toBe(true);
});

test("a wrong password shows the server's message", async () => {
  mockApi({ 'POST auth/login': { status: 401, body: { message: 'Invalid email or password' } } });
  renderWithProviders(<LoginScreen />, { route: '/admin', path: '/admin' });
  await userEvent.type(screen.getByLabelText(/Email/), 'ada@example.com');
  await userEvent.type(screen.getByLabelText(/Password/), 'wrong-pass');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  expect(localStorage.getItem('token')).toBeNull();
});

test("a refusal for too many attempts says how long to wait, from the reply's Retry-After", async () => {
  mockApi({
    'POST auth/login': {
      status: 429,
      body: { message: 'Too many attempts. Please wait 15 minutes and try again.' },
      headers: { 'Retry-After': '30' },
    },
  });
  renderWithProviders(<LoginScreen />, { route: '/admin', path: '/admin' });
  await userEvent.type(screen.getByLabelText(/Email/), 'ada@example.com');
  await userEvent.type(screen.getByLabelText(/Password/), 'secret-pass');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Too many attempts. Please wait 30 seconds and try again.')).toBeInTheDocument();
  expect(screen.queryByText(/15 minutes/)).not.toBeInTheDocument();
  expect(localStorage.getItem('token')).toBeNull();
});

test('the "Login failed" notice goes once the next sign-in succeeds', async () => {
  let attempts = 0;
  mockApi({
    'POST auth/login': () =>
      ++attempts === 1
        ? { status: 401, body: { message: 'Invalid email or password', error: 'Login failed' } }
        : { body: { message: 'Login successful', accessToken: 'tok', user: superadmin } },
  });
  renderWithProviders(<LoginScreen />, { route: '/admin', path: '/admin' });
  await userEvent.type(screen.getByLabelText(/Email/), 'ada@example.com');
  await userEvent.type(screen.getByLabelText(/Password/), 'wrong-pass');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  expect(screen.getByText('Login failed')).toBeInTheDocument();

  await userEvent.clear(screen.getByLabelText(/Password/));
  await userEvent.type(screen.getByLabelText(/Password/), 'secret-pass');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeInTheDocument());
  expect(await screen.findByText('Signed in')).toBeInTheDocument();
  // Within a second: long before the notice would close by itself (4 s).
  await waitFor(() => expect(screen.queryByText('Invalid email or password')).not.toBeInTheDocument(), {
    timeout: 1000,
  });
  expect(screen.queryByText('Login failed')).not.toBeInTheDocument();
});

test('after a session was ended elsewhere, the sign-in says why', () => {
  useAuthStore.setState({ sessionEnded: true });
  renderWithProviders(<LoginScreen />, { route: '/admin', path: '/admin' });
  expect(screen.getByRole('status')).toHaveTextContent('Your session has ended. Please log in again.');
});

test('otherwise it says nothing of sessions', () => {
  useAuthStore.setState({ sessionEnded: false });
  renderWithProviders(<LoginScreen />, { route: '/admin', path: '/admin' });
  expect(screen.queryByText(/Your session has ended/)).not.toBeInTheDocument();
});

describe('two-factor authentication', () => {
  const challenge = {
    message: 'Enter the code from your authenticator app',
    secondFactorRequired: true,
    challenge: 'ch-1',
  };

  async function signInWithPassword() {
    await userEvent.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  }

  test('asks for the code when the server says so, and signs in with it', async () => {
    const { calls } = mockApi({
      'POST auth/login': { body: challenge },
      'POST auth/login/second-factor': { body: { message: 'Login successful', accessToken: 'tok', user: superadmin } },
    });
    renderWithProviders(<LoginScreen />, { route: '/admin', path: '/admin' });
    await signInWithPassword();
    const code = await screen.findByLabelText(/Authentication code/);
    expect(localStorage.getItem('token')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Code is required')).toBeInTheDocument();

    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeInTheDocument());
    expect(localStorage.getItem('token')).toBe('tok');
    expect(calls.at(-1)?.body).toEqual({ challenge: 'ch-1', code: '123456' });
  });

  test('"Use a recovery code" sends a recovery code instead; a wrong one shows the server\'s message', async () => {
    let attempts = 0;
    const { calls } = mockApi({
      'POST auth/login': { body: challenge },
      'POST auth/login/second-factor': () =>
        ++attempts === 1
          ? {
              status: 401,
              body: { message: 'The recovery code is not right, or it was used already.', error: 'recoveryCode' },
            }
          : { body: { message: 'Login successful', accessToken: 'tok', user: superadmin } },
    });
    renderWithProviders(<LoginScreen />, { route: '/admin', path: '/admin' });
    await signInWithPassword();
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await userEvent.type(screen.getByLabelText(/Recovery code/), 'abcde-fghij');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The recovery code is not right, or it was used already.')).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ challenge: 'ch-1', recoveryCode: 'abcde-fghij' });

    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeInTheDocument());
  });

  test('"Back to sign in" returns to the password form', async () => {
    mockApi({ 'POST auth/login': { body: challenge } });
    renderWithProviders(<LoginScreen />, { route: '/admin', path: '/admin' });
    await signInWithPassword();
    await userEvent.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});
