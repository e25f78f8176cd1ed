import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry, AuditListResponse } from '@prometrica/shared-api';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { DashboardRoutes } from '../../../routes';
import { ignoreChartSizeWarnings } from '../../../testing/charts';
import { catchDownloads } from '../../../testing/downloads';
import { signInAs, someStats } from '../../../testing/fixtures';
import { cardsOf, onSmallScreen, queryOf } from '../../../testing/lists';
import { AuditLogScreen } from './audit-log-screen';

ignoreChartSizeWarnings();
beforeEach(() => signInAs('superadmin'));
afterEach(() => jest.restoreAllMocks());

function anEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: 'a1',
    at: '2026-03-04T09:30:00.000Z',
    actorId: 'u1',
    actorEmail: 'sue@example.com',
    actorRole: 'superadmin',
    address: '203.0.113.7',
    action: 'category.edit',
    targetType: 'category',
    targetId: 'c1',
    before: { name: 'Leadership' },
    after: { name: 'Leading' },
    ...overrides,
  };
}

/** The list, the retention setting, and any other routes a test needs. */
const serve = (list: { body: AuditListResponse }, routes: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({ 'GET admin/audit-log': list, 'GET admin/audit-retention': { body: { months: 24 } }, ...routes });

const listOf = (entries: AuditEntry[]): { body: AuditListResponse } => ({
  body: { entries, totalEntries: entries.length, page: 1, totalPages: 1 },
});

/** The table row of the entry with `action` (the action's name is also an option of the filter). */
const rowOf = (action: string) =>
  within(
    screen
      .getAllByText(action)
      .map((element) => element.closest('tr'))
      .find((row) => row !== null)!,
  );
const loaded = () => screen.findAllByText('sue@example.com (superadmin)');

const entries = [
  anEntry(),
  anEntry({
    _id: 'a2',
    action: 'sign-in-failed',
    actorId: null,
    actorEmail: 'who@example.com',
    actorRole: null,
    targetType: 'account',
    targetId: null,
    before: null,
    after: null,
  }),
  anEntry({
    _id: 'a3',
    action: 'audit.purge',
    actorId: null,
    actorEmail: 'server',
    actorRole: null,
    address: '',
    targetType: 'audit-log',
    targetId: null,
    before: null,
    after: { deleted: 3 },
  }),
];

test('each entry shows when, who, from which address, the action, the target and the changed fields', async () => {
  serve(listOf(entries));
  renderWithProviders(<AuditLogScreen />);
  await loaded();
  const edit = rowOf('category.edit');
  expect(edit.getByText('sue@example.com (superadmin)')).toBeInTheDocument();
  expect(edit.getByText('203.0.113.7')).toBeInTheDocument();
  expect(edit.getByText('category c1')).toBeInTheDocument();
  expect(edit.getByText('Leadership → Leading', { exact: false })).toBeInTheDocument();
  const failed = rowOf('sign-in-failed');
  expect(failed.getByText('who@example.com')).toBeInTheDocument();
  const purge = rowOf('audit.purge');
  expect(purge.getByText('server')).toBeInTheDocument();
  expect(purge.getByText('deleted:')).toBeInTheDocument();
  // Read-only: nothing on screen edits or deletes an entry.
  expect(screen.queryByRole('button', { name: /delete|edit/i })).not.toBeInTheDocument();
});

test('the action and the dates filter the list on the server, from page 1', async () => {
  const { calls } = serve(listOf(entries));
  renderWithProviders(<AuditLogScreen />);
  await loaded();
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'sign-in-failed');
  fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
  fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
  await waitFor(() =>
    expect(queryOf(calls.filter((call) => call.path === 'admin/audit-log').at(-1))).toEqual({
      page: '1',
      limit: expect.any(String),
      action: 'sign-in-failed',
      from: '2026-03-01',
      to: '2026-03-31',
    }),
  );
});

test('Export CSV saves the filtered entries as the file the server names', async () => {
  const { saved } = catchDownloads();
  const { calls } = serve(listOf(entries), {
    'GET admin/audit-log/export': {
      body: { filename: 'prometrica-audit-log-2026-03-04.csv', csv: 'at,actor\r\n', truncated: true },
    },
  });
  renderWithProviders(<AuditLogScreen />);
  await loaded();
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'category.edit');
  await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(saved).toHaveLength(1));
  expect(saved[0]!.name).toBe('prometrica-audit-log-2026-03-04.csv');
  expect(queryOf(calls.find((call) => call.path === 'admin/audit-log/export'))).toEqual({ action: 'category.edit' });
  // More matched than one export holds: it says so.
  expect(await screen.findByText(/Only the newest 100,000 entries were exported/)).toBeInTheDocument();
});

test('the retention is shown and changed from the screen', async () => {
  const { calls } = serve(listOf(entries), { 'PUT admin/audit-retention': { body: { months: 36 } } });
  renderWithProviders(<AuditLogScreen />);
  const select = screen.getByRole('combobox', { name: /Keep entries for/ });
  await waitFor(() => expect(select).toHaveValue('24'));
  await userEvent.selectOptions(select, '36');
  await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ months: 36 }));
  expect(await screen.findByText('Entries older than 36 months will be deleted.')).toBeInTheDocument();
});

test('on a phone the entries are cards', async () => {
  serve(listOf(entries));
  await onSmallScreen(async () => {
    renderWithProviders(<AuditLogScreen />);
    await loaded();
    expect(cardsOf('Audit log entries')).toHaveLength(3);
  });
});

const renderDashboard = (route: string) => renderWithProviders(<DashboardRoutes />, { route, path: '/dashboard/*' });
const sidebarLinks = () =>
  within(screen.getByRole('navigation', { name: 'Dashboard sections' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

test('the superadmin has an Audit Log section in the sidebar', async () => {
  serve(listOf(entries));
  renderDashboard('/dashboard/audit-log');
  expect(sidebarLinks()).toContain('Audit Log');
  expect(await screen.findByRole('heading', { name: 'Audit Log' })).toBeInTheDocument();
});

test('an admin who is not superadmin sees no Audit Log, and its address shows the overview', async () => {
  signInAs('admin');
  const { calls } = mockApi({ 'GET admin/stats': { body: someStats() } });
  renderDashboard('/dashboard/audit-log');
  expect(await screen.findByRole('heading', { name: 'Dashboard Overview' })).toBeInTheDocument();
  expect(sidebarLinks()).not.toContain('Audit Log');
  expect(calls.some((call) => call.path.startsWith('admin/audit-log'))).toBe(false);
});
