import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Concern } from '@prometrica/shared-api';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { aConcern, signInAs } from '../../../testing/fixtures';
import { openDialog, saveAndExpectPut } from '../../../testing/dialogs';
import {
  cardsOf,
  columnOf,
  expectNoMatches,
  expectSearches,
  expectShortColumns,
  onSmallScreen,
} from '../../../testing/lists';
import { ConcernsScreen } from './concerns-screen';

beforeEach(() => signInAs('admin'));

const longDescription =
  'Participants often say they are unsure what success looks like in their role, and that goals change without warning or explanation.';

/** `count` concerns; the higher the number the newer. */
function concerns(count: number): Concern[] {
  return Array.from({ length: count }, (_, i) =>
    aConcern({
      _id: `cp${i + 1}`,
      title: `Concern ${i + 1}`,
      createdAt: new Date(Date.UTC(2026, 1, i + 1)).toISOString(),
    }),
  );
}

function serve(list: Concern[] | (() => Concern[]), routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET complaint/getAll': () => ({ body: { complaints: typeof list === 'function' ? list() : list } }),
    'GET complaint-bother/get-all-complaints': { body: { message: 'ok', data: [] } },
    ...routes,
  });
}

const titles = columnOf(0);

async function openAdd() {
  await userEvent.click(screen.getByRole('button', { name: 'Add Complaint' }));
  return screen.getByRole('dialog', { name: 'Add Complaint' });
}

/** The empty list with its Add dialog open (the rest of the API as `routes` says). */
async function addOnEmptyList(routes: Parameters<typeof mockApi>[0] = {}) {
  const { calls } = serve([], routes);
  renderWithProviders(<ConcernsScreen />);
  await screen.findByText('No Admin Complaints Found');
  return { calls, dialog: await openAdd() };
}

/** Types the title Workload and the description Too many meetings into the dialog. */
async function typeWorkload(dialog: HTMLElement) {
  await userEvent.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Workload');
  await userEvent.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Too many meetings');
}

const createdReply = { status: 201, body: { message: 'Complaint created successfully', complaints: [aConcern()] } };

test('lists the concerns newest first, ten per page, with status badges', async () => {
  const list = concerns(12);
  list[11] = { ...list[11]!, status: 'resolved' };
  list[10] = { ...list[10]!, status: 'in-progress' };
  list[9] = { ...list[9]!, status: '' };
  serve(list);
  renderWithProviders(<ConcernsScreen />);
  await screen.findByText('Concern 12');
  expect(titles()).toHaveLength(10);
  expect(titles().slice(0, 3)).toEqual(['Concern 12', 'Concern 11', 'Concern 10']);
  const row = (title: string) => screen.getByText(title).closest('tr')!;
  expect(within(row('Concern 12')).getByText('resolved')).toBeInTheDocument();
  expect(within(row('Concern 11')).getByText('in-progress')).toBeInTheDocument();
  expect(within(row('Concern 10')).getByText('pending')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
  expect(titles()).toEqual(['Concern 2', 'Concern 1']);
});

test('descriptions are cut to 80 characters in the table', async () => {
  serve([aConcern({ description: longDescription })]);
  renderWithProviders(<ConcernsScreen />);
  expect(await screen.findByText(`${longDescription.slice(0, 80)}...`)).toBeInTheDocument();
});

test('on a small screen descriptions are cut to 50 characters', async () => {
  await onSmallScreen(async () => {
    serve([aConcern({ description: longDescription })]);
    renderWithProviders(<ConcernsScreen />);
    expect(await screen.findByText(`${longDescription.slice(0, 50)}...`)).toBeInTheDocument();
  });
});

test('search matches title, description or rating options, ignoring case', async () => {
  serve([
    aConcern({ _id: 'a', title: 'Recognition', description: 'Feeling unseen', botherOptions: ['Sometimes'] }),
    aConcern({ _id: 'b', title: 'Resources', description: 'Old laptops', botherOptions: ['Daily struggle'] }),
  ]);
  renderWithProviders(<ConcernsScreen />);
  await screen.findByText('Recognition');
  await expectSearches('Search complaints', titles, [
    ['LAPTOP', ['Resources']],
    ['sometimes', ['Recognition']],
  ]);
  await expectNoMatches('Search complaints', '!', 'No Admin Complaints Found');
});

test('with no concerns the empty state says none are available', async () => {
  serve([]);
  renderWithProviders(<ConcernsScreen />);
  expect(await screen.findByText('No Admin Complaints Found')).toBeInTheDocument();
  expect(screen.getByText('No admin complaints available at the moment')).toBeInTheDocument();
});

test('adding needs a title and a description', async () => {
  const { calls, dialog } = await addOnEmptyList();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add Complaint' }));
  expect(within(dialog).getByText('Complaint title is required')).toBeInTheDocument();
  expect(within(dialog).getByText('Complaint description is required')).toBeInTheDocument();
  await userEvent.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'T');
  expect(within(dialog).queryByText('Complaint title is required')).not.toBeInTheDocument();
  expect(calls.some((c) => c.method === 'POST')).toBe(false);
});

test('rating option rows can be added and removed, but one always remains', async () => {
  const { dialog } = await addOnEmptyList();
  expect(within(dialog).getByRole('button', { name: 'Remove bother option 1' })).toBeDisabled();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add Option' }));
  expect(within(dialog).getAllByRole('textbox', { name: /^Bother option/ })).toHaveLength(2);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Remove bother option 2' }));
  expect(within(dialog).getAllByRole('textbox', { name: /^Bother option/ })).toHaveLength(1);
});

test('a blank option among several must be filled or removed; filled options are sent trimmed', async () => {
  const { calls, dialog } = await addOnEmptyList({ 'POST complaint/create-complaint': createdReply });
  await typeWorkload(dialog);
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Bother option 1' }), ' A little ');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add Option' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add Complaint' }));
  expect(within(dialog).getByText('All bother options must be filled or removed')).toBeInTheDocument();
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Bother option 2' }), 'A lot');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add Complaint' }));
  expect(await screen.findByText('Complaint created successfully')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual([
    { title: 'Workload', description: 'Too many meetings', botherOptions: ['A little', 'A lot'] },
  ]);
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Complaint' })).not.toBeInTheDocument());
});

test('options are optional: a single blank row sends none', async () => {
  const { calls, dialog } = await addOnEmptyList({ 'POST complaint/create-complaint': createdReply });
  await typeWorkload(dialog);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add Complaint' }));
  await screen.findByText('Complaint created successfully');
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual([
    { title: 'Workload', description: 'Too many meetings', botherOptions: [] },
  ]);
});

test("a refused concern keeps the form open with the server's message", async () => {
  const { dialog } = await addOnEmptyList({
    'POST complaint/create-complaint': { status: 400, body: { message: 'title must be at most 200 characters' } },
  });
  await typeWorkload(dialog);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add Complaint' }));
  expect(await within(dialog).findByText('title must be at most 200 characters')).toBeInTheDocument();
  expect(within(dialog).getByRole('textbox', { name: /^Title/ })).toHaveValue('Workload');
});

test('editing checks title and description and sends the new status', async () => {
  const { calls } = serve([aConcern()], {
    'PUT complaint/edit/cp1': {
      body: { message: 'Complaint updated successfully', complaint: aConcern({ status: 'resolved' }) },
    },
  });
  renderWithProviders(<ConcernsScreen />);
  const dialog = await openDialog('Edit complaint Clarity of Expectations', 'Edit Complaint');
  const title = within(dialog).getByRole('textbox', { name: /^Title/ });
  const description = within(dialog).getByRole('textbox', { name: /^Description/ });
  await userEvent.clear(title);
  await userEvent.clear(description);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Update Complaint' }));
  expect(within(dialog).getByText('Title is required')).toBeInTheDocument();
  expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
  await userEvent.type(title, 'Clear goals');
  await userEvent.type(description, 'Goals are unclear');
  await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'resolved');
  await saveAndExpectPut(dialog, 'Update Complaint', 'Complaint updated successfully', calls, {
    id: 'cp1',
    title: 'Clear goals',
    description: 'Goals are unclear',
    botherOptions: ['A little', 'Quite a Bit', 'A great deal'],
    status: 'resolved',
  });
});

test('the details modal shows the whole concern', async () => {
  serve([aConcern({ description: longDescription })]);
  renderWithProviders(<ConcernsScreen />);
  const dialog = await openDialog('View complaint Clarity of Expectations', 'Complaint Details');
  expect(within(dialog).getByText(longDescription)).toBeInTheDocument();
  expect(within(dialog).getByText('Quite a Bit')).toBeInTheDocument();
  expect(within(dialog).getByText('pending')).toBeInTheDocument();
  expect(within(dialog).getByText('8 Jan 2026')).toBeInTheDocument();
});

test('deleting asks first; when the last page empties the list moves back a page', async () => {
  let list = concerns(11);
  serve(() => list, {
    'DELETE complaint/delete/cp1': () => {
      list = list.filter((c) => c._id !== 'cp1');
      return { body: { message: 'Complaint deleted successfully' } };
    },
  });
  renderWithProviders(<ConcernsScreen />);
  await screen.findByText('Concern 11');
  await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
  await userEvent.click(screen.getByRole('button', { name: 'Delete complaint Concern 1' }));
  expect(screen.getByText('Are you sure you want to delete this complaint?')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Complaint deleted successfully')).toBeInTheDocument();
  await waitFor(() => expect(titles()).toHaveLength(10));
  expect(titles()[0]).toBe('Concern 11');
});

test('changing tab starts with an empty search on page 1', async () => {
  serve(concerns(12));
  renderWithProviders(<ConcernsScreen />);
  await screen.findByText('Concern 12');
  await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search complaints' }), 'Concern 1');
  await userEvent.click(screen.getByRole('tab', { name: 'User Submissions' }));
  expect(await screen.findByRole('searchbox', { name: 'Search submissions' })).toHaveValue('');
  await userEvent.click(screen.getByRole('tab', { name: 'Admin Complaints' }));
  expect(await screen.findByRole('searchbox', { name: 'Search complaints' })).toHaveValue('');
  await screen.findByText('Concern 12');
  expect(titles()[0]).toBe('Concern 12');
});

test('at desktop width the options, status, date and buttons stay on one line', async () => {
  serve([aConcern({ status: 'pending', botherOptions: ['A little', 'Quite a Bit', 'A great deal'] })]);
  renderWithProviders(<ConcernsScreen />);
  await screen.findByText('3 options');
  expectShortColumns(['Options', 'Status', 'Created', 'Actions']);
});

test('on a phone the complaints are cards with their status and every button', async () => {
  await onSmallScreen(async () => {
    serve([aConcern({ title: 'Clarity', status: 'resolved' })]);
    renderWithProviders(<ConcernsScreen />);
    await screen.findByText('Clarity');
    const [card] = cardsOf('Complaints');
    expect(within(card!).getByText('resolved')).toBeInTheDocument();
    for (const verb of ['View', 'Edit', 'Delete'])
      expect(within(card!).getByRole('button', { name: `${verb} complaint Clarity` })).toBeEnabled();
  });
});
