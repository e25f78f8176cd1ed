import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { aParticipant, participantListOf, signInAs } from '../../../testing/fixtures';
import { openDialog } from '../../../testing/dialogs';
import { ParticipantsScreen } from './participants-screen';
import { clipboardText } from '../../../testing/clipboard';

beforeEach(() => signInAs('admin'));

type Routes = Parameters<typeof mockApi>[0];

function serve(routes: Routes = {}, mailConfigured = false) {
  return mockApi({
    'GET admin/participants': participantListOf([], { mailConfigured }),
    'GET admin/participation': { body: { openEntry: true } },
    ...routes,
  });
}

async function openInvite() {
  renderWithProviders(<ParticipantsScreen />);
  await screen.findByText('No Participants Found');
  return openDialog('Invite participant', 'Invite participant');
}

/** The default user, or one from `userEvent.setup()` (which gives the page a clipboard to read back). */
type Typist = Pick<UserEvent, 'click' | 'type'>;

const field = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('textbox', { name });
const invite = (dialog: HTMLElement, user: Typist = userEvent) =>
  user.click(within(dialog).getByRole('button', { name: 'Invite' }));

async function fillIn(dialog: HTMLElement, user: Typist = userEvent) {
  await user.type(field(dialog, /^Name/), ' Ada Lovelace ');
  await user.type(field(dialog, /^Email/), 'ada@example.com');
  await user.type(field(dialog, /^Phone/), '+44 20 7946 0000');
}

const invited = (sent: boolean) => ({
  status: 201,
  body: {
    message: sent ? 'Invitation sent to ada@example.com' : 'Invitation created',
    participant: aParticipant(),
    sent,
  },
});

test('the fields are checked as the server checks them, each message naming its field, before anything is sent', async () => {
  const { calls } = serve();
  const dialog = await openInvite();
  expect(field(dialog, /^Expires after/)).toHaveValue('30');
  await invite(dialog);
  expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
  expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
  await userEvent.type(field(dialog, /^Name/), 'Ada');
  await userEvent.type(field(dialog, /^Email/), 'ada@example');
  await userEvent.type(field(dialog, /^Phone/), '0300-ABC');
  await userEvent.clear(field(dialog, /^Expires after/));
  await userEvent.type(field(dialog, /^Expires after/), '400');
  await invite(dialog);
  expect(within(dialog).getByText('Email must be a valid email address')).toBeInTheDocument();
  expect(
    within(dialog).getByText('Phone may contain only digits, spaces, dashes, dots, brackets and a leading +'),
  ).toBeInTheDocument();
  expect(within(dialog).getByText('Expiry must be between 1 and 365 days')).toBeInTheDocument();
  expect(within(dialog).queryByText('Name is required')).not.toBeInTheDocument();
  await userEvent.clear(field(dialog, /^Expires after/));
  await userEvent.type(field(dialog, /^Expires after/), '1.5');
  await invite(dialog);
  expect(within(dialog).getByText('Expiry must be a whole number of days')).toBeInTheDocument();
  await userEvent.type(field(dialog, /^Name/), 'x'.repeat(200));
  await invite(dialog);
  expect(within(dialog).getByText('Name must be at most 200 characters')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
});

test('without mail there is no send choice; the new link is shown to copy', async () => {
  const user = userEvent.setup();
  const { calls } = serve({ 'POST admin/invitations': invited(false) });
  const dialog = await openInvite();
  expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
  await fillIn(dialog, user);
  await invite(dialog, user);
  expect(await within(dialog).findByText('Invitation created')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '+44 20 7946 0000',
    expiresInDays: 30,
    send: false,
  });
  expect(within(dialog).getByRole('textbox', { name: 'Invitation link' })).toHaveValue(
    'https://prometrica.example/invite/tok-ada',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
  expect(await screen.findByText('Link copied')).toBeInTheDocument();
  expect(await clipboardText()).toBe('https://prometrica.example/invite/tok-ada');
  await waitFor(() => expect(calls.filter((c) => c.path === 'admin/participants')).toHaveLength(2));
  await user.click(within(dialog).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('with mail configured the invitation is mailed by default, and the modal closes once sent', async () => {
  const { calls } = serve({ 'POST admin/invitations': invited(true) }, true);
  const dialog = await openInvite();
  expect(within(dialog).getByRole('checkbox', { name: 'Send the invitation by email' })).toBeChecked();
  await fillIn(dialog);
  await userEvent.clear(field(dialog, /^Expires after/));
  await userEvent.type(field(dialog, /^Expires after/), '7');
  await invite(dialog);
  expect(await screen.findByText('Invitation sent to ada@example.com')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ expiresInDays: 7, send: true });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('unticking send by email asks for the link instead', async () => {
  const { calls } = serve({ 'POST admin/invitations': invited(false) }, true);
  const dialog = await openInvite();
  await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Send the invitation by email' }));
  await fillIn(dialog);
  await invite(dialog);
  expect(await within(dialog).findByRole('textbox', { name: 'Invitation link' })).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ send: false });
});

test("a refusal shows the server's message above the form and keeps what was typed", async () => {
  serve({
    'POST admin/invitations': { status: 409, body: { message: 'ada@example.com already has an active invitation' } },
  });
  const dialog = await openInvite();
  await fillIn(dialog);
  await invite(dialog);
  const failure = await within(dialog).findByRole('alert');
  expect(within(failure).getByText('ada@example.com already has an active invitation')).toBeInTheDocument();
  expect(field(dialog, /^Name/)).toHaveValue(' Ada Lovelace ');
  expect(field(dialog, /^Email/)).toHaveValue('ada@example.com');
  expect(within(dialog).getByRole('button', { name: 'Invite' })).toBeEnabled();
});

test('an invitation refused as too frequent says how long to wait', async () => {
  serve({
    'POST admin/invitations': { status: 429, body: { message: 'Too many requests' }, headers: { 'Retry-After': '45' } },
  });
  const dialog = await openInvite();
  await fillIn(dialog);
  await invite(dialog);
  const failure = await within(dialog).findByRole('alert');
  expect(within(failure).getByText('Too many attempts. Please wait 45 seconds and try again.')).toBeInTheDocument();
  expect(field(dialog, /^Email/)).toHaveValue('ada@example.com');
});
