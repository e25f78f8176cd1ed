import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { signInAs, someStats } from '../../../testing/fixtures';
import { ignoreChartSizeWarnings } from '../../../testing/charts';
import { roleSegments } from '../utils/chart-data';
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

  expect(within(card('Participants')).getByText('100')).toBeInTheDocument();
  expect(within(card('Participants')).getByText('+12%')).toBeInTheDocument();
  expect(within(card('Participants')).getByText('People taking the assessment')).toBeInTheDocument();
  expect(within(card('Total Questions')).getByText('-3%')).toBeInTheDocument();
  expect(within(card('Total Questions')).getByText('Quiz questions available')).toBeInTheDocument();
  // No admins last month: the change reads New.
  expect(within(card('Admin Users')).getByText('New')).toBeInTheDocument();
  expect(within(card('Admin Users')).getByText('Administrative accounts')).toBeInTheDocument();
});

test('participants and staff accounts are counted apart, named so, each with the figure the server sends', async () => {
  signInAs('admin');
  // 3 participants and no account of role user: the overview once said "Total Users 3".
  mockApi({
    'GET admin/stats': {
      body: someStats({
        totals: { participants: 3, accounts: 2, users: 0, admins: 2, questions: 12 },
        roles: [
          { role: 'superadmin', count: 1 },
          { role: 'admin', count: 1 },
          { role: 'user', count: 0 },
          { role: 'participant', count: 3 },
        ],
      }),
    },
  });
  renderWithProviders(<OverviewScreen />);
  await screen.findByRole('heading', { name: 'Dashboard Overview' });
  expect(screen.queryByRole('group', { name: 'Total Users' })).not.toBeInTheDocument();
  expect(within(card('Participants')).getByText('3')).toBeInTheDocument();
  expect(within(card('Staff Accounts')).getByText('2')).toBeInTheDocument();
  expect(within(card('Staff Accounts')).getByText('Users, admins and superadmins')).toBeInTheDocument();
  const legend = screen.getByRole('list', { name: 'Participants and accounts per role' });
  expect(
    within(legend)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Superadmin accounts1', 'Admin accounts1', 'Participants3']);
});

test('the donut draws participants and user accounts in different colours', () => {
  const segments = roleSegments(someStats().roles);
  const colour = (name: string) => segments.find((s) => s.name === name)?.color;
  expect(colour('Participants')).toBeDefined();
  expect(colour('User accounts')).toBeDefined();
  expect(colour('Participants')).not.toBe(colour('User accounts'));
  expect(new Set(segments.map((s) => s.color)).size).toBe(segments.length);
});

test('an unchanged figure reads 0%, and the Admin Users card is for superadmins only', async () => {
  signInAs('admin');
  mockApi({
    'GET admin/stats': {
      body: someStats({
        totals: { participants: 0, accounts: 3, users: 0, admins: 3, questions: 50 },
        lastMonth: { participants: 0, accounts: 3, users: 0, admins: 3, questions: 50 },
      }),
    },
  });
  renderWithProviders(<OverviewScreen />);
  await screen.findByRole('heading', { name: 'Dashboard Overview' });
  expect(within(card('Participants')).getByText('0%')).toBeInTheDocument();
  expect(within(card('Total Questions')).getByText('0%')).toBeInTheDocument();
  expect(screen.queryByRole('group', { name: 'Admin Users' })).not.toBeInTheDocument();
  expect(screen.queryByText('Administrative accounts')).not.toBeInTheDocument();
});

test('charts are titled and the user distribution lists each role with its count', async () => {
  signInAs('superadmin');
  mockApi({ 'GET admin/stats': { body: someStats() } });
  renderWithProviders(<OverviewScreen />);
  expect(await screen.findByRole('heading', { name: 'Growth Analytics' })).toBeInTheDocument();
  expect(
    screen.getByText('Participants and questions added per month, January to December 2026', { selector: 'p' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'User Distribution' })).toBeInTheDocument();
  expect(screen.getByText('By role type')).toBeInTheDocument();
  const legend = screen.getByRole('list', { name: 'Participants and accounts per role' });
  const items = within(legend)
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(items).toEqual(['Participants100', 'User accounts9', 'Admin accounts2', 'Superadmin accounts1']);
});

test('the growth chart plots only the months that have begun, and says which', async () => {
  signInAs('admin');
  // In November the server sends January to November: no December drawn as a fall to zero.
  const monthly = Array.from({ length: 11 }, (_, i) => ({ month: i + 1, participants: 5, questions: 1 }));
  mockApi({ 'GET admin/stats': { body: someStats({ monthly }) } });
  renderWithProviders(<OverviewScreen />);
  expect(
    await screen.findByText('Participants and questions added per month, January to November 2026', { selector: 'p' }),
  ).toBeInTheDocument();
  const table = screen.getByRole('table', { name: /added per month/ });
  const months = within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
  expect(months).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov']);
});

test('a year with no month begun yet says so instead of drawing zeros', async () => {
  signInAs('admin');
  mockApi({ 'GET admin/stats': { body: someStats({ year: 2027, monthly: [] }) } });
  renderWithProviders(<OverviewScreen />);
  expect(await screen.findByText('No months of 2027 have begun yet')).toBeInTheDocument();
  expect(screen.getByText('No growth data available')).toBeInTheDocument();
});

test('with no accounts the distribution says there is no user data', async () => {
  signInAs('admin');
  mockApi({ 'GET admin/stats': { body: someStats({ roles: [{ role: 'admin', count: 0 }] }) } });
  renderWithProviders(<OverviewScreen />);
  expect(await screen.findByText('No user data available')).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Participants and accounts per role' })).not.toBeInTheDocument();
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
  expect(await screen.findByRole('group', { name: 'Participants' })).toBeInTheDocument();
  expect(screen.queryByText('Stats are unavailable')).not.toBeInTheDocument();
});
