import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountSession } from '@prometrica/shared-api';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { signInAs } from '../../../testing/fixtures';
import { AccountScreen } from './account-screen';
import { SessionsPanel } from './sessions-panel';

const chromeOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const firefoxOnMac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.6; rv:132.0) Gecko/20100101 Firefox/132.0';

/** A local time on a day of January 2026. */
const at = (day: number, hours: number, minutes: number) => new Date(2026, 0, day, hours, minutes).toISOString();

function aSession(overrides: Partial<AccountSession> = {}): AccountSession {
  const session = { _id: 's-current', userAgent: chromeOnWindows, address: '10.1.2.3', current: true };
  return { ...session, createdAt: at(5, 9, 5), lastSeenAt: at(5, 11, 30), ...overrides };
}

const yesterday = { createdAt: at(4, 18, 0), lastSeenAt: at(4, 18, 45) };
const other = aSession({ _id: 's-other', userAgent: firefoxOnMac, address: '192.0.2.7', current: false, ...yesterday });

beforeEach(() => signInAs('admin'));

test('lists where the account is signed in: browser, address, start and last use, this browser marked', async () => {
  mockApi({ 'GET auth/sessions': { body: { sessions: [aSession(), other] } } });
  renderWithProviders(<SessionsPanel />);
  const current = await screen.findByRole('listitem', { name: 'Chrome on Windows' });
  expect(within(current).getByText('This browser')).toBeInTheDocument();
  expect(
    within(current).getByText(/10\.1\.2\.3 · Signed in 5 Jan 2026, 09:05 · Last seen 5 Jan 2026, 11:30/),
  ).toBeInTheDocument();
  // The current session is ended with Logout, not from here.
  expect(within(current).queryByRole('button', { name: 'End session' })).not.toBeInTheDocument();

  const elsewhere = screen.getByRole('listitem', { name: 'Firefox on macOS' });
  expect(within(elsewhere).getByText(/192\.0\.2\.7 · Signed in 4 Jan 2026, 18:00/)).toBeInTheDocument();
  expect(within(elsewhere).queryByText('This browser')).not.toBeInTheDocument();
});

test('ends another session and reads the list again', async () => {
  let listed = [aSession(), other];
  const { calls } = mockApi({
    'GET auth/sessions': () => ({ body: { sessions: listed } }),
    'DELETE auth/sessions/s-other': () => {
      listed = [aSession()];
      return { body: { message: 'Session ended' } };
    },
  });
  renderWithProviders(<SessionsPanel />);
  const elsewhere = await screen.findByRole('listitem', { name: 'Firefox on macOS' });
  await userEvent.click(within(elsewhere).getByRole('button', { name: 'End session' }));
  expect(await screen.findByText('Session ended')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Firefox on macOS' })).not.toBeInTheDocument());
  expect(screen.getByRole('listitem', { name: 'Chrome on Windows' })).toBeInTheDocument();
  expect(calls.filter((call) => call.path === 'auth/sessions')).toHaveLength(2);
});

test("a refusal to end a session shows the server's message and keeps the session listed", async () => {
  mockApi({
    'GET auth/sessions': { body: { sessions: [aSession(), other] } },
    'DELETE auth/sessions/s-other': { status: 404, body: { message: 'Session not found' } },
  });
  renderWithProviders(<SessionsPanel />);
  const elsewhere = await screen.findByRole('listitem', { name: 'Firefox on macOS' });
  await userEvent.click(within(elsewhere).getByRole('button', { name: 'End session' }));
  expect(await screen.findByText('Session not found')).toBeInTheDocument();
  expect(screen.getByRole('listitem', { name: 'Firefox on macOS' })).toBeInTheDocument();
});

test('a failed load says so and offers to try again', async () => {
  let attempts = 0;
  mockApi({
    'GET auth/sessions': () =>
      ++attempts === 1
        ? { status: 500, body: { message: 'Internal server error' } }
        : { body: { sessions: [aSession()] } },
  });
  renderWithProviders(<SessionsPanel />);
  expect(await screen.findByText('Sessions could not be loaded')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('listitem', { name: 'Chrome on Windows' })).toBeInTheDocument();
});

test('a changed password reads the sessions again (the others have ended)', async () => {
  let listed = [aSession(), other];
  mockApi({
    'GET auth/sessions': () => ({ body: { sessions: listed } }),
    'POST user/change-password': () => {
      listed = [aSession()];
      return { body: { message: 'Password changed successfully!' } };
    },
  });
  renderWithProviders(<AccountScreen />);
  expect(await screen.findByRole('listitem', { name: 'Firefox on macOS' })).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText(/^Current password/), 'old-password');
  await userEvent.type(screen.getByLabelText(/^New password/), 'new-password-1');
  await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'new-password-1');
  await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
  expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Firefox on macOS' })).not.toBeInTheDocument());
});
