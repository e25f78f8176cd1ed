import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { signInAs, someStats } from '../../../testing/fixtures';
import { ignoreChartSizeWarnings } from '../../../testing/charts';
import { OverviewScreen } from './overview-screen';

ignoreChartSizeWarnings();

function card(label: string) {
  return screen.getByRole('group', { name: label });
}

test('shows the loading message until the figures arrive, then the greeting', async () => {
  signInAs('admin');
  mockApi({ 'GET admin/stats': { body: someStats() } });
  renderWithProviders(<OverviewScreen />);
  expect(screen.getByText('Loading Dashboard...')).toBeInTheDocument();
  expect(screen.getByText('Fetching latest data')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Dashboard Overview' })).toBeInTheDocument();
  expect(screen.getByText('Welcome back, Admin!')).toBeInTheDocument();
  expect(screen.getByText("Here's what's happening with your platform today.")).toBeInTheDocument();
  expect(screen.queryByText('Loading Dashboard...')).not.toBeInTheDocument();
});

test('stat cards show the real change against last month', async () => {
  signInAs('superadmin');
  mockApi({ 'GET admin/stats': { body: someStats() } });
  renderWithProviders(<OverviewScreen />);
  await screen.findByRole('heading', { name: 'Dashboard Overview' });

  expect(within(card('Total Users')).getByText('112')).toBeInTheDocument();
  expect(within(card('Total Users')).getByText('+12%')).toBeInTheDocument();
  expect(within(card('Total Users')).getByText('Active platform users')).toBeInTheDocument();
  expect(within(card('Total Questions')).getByText('-3%')).toBeInTheDocument();
  expect(within(card('Total Questions')).getByText('Quiz questions available')).toBeInTheDocument();
  // No admins last month: the change reads New.
  expect(within(card('Admin Users')).getByText('New')).toBeInTheDocument();
  expect(within(card('Admin Users')).getByText('Administrative accounts')).toBeInTheDocument();
});

test('an unchanged figure reads 0%, and the Admin Users card is for superadmins only', async () => {
  signInAs('admin');
  mockApi({
    'GET admin/stats': {
      body: someStats({
        totals: { users: 0, questions: 50, admins: 3 },
        lastMonth: { users: 0, questions: 50, admins: 3 },
      }),
    },
  });
  renderWithProviders(<OverviewScreen />);
  await screen.findByRole('heading', { name: 'Dashboard Overview' });
  expect(within(card('Total Users')).getByText('0%')).toBeInTheDocument();
  expect(within(card('Total Questions')).getByText('0%')).toBeInTheDocument();
  expect(screen.queryByRole('group', { name: 'Admin Users' })).not.toBeInTheDocument();
  expect(screen.queryByText('Administrative accounts')).not.toBeInTheDocument();
});

test('charts are titled and the user distribution lists each role with its count', async () => {
  signInAs('superadmin');
  mockApi({ 'GET admin/stats': { body: someStats() } });
  renderWithProviders(<OverviewScreen />);
  expect(await screen.findByRole('heading', { name: 'Growth Analytics' })).toBeInTheDocument();
  expect(screen.getByText('Users and Questions over time')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'User Distribution' })).toBeInTheDocument();
  expect(screen.getByText('By role type')).toBeInTheDocument();
  const legend = screen.getByRole('list', { name: 'Accounts per role' });
  const items = within(legend)
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(items).toEqual(['Participant100', 'User9', 'Admin2', 'Superadmin1']);
});

test('with no accounts the distribution says there is no user data', async () => {
  signInAs('admin');
  mockApi({ 'GET admin/stats': { body: someStats({ roles: [{ role: 'admin', count: 0 }] }) } });
  renderWithProviders(<OverviewScreen />);
  expect(await screen.findByText('No user data available')).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Accounts per role' })).not.toBeInTheDocument();
});

test("a failed load shows the server's message and Retry loads again", async () => {
  signInAs('admin');
  let calls = 0;
  mockApi({
    'GET admin/stats': () =>
      ++calls === 1 ? { status: 500, body: { message: 'Stats are unavailable' } } : { body: someStats() },
  });
  renderWithProviders(<OverviewScreen />);
  expect(await screen.findByText('Stats are unavailable')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('group', { name: 'Total Users' })).toBeInTheDocument();
  expect(screen.queryByText('Stats are unavailable')).not.toBeInTheDocument();
});
