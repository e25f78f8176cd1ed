import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  secondFactorEnrolmentCode,
  secondFactorEnrolmentMessage,
  sessionEndedCode,
  sessionEndedMessage,
  useAuthStore,
} from '@prometrica/shared-api';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { aCategory, anAdminReport, signInAs, someStats } from './testing/fixtures';
import { ignoreChartSizeWarnings } from './testing/charts';
import { DashboardRoutes } from './routes';

ignoreChartSizeWarnings();

function renderDashboard(route: string) {
  return renderWithProviders(<DashboardRoutes />, { route, path: '/dashboard/*' });
}

test('the sidebar names the product, links every section and opens from the burger on small screens', async () => {
  signInAs('admin');
  mockApi({ 'GET admin/stats': { body: someStats() } });
  renderDashboard('/dashboard/overview');
  const sidebar = screen.getByRole('navigation', { name: 'Dashboard sections' });
  expect(within(sidebar).getByText('Prometrica')).toBeInTheDocument();
  expect(within(sidebar).getByText('Management System')).toBeInTheDocument();
  const links = within(sidebar)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);
  expect(links).toEqual([
    ['Overview', '/dashboard/overview'],
    ['Participants', '/dashboard/participants'],
    ['Results', '/dashboard/result'],
    ['Insights', '/dashboard/insights'],
    ['Users', '/dashboard/user-list'],
    ['Questions', '/dashboard/question-list'],
    ['Categories', '/dashboard/categories'],
    ['Complaints', '/dashboard/complaint'],
    ['Change Password', '/dashboard/account'],
  ]);
  await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
  expect(screen.getByRole('button', { name: 'Close navigation' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Dashboard Overview' })).toBeInTheDocument();
});

test('a section link opens that section (loaded on demand)', async () => {
  signInAs('admin');
  mockApi({ 'GET admin/stats': { body: someStats() }, 'GET category': { body: { categories: [aCategory()] } } });
  renderDashboard('/dashboard/overview');
  await screen.findByRole('heading', { name: 'Dashboard Overview' });
  await userEvent.click(screen.getByRole('link', { name: 'Categories' }));
  expect(await screen.findByRole('heading', { name: 'Categories' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Categories' })).toHaveAttribute('data-active', 'true');
});

test("a result's report address opens its report, with Results marked in the sidebar", async () => {
  signInAs('admin');
  mockApi({ 'GET admin/reports/r1': { body: anAdminReport() } });
  renderDashboard('/dashboard/result/r1/report');
  expect(await screen.findByRole('heading', { name: 'Report on Zoë Ñúñez Ωμέγα Юлия' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Results' })).toHaveAttribute('data-active', 'true');
});

test('an unknown dashboard address falls back to the overview', async () => {
  signInAs('admin');
  mockApi({ 'GET admin/stats': { body: someStats() } });
  renderDashboard('/dashboard/nowhere');
  expect(await screen.findByRole('heading', { name: 'Dashboard Overview' })).toBeInTheDocument();
});

test('Logout says it is logging out, then after 1.5 s forgets the token and goes to the login', async () => {
  signInAs('admin');
  localStorage.setItem('token', 'tok');
  const { calls } = mockApi({
    'GET admin/stats': { body: someStats() },
    'POST auth/logout': { body: { message: 'Logged out' } },
  });
  renderDashboard('/dashboard/overview');
  await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
  expect(screen.getByRole('button', { name: 'Logging out...' })).toBeDisabled();
  expect(localStorage.getItem('token')).toBe('tok');
  await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeInTheDocument(), { timeout: 3000 });
  expect(localStorage.getItem('token')).toBeNull();
  expect(useAuthStore.getState().userAuth).toBe(false);
  // The session ends on the server too: its token is refused from then on.
  const logout = calls.find((call) => call.path === 'auth/logout');
  expect(logout?.headers.get('authorization')).toBe('Bearer tok');
});

test('a call refused for an ended session leaves the dashboard for sign-in instead of showing empty figures', async () => {
  signInAs('admin');
  localStorage.setItem('token', 'tok');
  mockApi({ 'GET admin/stats': { status: 401, body: { message: sessionEndedMessage, error: sessionEndedCode } } });
  renderDashboard('/dashboard/overview');
  await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeInTheDocument());
  expect(screen.queryByRole('navigation', { name: 'Dashboard sections' })).not.toBeInTheDocument();
  expect(localStorage.getItem('token')).toBeNull();
  expect(useAuthStore.getState()).toMatchObject({ userAuth: false, sessionEnded: true, sessionExpired: false });
});

test('a session that may only turn on the second factor is kept on the Account page, even when told mid-session', async () => {
  signInAs('admin');
  useAuthStore.setState({ secondFactorEnrolmentRequired: false });
  const off = { enabled: false, recoveryCodesLeft: 0, required: true, enrolOnly: true };
  mockApi({
    'GET admin/stats': {
      status: 403,
      body: {
        message: secondFactorEnrolmentMessage,
        error: secondFactorEnrolmentCode,
      },
    },
    'GET auth/second-factor': { body: off },
  });
  renderDashboard('/dashboard/overview');
  expect(await screen.findByRole('button', { name: 'Set up two-factor authentication' })).toBeInTheDocument();
  expect(useAuthStore.getState().secondFactorEnrolmentRequired).toBe(true);
  expect(screen.queryByText('Signed-in sessions')).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('link', { name: 'Categories' }));
  expect(await screen.findByRole('button', { name: 'Set up two-factor authentication' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Categories' })).not.toBeInTheDocument();
  useAuthStore.setState({ secondFactorEnrolmentRequired: false });
});

test('Logout in another tab sends this one to sign-in', async () => {
  signInAs('admin');
  localStorage.setItem('token', 'tok');
  mockApi({ 'GET admin/stats': { body: someStats() } });
  renderDashboard('/dashboard/overview');
  expect(await screen.findByRole('heading', { name: 'Dashboard Overview' })).toBeInTheDocument();
  // What the other tab's Logout does to this one: the stored token goes, and the page hears of it.
  act(() => {
    localStorage.removeItem('token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: 'tok', newValue: null }));
  });
  await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeInTheDocument());
  expect(useAuthStore.getState()).toMatchObject({ userAuth: false, token: null });
});
