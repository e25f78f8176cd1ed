import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ParticipantSummary } from '@prometrica/shared-api';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { aParticipant, anInvitation, participantListOf, signInAs } from '../../../testing/fixtures';
import { onFakeTimers, onSmallScreen, queryOf, searchAfterPause, expectShortColumns } from '../../../testing/lists';
import { ParticipantsScreen } from './participants-screen';
import { clipboardText } from '../../../testing/clipboard';
import { catchDownloads } from '../../../testing/downloads';

beforeEach(() => signInAs('admin'));

type Routes = Parameters<typeof mockApi>[0];

/** The list and the open-entry setting, and any other routes a test needs. */
function serve(participants: ParticipantSummary[], routes: Routes = {}, extra = {}) {
  return mockApi({
    'GET admin/participants': participantListOf(participants, extra),
    'GET admin/participation': { body: { openEntry: true } },
    ...routes,
  });
}

const listCalls = (calls: ReturnType<typeof mockApi>['calls']) => calls.filter((c) => c.path === 'admin/participants');
const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

const everyStage: ParticipantSummary[] = [
  aParticipant({ _id: 'p1', name: 'Ivy Invited', stage: 'invited' }),
  aParticipant({ _id: 'p2', name: 'Otto Opened', stage: 'opened' }),
  aParticipant({ _id: 'p3', name: 'Enid Entered', stage: 'entered', invitation: null }),
  aParticipant({ _id: 'p4', name: 'Cora Consented', stage: 'consented' }),
  aParticipant({ _id: 'p5', name: 'Ann Answering', stage: 'answering', answered: 7, questionCount: 20 }),
  aParticipant({ _id: 'p6', name: 'Sam Submitted', stage: 'submitted', resultId: 'r6' }),
  aParticipant({ _id: 'p7', name: 'Dora Done', stage: 'concerns-done', resultId: 'r7' }),
];

test('each participant shows their stage as a badge, answering with its count', async () => {
  serve(everyStage);
  renderWithProviders(<ParticipantsScreen />);
  await screen.findByText('Ivy Invited');
  expect(within(rowOf('Ivy Invited')).getByText('Invited')).toBeInTheDocument();
  expect(within(rowOf('Otto Opened')).getByText('Opened')).toBeInTheDocument();
  expect(within(rowOf('Enid Entered')).getByText('Entered')).toBeInTheDocument();
  expect(within(rowOf('Cora Consented')).getByText('Consented')).toBeInTheDocument();
  expect(within(rowOf('Ann Answering')).getByText('Answering 7 of 20')).toBeInTheDocument();
  expect(within(rowOf('Sam Submitted')).getByText('Submitted')).toBeInTheDocument();
  expect(within(rowOf('Dora Done')).getByText('Concerns done')).toBeInTheDocument();
  expect(screen.getByText('Showing 1–7 of 7 participants')).toBeInTheDocument();
});

test('the invitation shows its status and expiry, a participant without one reads Not invited, and last activity is dated', async () => {
  serve([
    aParticipant({
      _id: 'p1',
      name: 'Ada Active',
      invitation: anInvitation({ lastSentAt: '2026-01-04T09:00:00.000Z' }),
    }),
    aParticipant({
      _id: 'p2',
      name: 'Eve Expired',
      invitation: anInvitation({ _id: 'i2', status: 'expired', expiresAt: '2026-01-02T09:00:00.000Z' }),
    }),
    aParticipant({ _id: 'p3', name: 'Rex Revoked', invitation: anInvitation({ _id: 'i3', status: 'revoked' }) }),
    aParticipant({ _id: 'p4', name: 'Olga Open', stage: 'entered', invitation: null }),
  ]);
  renderWithProviders(<ParticipantsScreen />);
  const ada = within(await screen.findByText('Ada Active').then((n) => n.closest('tr')!));
  expect(ada.getByText('Active')).toBeInTheDocument();
  expect(ada.getByText('Expires 30 Jan 2026')).toBeInTheDocument();
  expect(ada.getByText('Mailed 4 Jan 2026')).toBeInTheDocument();
  expect(ada.getByText('4 Jan 2026, 14:30')).toBeInTheDocument();
  expect(within(rowOf('Eve Expired')).getByText('Expired')).toBeInTheDocument();
  expect(within(rowOf('Eve Expired')).getByText('Expired 2 Jan 2026')).toBeInTheDocument();
  expect(within(rowOf('Rex Revoked')).getByText('Revoked')).toBeInTheDocument();
  expect(within(rowOf('Olga Open')).getByText('Not invited')).toBeInTheDocument();
  // The stored number (E.164) as people read it.
  expect(ada.getByText('+44 20 7946 0000')).toBeInTheDocument();
  expect(within(rowOf('Olga Open')).queryByRole('button', { name: /invitation/ })).not.toBeInTheDocument();
});

test('no participants shows the empty state', async () => {
  serve([]);
  renderWithProviders(<ParticipantsScreen />);
  expect(await screen.findByText('No Participants Found')).toBeInTheDocument();
  expect(
    screen.getByText('Invite participants, or turn open entry on so anyone can start from the home page'),
  ).toBeInTheDocument();
});

test("a failed load shows the server's message with Retry, which loads again", async () => {
  let fail = true;
  mockApi({
    'GET admin/participants': () =>
      fail ? { status: 500, body: { message: 'The database is not answering' } } : participantListOf([aParticipant()]),
    'GET admin/participation': { body: { openEntry: true } },
  });
  renderWithProviders(<ParticipantsScreen />);
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByText('Participants could not be loaded')).toBeInTheDocument();
  expect(within(alert).getByText('The database is not answering')).toBeInTheDocument();
  fail = false;
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
  expect(screen.queryByText('Participants could not be loaded')).not.toBeInTheDocument();
});

test('a list refused as too frequent says how long to wait', async () => {
  mockApi({
    'GET admin/participants': { status: 429, body: { message: 'Too many requests' }, headers: { 'Retry-After': '90' } },
    'GET admin/participation': { body: { openEntry: true } },
  });
  renderWithProviders(<ParticipantsScreen />);
  expect(await screen.findByText('Too many attempts. Please wait 2 minutes and try again.')).toBeInTheDocument();
});

test('the stage filter is sent as stage, from page 1; All stages sends none', async () => {
  const { calls } = serve([aParticipant()], {}, { totalPages: 3, totalParticipants: 60 });
  renderWithProviders(<ParticipantsScreen />);
  await screen.findByText('Ada Lovelace');
  expect(queryOf(listCalls(calls)[0])).toEqual({ page: '1', limit: '25', search: '' });
  await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
  await waitFor(() => expect(queryOf(listCalls(calls).at(-1))).toMatchObject({ page: '2' }));
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Stage' }), 'answering');
  await waitFor(() =>
    expect(queryOf(listCalls(calls).at(-1))).toEqual({ page: '1', limit: '25', search: '', stage: 'answering' }),
  );
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Stage' }), 'all');
  await waitFor(() => expect(queryOf(listCalls(calls).at(-1))).toEqual({ page: '1', limit: '25', search: '' }));
});

test('search is sent to the server once typing has paused for 500 ms', () =>
  onFakeTimers(async (user) => {
    const { calls } = serve([aParticipant()]);
    renderWithProviders(<ParticipantsScreen />);
    await screen.findByText('Ada Lovelace');
    const searched = await searchAfterPause(user, 'Search participants', 'ada', () => listCalls(calls));
    expect(queryOf(searched)).toEqual({ page: '1', limit: '25', search: 'ada' });
  }));

test('a filter that matches nobody suggests another search or stage', async () => {
  mockApi({
    'GET admin/participants': ({ url }) => participantListOf(url.searchParams.get('stage') ? [] : [aParticipant()]),
    'GET admin/participation': { body: { openEntry: true } },
  });
  renderWithProviders(<ParticipantsScreen />);
  await screen.findByText('Ada Lovelace');
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Stage' }), 'submitted');
  expect(await screen.findByText('Try a different search or stage')).toBeInTheDocument();
});

test('copy link puts the invitation link on the clipboard and says so', async () => {
  const user = userEvent.setup();
  serve([aParticipant()]);
  renderWithProviders(<ParticipantsScreen />);
  await user.click(await screen.findByRole('button', { name: 'Copy invitation link of Ada Lovelace' }));
  expect(await screen.findByText('Link copied')).toBeInTheDocument();
  expect(screen.getByText('The invitation link of Ada Lovelace is on the clipboard.')).toBeInTheDocument();
  expect(await clipboardText()).toBe('https://prometrica.example/invite/tok-ada');
});

test('link actions are unavailable, and say why, for an expired or revoked invitation', async () => {
  serve(
    [
      aParticipant({ _id: 'p1', name: 'Eve Expired', invitation: anInvitation({ status: 'expired' }) }),
      aParticipant({ _id: 'p2', name: 'Rex Revoked', invitation: anInvitation({ _id: 'i2', status: 'revoked' }) }),
    ],
    {},
    { mailConfigured: true },
  );
  renderWithProviders(<ParticipantsScreen />);
  const copy = await screen.findByRole('button', { name: 'Copy invitation link of Eve Expired' });
  expect(copy).toBeDisabled();
  expect(copy).toHaveAttribute('title', 'The invitation has expired');
  expect(screen.getByRole('button', { name: 'Resend invitation to Eve Expired' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Revoke invitation of Rex Revoked' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Revoke invitation of Rex Revoked' })).toHaveAttribute(
    'title',
    'The invitation was revoked',
  );
});

test('without mail configured, resend is not offered', async () => {
  serve([aParticipant()]);
  renderWithProviders(<ParticipantsScreen />);
  await screen.findByRole('button', { name: 'Copy invitation link of Ada Lovelace' });
  expect(screen.queryByRole('button', { name: 'Resend invitation to Ada Lovelace' })).not.toBeInTheDocument();
});

test('with mail configured, resend mails the link again and the list reloads', async () => {
  const { calls } = serve(
    [aParticipant()],
    {
      'POST admin/invitations/i1/resend': {
        body: { message: 'Invitation sent to ada@example.com', participant: aParticipant(), sent: true },
      },
    },
    { mailConfigured: true },
  );
  renderWithProviders(<ParticipantsScreen />);
  await userEvent.click(await screen.findByRole('button', { name: 'Resend invitation to Ada Lovelace' }));
  expect(await screen.findByText('Invitation sent to ada@example.com')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['admin/invitations/i1/resend']);
  await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
});

test('a resend refused as too frequent says how long to wait', async () => {
  mockApi({
    'GET admin/participants': participantListOf([aParticipant()], { mailConfigured: true }),
    'GET admin/participation': { body: { openEntry: true } },
    'POST admin/invitations/i1/resend': {
      status: 429,
      body: { message: 'Too many requests' },
      headers: { 'Retry-After': '20' },
    },
  });
  renderWithProviders(<ParticipantsScreen />);
  await userEvent.click(await screen.findByRole('button', { name: 'Resend invitation to Ada Lovelace' }));
  expect(await screen.findByText('The invitation was not sent')).toBeInTheDocument();
  expect(screen.getByText('Too many attempts. Please wait 20 seconds and try again.')).toBeInTheDocument();
});

test('revoke asks first; Cancel leaves the invitation, Revoke revokes it and the list reloads', async () => {
  const { calls } = serve([aParticipant()], {
    'POST admin/invitations/i1/revoke': { body: { message: 'Invitation revoked: the link no longer works' } },
  });
  renderWithProviders(<ParticipantsScreen />);
  await userEvent.click(await screen.findByRole('button', { name: 'Revoke invitation of Ada Lovelace' }));
  let dialog = screen.getByRole('dialog', { name: 'Revoke invitation' });
  expect(
    within(dialog).getByText('Revoke the invitation of Ada Lovelace? Their personal link stops working at once.'),
  ).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(calls.some((c) => c.method === 'POST')).toBe(false);

  await userEvent.click(screen.getByRole('button', { name: 'Revoke invitation of Ada Lovelace' }));
  dialog = screen.getByRole('dialog', { name: 'Revoke invitation' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
  expect(await screen.findByText('Invitation revoked: the link no longer works')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['admin/invitations/i1/revoke']);
  await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test("a participant with a result links to the result's details", async () => {
  serve([aParticipant({ stage: 'submitted', resultId: 'r9' })]);
  renderWithProviders(<ParticipantsScreen />);
  expect(await screen.findByRole('link', { name: 'Open result of Ada Lovelace' })).toHaveAttribute(
    'href',
    '/dashboard/result?view=r9',
  );
});

describe('open entry', () => {
  test('the switch shows the setting and explains it; turning it off sends openEntry false', async () => {
    const { calls } = mockApi({
      'GET admin/participants': participantListOf([]),
      'GET admin/participation': { body: { openEntry: true } },
      'PUT admin/participation': ({ body }) => ({ body }),
    });
    renderWithProviders(<ParticipantsScreen />);
    const toggle = await screen.findByRole('switch', { name: 'Open entry' });
    await waitFor(() => expect(toggle).toBeChecked());
    expect(screen.getByText(/Anyone can start the assessment from the home page/)).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(await screen.findByText('Open entry is off')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ openEntry: false });
    expect(toggle).not.toBeChecked();
    expect(
      screen.getByText(
        'The home page (/) says the assessment is by invitation: only invited participants can take part.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ openEntry: true });
  });

  test('a refused change keeps the setting and says why (with the wait for a 429)', async () => {
    mockApi({
      'GET admin/participants': participantListOf([]),
      'GET admin/participation': { body: { openEntry: false } },
      'PUT admin/participation': {
        status: 429,
        body: { message: 'Too many requests' },
        headers: { 'Retry-After': '5' },
      },
    });
    renderWithProviders(<ParticipantsScreen />);
    const toggle = await screen.findByRole('switch', { name: 'Open entry' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByText('Open entry was not changed')).toBeInTheDocument();
    expect(screen.getByText('Too many attempts. Please wait 5 seconds and try again.')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
  });

  test('a setting that could not be loaded says so, with Retry', async () => {
    let fail = true;
    mockApi({
      'GET admin/participants': participantListOf([]),
      'GET admin/participation': () =>
        fail ? { status: 503, body: { message: 'Settings are unavailable' } } : { body: { openEntry: true } },
    });
    renderWithProviders(<ParticipantsScreen />);
    const alert = (await screen.findByText('Open entry could not be loaded')).closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByText('Settings are unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('switch', { name: 'Open entry' })).toBeChecked();
  });
});

test('Export CSV saves the file the server names', async () => {
  const { saved, created } = catchDownloads();
  serve([aParticipant()], {
    'GET admin/invitations/export': {
      body: { filename: 'participants-2026-01-12.csv', csv: 'name,email\r\nAda Lovelace,ada@example.com\r\n' },
    },
  });
  renderWithProviders(<ParticipantsScreen />);
  await screen.findByText('Ada Lovelace');
  await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(saved).toHaveLength(1));
  expect(saved[0]!.name).toBe('participants-2026-01-12.csv');
  expect(await saved[0]!.blob.text()).toBe('name,email\r\nAda Lovelace,ada@example.com\r\n');
  await waitFor(() => expect(created.size).toBe(0));
});

describe('on a phone', () => {
  test('participants are cards with their stage and buttons, and no table', async () => {
    await onSmallScreen(async () => {
      serve([aParticipant({ stage: 'answering', answered: 3, questionCount: 20, resultId: null })]);
      renderWithProviders(<ParticipantsScreen />);
      const cards = await screen.findByRole('list', { name: 'Participants' });
      expect(await within(cards).findByText('Ada Lovelace')).toBeInTheDocument();
      expect(within(cards).getByText('Answering 3 of 20')).toBeInTheDocument();
      expect(within(cards).getByRole('button', { name: 'Copy invitation link of Ada Lovelace' })).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    });
  });
});

test('at desktop width the stage, last activity and buttons stay on one line', async () => {
  serve(everyStage);
  renderWithProviders(<ParticipantsScreen />);
  await screen.findByText('Ivy Invited');
  expectShortColumns(['Stage', 'Last activity', 'Actions']);
});
