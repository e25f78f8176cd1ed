import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { aListedResult, aResult, resultListOf as listOf, signInAs } from '../../../testing/fixtures';
import { onFakeTimers, onSmallScreen, queryOf, searchAfterPause } from '../../../testing/lists';
import { firstResultsQuery, resultPages } from '../first-page';
import { ResultsScreen } from './results-screen';

beforeEach(() => signInAs('admin'));

/** The address's query, to check what the filters keep there. */
function Address() {
  return <div data-testid="address">{useLocation().search}</div>;
}

const listCalls = (calls: ReturnType<typeof mockApi>['calls']) => calls.filter((c) => c.path === 'admin/getquizresult');

test('stat cards show total, passed, failed and the average score', async () => {
  mockApi({ 'GET admin/getquizresult': listOf([aListedResult()]) });
  renderWithProviders(<ResultsScreen />);
  await screen.findByText('Grace Hopper');
  expect(within(screen.getByRole('group', { name: 'Total Results' })).getByText('40')).toBeInTheDocument();
  expect(within(screen.getByRole('group', { name: 'Passed' })).getByText('25')).toBeInTheDocument();
  expect(within(screen.getByRole('group', { name: 'Failed' })).getByText('15')).toBeInTheDocument();
  expect(within(screen.getByRole('group', { name: 'Average Score' })).getByText('58%')).toBeInTheDocument();
});

test('the table shows each participant with figures, score and pass status', async () => {
  mockApi({
    'GET admin/getquizresult': listOf([
      aListedResult(),
      aListedResult({
        _id: 'r2',
        user: { ...aListedResult().user, _id: 'p2', name: 'Alan Turing', email: 'alan@example.com' },
        userTotals: { correctAnswer: 1, wrongAnswer: 3, totalAnswers: 4, percent: 25, passed: false },
      }),
    ]),
  });
  renderWithProviders(<ResultsScreen />);
  const grace = (await screen.findByText('Grace Hopper')).closest('tr')!;
  expect(within(grace).getByText('75%')).toBeInTheDocument();
  expect(within(grace).getByText('Passed')).toBeInTheDocument();
  expect(within(grace).getByText('12 Jan 2026')).toBeInTheDocument();
  const alan = screen.getByText('Alan Turing').closest('tr')!;
  expect(within(alan).getByText('25%')).toBeInTheDocument();
  expect(within(alan).getByText('Failed')).toBeInTheDocument();
});

test('All / True / False filters on passing, from page 1', async () => {
  const { calls } = mockApi({ 'GET admin/getquizresult': listOf([aListedResult()], { totalPages: 3 }) });
  renderWithProviders(<ResultsScreen />);
  await screen.findByText('Grace Hopper');
  expect(queryOf(listCalls(calls)[0])).toEqual({ page: '1', limit: '25', search: '' });
  await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
  await userEvent.click(screen.getByRole('radio', { name: 'True' }));
  await waitFor(() =>
    expect(queryOf(listCalls(calls).at(-1))).toEqual({ page: '1', limit: '25', search: '', passed: 'true' }),
  );
  await userEvent.click(screen.getByRole('radio', { name: 'False' }));
  await waitFor(() =>
    expect(queryOf(listCalls(calls).at(-1))).toEqual({ page: '1', limit: '25', search: '', passed: 'false' }),
  );
  await userEvent.click(screen.getByRole('radio', { name: 'All' }));
  await waitFor(() => expect(queryOf(listCalls(calls).at(-1))).toEqual({ page: '1', limit: '25', search: '' }));
});

test('each result shows its report status: Draft, Released <day> or Opened <day>', async () => {
  mockApi({
    'GET admin/getquizresult': listOf([
      aListedResult({ _id: 'r1', report: { status: 'draft', releasedAt: null, openedAt: null } }),
      aListedResult({
        _id: 'r2',
        user: { ...aListedResult().user, _id: 'p2', name: 'Alan Turing' },
        report: { status: 'released', releasedAt: '2026-03-05T10:00:00.000Z', openedAt: null },
      }),
      aListedResult({
        _id: 'r3',
        user: { ...aListedResult().user, _id: 'p3', name: 'Katherine Johnson' },
        report: { status: 'opened', releasedAt: '2026-03-05T10:00:00.000Z', openedAt: '2026-03-07T10:00:00.000Z' },
      }),
    ]),
  });
  renderWithProviders(<ResultsScreen />);
  const row = async (name: string) => (await screen.findByText(name)).closest('tr')!;
  expect(within(await row('Grace Hopper')).getByText('Draft')).toBeInTheDocument();
  expect(within(await row('Alan Turing')).getByText('Released 5 Mar 2026')).toBeInTheDocument();
  expect(within(await row('Katherine Johnson')).getByText('Opened 7 Mar 2026')).toBeInTheDocument();
  expect(within(await row('Alan Turing')).getByRole('link', { name: 'Open report of Alan Turing' })).toHaveAttribute(
    'href',
    '/dashboard/result/r2/report',
  );
});

test('the report status and the submission dates filter the list from page 1, and the address keeps them', async () => {
  const { calls } = mockApi({ 'GET admin/getquizresult': listOf([aListedResult()], { totalPages: 3 }) });
  renderWithProviders(
    <>
      <ResultsScreen />
      <Address />
    </>,
  );
  await screen.findByText('Grace Hopper');
  await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Report' }), 'released');
  await waitFor(() =>
    expect(queryOf(listCalls(calls).at(-1))).toEqual({ page: '1', limit: '25', search: '', report: 'released' }),
  );
  fireEvent.change(screen.getByLabelText('Submitted from'), { target: { value: '2026-01-10' } });
  fireEvent.change(screen.getByLabelText('Submitted to'), { target: { value: '2026-01-31' } });
  await waitFor(() =>
    expect(queryOf(listCalls(calls).at(-1))).toEqual({
      page: '1',
      limit: '25',
      search: '',
      report: 'released',
      from: '2026-01-10',
      to: '2026-01-31',
    }),
  );
  expect(screen.getByTestId('address')).toHaveTextContent('?report=released&from=2026-01-10&to=2026-01-31');
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Report' }), 'all');
  await waitFor(() =>
    expect(queryOf(listCalls(calls).at(-1))).toEqual({
      page: '1',
      limit: '25',
      search: '',
      from: '2026-01-10',
      to: '2026-01-31',
    }),
  );
});

test('filters in the address are applied at once; a range ending before it starts is refused without asking', async () => {
  const { calls } = mockApi({ 'GET admin/getquizresult': listOf([aListedResult()]) });
  renderWithProviders(<ResultsScreen />, { route: '/dashboard/result?passed=false&report=opened&from=2026-02-01' });
  await screen.findByText('Grace Hopper');
  expect(queryOf(listCalls(calls)[0])).toEqual({
    page: '1',
    limit: '25',
    search: '',
    passed: 'false',
    report: 'opened',
    from: '2026-02-01',
  });
  expect(screen.getByRole('combobox', { name: 'Report' })).toHaveValue('opened');
  expect(screen.getByRole('radio', { name: 'False' })).toBeChecked();
  fireEvent.change(screen.getByLabelText('Submitted to'), { target: { value: '2026-01-15' } });
  expect(await screen.findByText('The end date must not be before the start date')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Download all reports' })).toBeDisabled();
  await act(async () => {});
  expect(listCalls(calls)).toHaveLength(1);
});

test('search is sent to the server once typing has paused for 500 ms', () =>
  onFakeTimers(async (user) => {
    const { calls } = mockApi({ 'GET admin/getquizresult': listOf([aListedResult()]) });
    renderWithProviders(<ResultsScreen />);
    await screen.findByText('Grace Hopper');
    const searched = await searchAfterPause(user, 'Search results', 'grace', () => listCalls(calls));
    expect(listCalls(calls)).toHaveLength(2);
    expect(queryOf(searched)).toEqual({ page: '1', limit: '25', search: 'grace' });
  }));

test('a page beyond the last one moves to the last page', async () => {
  const { calls } = mockApi({
    'GET admin/getquizresult': ({ url }) => {
      const n = Number(url.searchParams.get('page'));
      // The list shrank between the first answer and the click on page 3.
      return n === 1
        ? listOf([aListedResult()], { totalResults: 60, totalPages: 3 })
        : listOf(n > 2 ? [] : [aListedResult({ _id: `r${n}` })], { totalResults: 45, totalPages: 2, page: n });
    },
  });
  renderWithProviders(<ResultsScreen />);
  await screen.findByText('Grace Hopper');
  await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
  await waitFor(() => expect(queryOf(listCalls(calls).at(-1))).toMatchObject({ page: '2' }));
  expect(await screen.findByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
});

test('page sizes are 25, 50, 75 and 100', async () => {
  const { calls } = mockApi({ 'GET admin/getquizresult': listOf([aListedResult()]) });
  renderWithProviders(<ResultsScreen />);
  await screen.findByText('Grace Hopper');
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '100');
  await waitFor(() => expect(queryOf(listCalls(calls).at(-1))).toMatchObject({ limit: '100', page: '1' }));
});

test('no results shows the empty state', async () => {
  mockApi({ 'GET admin/getquizresult': listOf([]) });
  renderWithProviders(<ResultsScreen />);
  expect(await screen.findByText('No Results Found')).toBeInTheDocument();
});

describe('on a phone', () => {
  test('results are cards instead of a table', async () => {
    await onSmallScreen(async () => {
      mockApi({ 'GET admin/getquizresult': listOf([aListedResult()]) });
      renderWithProviders(<ResultsScreen />);
      const cards = await screen.findByRole('list', { name: 'Results' });
      expect(await within(cards).findByText('Grace Hopper')).toBeInTheDocument();
      expect(within(cards).getByRole('button', { name: 'View result of Grace Hopper' })).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    });
  });
});

// A /dashboard/result address starts this prefetch along with the section's code (src/preload.ts).
test('the first page asked for with the /dashboard/result address is shown without asking again', async () => {
  const { calls } = mockApi({ 'GET admin/getquizresult': listOf([aListedResult()]) });
  resultPages.start(firstResultsQuery);
  await waitFor(() => expect(queryOf(listCalls(calls)[0])).toEqual({ page: '1', limit: '25', search: '' }));
  renderWithProviders(<ResultsScreen />);
  await screen.findByText('Grace Hopper');
  expect(listCalls(calls)).toHaveLength(1);
});

test('a first page that has already arrived is drawn in the first render, with no loading state', async () => {
  const { calls } = mockApi({ 'GET admin/getquizresult': listOf([aListedResult()]) });
  resultPages.start(firstResultsQuery);
  // Let the answer arrive before the screen mounts.
  await waitFor(() => expect(listCalls(calls)).toHaveLength(1));
  await new Promise((resolve) => setTimeout(resolve, 0));
  renderWithProviders(<ResultsScreen />);
  expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
  expect(screen.queryByLabelText('Loading results')).not.toBeInTheDocument();
  await act(async () => {});
  expect(listCalls(calls)).toHaveLength(1);
});

test('a ?view= address opens that result, and closing it leaves the list', async () => {
  mockApi({
    'GET admin/getquizresult': listOf([aListedResult()]),
    'GET admin/getquizresult/r1': { body: { result: aResult(), agreement: null } },
  });
  renderWithProviders(<ResultsScreen />, { route: '/dashboard/result?view=r1', path: '/dashboard/result' });
  const dialog = await screen.findByRole('dialog', { name: 'Result Details' });
  expect(await within(dialog).findByText('User Information')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
});
