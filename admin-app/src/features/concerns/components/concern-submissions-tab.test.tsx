import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConcernSubmission } from '@prometrica/shared-api';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { aConcernSubmission, signInAs } from '../../../testing/fixtures';
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

const longDescription = 'Knowing exactly what is expected of me in my role, week to week, and how it will be judged.';

const concern = (id: string, title: string, description = 'About the team') => ({
  _id: id,
  title,
  description,
  botherOptions: ['A little', 'Quite a Bit', 'A great deal'],
  createdAt: '2026-01-01T00:00:00.000Z',
});

const submissions: ConcernSubmission[] = [
  aConcernSubmission({
    _id: 'g1',
    createdAt: '2026-03-02T10:00:00.000Z',
    bothers: [
      {
        _id: 'b1',
        complaintId: concern('cp1', 'Clarity of Expectations', longDescription),
        botherOptions: ['Quite a Bit'],
        status: 'pending',
      },
      {
        _id: 'b2',
        complaintId: concern('cp2', 'Team & Culture'),
        botherOptions: ['A little', 'A great deal'],
        status: 'resolved',
      },
    ],
  }),
  aConcernSubmission({
    _id: 'g2',
    user: { _id: 'p2', name: 'Alan Turing', email: 'alan@example.com', phoneNumber: '03222222222' },
    createdAt: '2026-03-04T10:00:00.000Z',
    bothers: [
      { _id: 'b3', complaintId: concern('cp3', 'Resources & Tools'), botherOptions: ['A great deal'], status: '' },
    ],
  }),
];

function serve(data: ConcernSubmission[] | (() => ConcernSubmission[]), routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET complaint/getAll': { body: { complaints: [] } },
    'GET complaint-bother/get-all-complaints': () => ({
      body: { message: 'ok', data: typeof data === 'function' ? data() : data },
    }),
    ...routes,
  });
}

async function openTab() {
  renderWithProviders(<ConcernsScreen />);
  await userEvent.click(screen.getByRole('tab', { name: 'User Submissions' }));
}

const concerns = columnOf(2);

test('each rated concern is a row, newest submission first, with who sent it and when', async () => {
  serve(submissions);
  await openTab();
  await screen.findByText('Resources & Tools');
  expect(concerns()).toEqual(['Resources & Tools', 'Clarity of Expectations', 'Team & Culture']);
  const first = screen.getByText('Resources & Tools').closest('tr')!;
  expect(within(first).getByText('Alan Turing')).toBeInTheDocument();
  expect(within(first).getByText('alan@example.com')).toBeInTheDocument();
  expect(within(first).getByText('4 Mar 2026')).toBeInTheDocument();
  expect(within(first).getByText('A great deal')).toBeInTheDocument();
  expect(within(first).getByText('pending')).toBeInTheDocument();
  expect(within(screen.getByText('Team & Culture').closest('tr')!).getByText('resolved')).toBeInTheDocument();
});

test('statistics count submissions, pending ones, selections and unique participants', async () => {
  serve(submissions);
  await openTab();
  await screen.findByText('Resources & Tools');
  const figure = (name: string) => within(screen.getByRole('group', { name })).getByText(/^\d+$/).textContent;
  expect(figure('Total Submissions')).toBe('3');
  expect(figure('Pending')).toBe('2');
  expect(figure('Total Selections')).toBe('4');
  expect(figure('Unique Participants')).toBe('2');
});

test('search matches participant, email, concern, description and selections', async () => {
  serve(submissions);
  await openTab();
  await screen.findByText('Resources & Tools');
  await expectSearches('Search submissions', concerns, [
    ['ALAN@', ['Resources & Tools']],
    ['grace', ['Clarity of Expectations', 'Team & Culture']],
    ['quite a bit', ['Clarity of Expectations']],
    ['week to week', ['Clarity of Expectations']],
  ]);
  await expectNoMatches('Search submissions', '?', 'No User Submissions Found');
});

test('with no submissions the empty state says none are available', async () => {
  serve([]);
  await openTab();
  expect(await screen.findByText('No User Submissions Found')).toBeInTheDocument();
  expect(screen.getByText('No user submissions available at the moment')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add Complaint' })).not.toBeInTheDocument();
});

test('on a wide screen submission descriptions are cut to 80 characters', async () => {
  serve(submissions);
  await openTab();
  expect(await screen.findByText(`${longDescription.slice(0, 80)}...`)).toBeInTheDocument();
});

test('on a small screen submission descriptions are cut to 30 characters', async () => {
  await onSmallScreen(async () => {
    serve(submissions);
    await openTab();
    expect(await screen.findByText(`${longDescription.slice(0, 30)}...`)).toBeInTheDocument();
  });
});

test('the details modal shows the participant, the concern and the selections', async () => {
  serve(submissions);
  await openTab();
  await userEvent.click((await screen.findAllByRole('button', { name: 'View submission by Grace Hopper' }))[0]!);
  const dialog = screen.getByRole('dialog', { name: 'Submission Details' });
  expect(within(dialog).getByText('Grace Hopper')).toBeInTheDocument();
  expect(within(dialog).getByText('03111111111')).toBeInTheDocument();
  expect(within(dialog).getByText('Clarity of Expectations')).toBeInTheDocument();
  expect(within(dialog).getByText(longDescription)).toBeInTheDocument();
  expect(within(dialog).getByText('Quite a Bit')).toBeInTheDocument();
  expect(within(dialog).getByText('2 Mar 2026')).toBeInTheDocument();
});

test('deleting a submission asks first and removes that rating', async () => {
  let data = submissions;
  const { calls } = serve(() => data, {
    'DELETE complaint-bother/delete-user-complaint/b3': () => {
      data = submissions.slice(0, 1);
      return { body: { message: 'Submission deleted successfully' } };
    },
  });
  await openTab();
  await userEvent.click(await screen.findByRole('button', { name: 'Delete submission by Alan Turing' }));
  expect(screen.getByText('Are you sure you want to delete this submission?')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Submission deleted successfully')).toBeInTheDocument();
  await waitFor(() => expect(concerns()).toEqual(['Clarity of Expectations', 'Team & Culture']));
  expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
});

test("a refused delete shows the server's message", async () => {
  serve(submissions, {
    'DELETE complaint-bother/delete-user-complaint/b3': { status: 404, body: { message: 'Submission not found' } },
  });
  await openTab();
  await userEvent.click(await screen.findByRole('button', { name: 'Delete submission by Alan Turing' }));
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Submission not found')).toBeInTheDocument();
});

test('at desktop width the date, status and buttons stay on one line', async () => {
  serve(submissions);
  await openTab();
  await screen.findAllByText('Grace Hopper');
  expectShortColumns(['Submitted', 'Status', 'Actions']);
});

test('on a phone the submissions are cards with the selections and every button', async () => {
  await onSmallScreen(async () => {
    serve(submissions);
    await openTab();
    await screen.findAllByText('Grace Hopper');
    const card = cardsOf('Submissions').find((c) => within(c).queryByText('Grace Hopper'));
    expect(within(card!).getByRole('button', { name: 'View submission by Grace Hopper' })).toBeEnabled();
    expect(within(card!).getByRole('button', { name: 'Delete submission by Grace Hopper' })).toBeEnabled();
    expect(within(card!).getAllByText(/^(A little|Quite a Bit|A great deal)$/).length).toBeGreaterThan(0);
  });
});
