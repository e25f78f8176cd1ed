import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act, useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { useAuthStore, type User } from '@prometrica/shared-api';
import { mockApi } from '../../../config/test-http';
import { SessionExpiredModal } from './session-expired-modal';

const admin: User = {
  _id: 'a1',
  name: 'Grace',
  email: 'grace@example.com',
  phoneNumber: '0300',
  role: 'admin',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** Stands in for a half-filled form on a dashboard screen. */
function Draft() {
  const [text, setText] = useState('');
  return <input aria-label="Draft question" value={text} onChange={(e) => setText(e.currentTarget.value)} />;
}

function ui() {
  return (
    <MantineProvider env="test">
      <MemoryRouter>
        <Draft />
        <SessionExpiredModal />
      </MemoryRouter>
    </MantineProvider>
  );
}

beforeEach(() => useAuthStore.setState({ userAuth: true, user: admin, token: 'tok', sessionExpired: false }));

test('an expired session asks to sign in again in place and keeps what was typed', async () => {
  render(ui());
  await userEvent.type(screen.getByLabelText('Draft question'), 'What motivates you?');
  act(() => useAuthStore.setState({ sessionExpired: true }));
  expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toHaveValue('grace@example.com');

  mockApi({ 'POST auth/login': { body: { message: 'Login successful', accessToken: 'fresh', user: admin } } });
  await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() =>
    expect(screen.queryByText('Your session has expired. Please log in again.')).not.toBeInTheDocument(),
  );
  expect(screen.getByLabelText('Draft question')).toHaveValue('What motivates you?');
  expect(localStorage.getItem('token')).toBe('fresh');
});

test('a refusal for too many attempts says how long to wait', async () => {
  useAuthStore.setState({ sessionExpired: true });
  render(ui());
  mockApi({ 'POST auth/login': { status: 429, body: { message: 'Too many' }, headers: { 'Retry-After': '600' } } });
  await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Too many attempts. Please wait 10 minutes and try again.')).toBeInTheDocument();
  expect(useAuthStore.getState().sessionExpired).toBe(true);
});

test('a wrong password keeps the prompt open with the reason', async () => {
  useAuthStore.setState({ sessionExpired: true });
  render(ui());
  mockApi({ 'POST auth/login': { status: 401, body: { message: 'Invalid email or password' } } });
  await userEvent.type(screen.getByLabelText('Password'), 'wrong');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  expect(useAuthStore.getState().sessionExpired).toBe(true);
});
