import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { participantListOf, signInAs } from '../../../testing/fixtures';
import { openDialog } from '../../../testing/dialogs';
import { ParticipantsScreen } from './participants-screen';

beforeEach(() => signInAs('admin'));

type Routes = Parameters<typeof mockApi>[0];

function serve(routes: Routes = {}, mailConfigured = false) {
  return mockApi({
    'GET admin/participants': participantListOf([], { mailConfigured }),
    'GET admin/participation': { body: { openEntry: true } },
    ...routes,
  });
}

async function openImport() {
  renderWithProviders(<ParticipantsScreen />);
  await screen.findByText('No Participants Found');
  return openDialog('Import CSV', 'Import participants from CSV');
}

const rowsBox = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /^CSV rows/ });
const importButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Import' });

const csv = [
  'name,email,phone',
  'Ada Lovelace,ada@example.com,+44 20 7946 0000',
  '"Hopper, Grace",grace@example.com,',
  'Alan Turing,not-an-email,',
  '',
  'Bad Phone,bad@example.com,call me',
].join('\n');

/** Pastes `text` into the rows box (typing it would read braces and brackets as keys). */
async function paste(dialog: HTMLElement, text: string) {
  await userEvent.click(rowsBox(dialog));
  await userEvent.paste(text);
}

test('pasted rows are counted before sending; the outcome lists the invited count and each skipped and bad line', async () => {
  const { calls } = serve({
    'POST admin/invitations/import': {
      body: {
        message: 'Imported 2 of 4 rows',
        invited: 2,
        skipped: [{ line: 3, email: 'grace@example.com', reason: 'already has an active invitation' }],
        errors: [
          { line: 4, message: 'email must be a valid email address' },
          { line: 6, message: 'phone must contain only digits, spaces, dashes, dots, brackets and a leading +' },
        ],
      },
    },
  });
  const dialog = await openImport();
  expect(within(dialog).getByText('Nothing to import yet')).toBeInTheDocument();
  await paste(dialog, csv);
  expect(within(dialog).getByText('4 rows to import · columns: name, email, phone')).toBeInTheDocument();
  await userEvent.click(importButton(dialog));
  expect(await within(dialog).findByText('2 invited')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ csv, expiresInDays: 30, send: false });
  const skipped = within(dialog).getByRole('region', { name: 'Skipped rows' });
  expect(within(skipped).getByText('Skipped rows (1)')).toBeInTheDocument();
  expect(within(skipped).getByText('Line 3: grace@example.com: already has an active invitation')).toBeInTheDocument();
  const bad = within(dialog).getByRole('region', { name: 'Rows with errors' });
  expect(
    within(bad)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([
    'Line 4: email must be a valid email address',
    'Line 6: phone must contain only digits, spaces, dashes, dots, brackets and a leading +',
  ]);
  await waitFor(() => expect(calls.filter((c) => c.path === 'admin/participants')).toHaveLength(2));
  // The outcome is told once, in the modal: no notice repeats it over the modal's close button.
  expect(screen.queryByText('Import done')).not.toBeInTheDocument();
  // Back to the CSV: the rows are still there to fix and send again.
  await userEvent.click(within(dialog).getByRole('button', { name: 'Back to the CSV' }));
  expect(rowsBox(dialog)).toHaveValue(csv);
});

test('a chosen file fills the rows and is counted', async () => {
  serve();
  const dialog = await openImport();
  const file = new File(['name,email\nAda,ada@example.com\nGrace,grace@example.com\n'], 'people.csv', {
    type: 'text/csv',
  });
  await userEvent.upload(within(dialog).getByLabelText('CSV file'), file);
  await waitFor(() =>
    expect(rowsBox(dialog)).toHaveValue('name,email\nAda,ada@example.com\nGrace,grace@example.com\n'),
  );
  expect(within(dialog).getByText('2 rows to import · columns: name, email')).toBeInTheDocument();
  expect(within(dialog).getByText(/Chosen: people.csv/)).toBeInTheDocument();
});

test('an empty CSV, or one with only its header, is caught before sending', async () => {
  const { calls } = serve();
  const dialog = await openImport();
  await userEvent.click(importButton(dialog));
  expect(within(dialog).getByText('CSV is required: choose a file or paste the rows')).toBeInTheDocument();
  await paste(dialog, 'name,email,phone\n');
  await userEvent.click(importButton(dialog));
  expect(within(dialog).getByText('CSV has no rows below its header line')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
});

test('while the CSV uploads a progress bar says so; nothing typed is lost when the server refuses it', async () => {
  let answer!: (reply: { status: number; body: unknown; headers?: Record<string, string> }) => void;
  serve({ 'POST admin/invitations/import': () => new Promise((resolve) => (answer = resolve)) });
  const dialog = await openImport();
  await paste(dialog, csv);
  await userEvent.click(importButton(dialog));
  expect(await within(dialog).findByText('Uploading 4 rows...')).toBeInTheDocument();
  expect(within(dialog).getByRole('progressbar', { name: 'Uploading the CSV' })).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Importing...' })).toBeDisabled();
  answer({ status: 429, body: { message: 'Too many requests' }, headers: { 'Retry-After': '120' } });
  const failure = await within(dialog).findByRole('alert');
  expect(within(failure).getByText('Too many attempts. Please wait 2 minutes and try again.')).toBeInTheDocument();
  expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
  expect(rowsBox(dialog)).toHaveValue(csv);
  expect(importButton(dialog)).toBeEnabled();
});

test('with mail configured the invitations can be mailed (off by default)', async () => {
  const { calls } = serve(
    { 'POST admin/invitations/import': { body: { message: 'Imported', invited: 4, skipped: [], errors: [] } } },
    true,
  );
  const dialog = await openImport();
  const send = within(dialog).getByRole('checkbox', { name: 'Send the invitations by email' });
  expect(send).not.toBeChecked();
  await userEvent.click(send);
  await paste(dialog, csv);
  await userEvent.click(importButton(dialog));
  expect(await within(dialog).findByText('4 invited')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ send: true });
  expect(within(dialog).queryByRole('region', { name: 'Rows with errors' })).not.toBeInTheDocument();
});
