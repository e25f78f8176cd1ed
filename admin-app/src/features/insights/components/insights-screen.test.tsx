import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { adminToken } from '@prometrica/shared-api';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { ignoreChartSizeWarnings } from '../../../testing/charts';
import { catchDownloads } from '../../../testing/downloads';
import { signInAs } from '../../../testing/fixtures';
import { aCohort, aMiskeyedQuestion, histogramOf, someInsights } from '../../../testing/insights';
import { onSmallScreen, queryOf } from '../../../testing/lists';
import { InsightsScreen } from './insights-screen';

ignoreChartSizeWarnings();

beforeEach(() => {
  signInAs('admin');
  adminToken.set('tok');
});
afterEach(() => adminToken.set(null));

/** The address's query, to check what the filters keep there. */
function Address() {
  return <div data-testid="address">{useLocation().search}</div>;
}

function renderScreen(route = '/dashboard/insights') {
  return renderWithProviders(
    <>
      <InsightsScreen />
      <Address />
    </>,
    { route },
  );
}

const figureCalls = (calls: ReturnType<typeof mockApi>['calls']) => calls.filter((c) => c.path === 'admin/insights');
/** The text of each body row's cells, row by row. */
const bodyCells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
const card = (label: string) => screen.getByRole('group', { name: label });
const questionRow = (position: number) =>
  within(screen.getByRole('table', { name: 'Questions' }))
    .getAllByRole('row')
    .find((row) => within(row).queryAllByRole('cell')[0]?.textContent === String(position))!;

test('shows the loader until the figures arrive, then the cohort figures', async () => {
  mockApi({ 'GET admin/insights': { body: someInsights() } });
  renderScreen();
  expect(screen.getByText('Loading insights...')).toBeInTheDocument();
  expect(await screen.findByRole('group', { name: 'Participants' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Insights', level: 1 })).toBeInTheDocument();
  expect(within(card('Participants')).getByText('40')).toBeInTheDocument();
  expect(within(card('Participants')).getByText('Results on 4 questions')).toBeInTheDocument();
  expect(within(card('Pass Rate')).getByText('75%')).toBeInTheDocument();
  expect(within(card('Pass Rate')).getByText('30 passed')).toBeInTheDocument();
  expect(within(card('Mean Score')).getByText('62.5%')).toBeInTheDocument();
  expect(within(card('Median Score')).getByText('75.0%')).toBeInTheDocument();
  expect(within(card('Standard Deviation')).getByText('18.2 pts')).toBeInTheDocument();
  expect(within(card('Skewness')).getByText('\u22120.41')).toBeInTheDocument();
  expect(within(card('Kurtosis')).getByText('\u22120.80')).toBeInTheDocument();
  expect(within(card("Cronbach's Alpha")).getByText('0.71')).toBeInTheDocument();
  expect(within(card("Cronbach's Alpha")).getByText('KR-20; SEM 9.8 pts')).toBeInTheDocument();
  expect(screen.queryByText('Loading insights...')).not.toBeInTheDocument();
});

test('the histogram says what each bar counts in a table screen readers read', async () => {
  mockApi({ 'GET admin/insights': { body: someInsights() } });
  renderScreen();
  const table = await screen.findByRole('table', { name: 'Participants per ten-point band of the overall score' });
  const rows = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);
  expect(rows).toEqual([
    '0–10%0',
    '10–20%0',
    '20–30%2',
    '30–40%3',
    '40–50%5',
    '50–60%0',
    '60–70%10',
    '70–80%12',
    '80–90%0',
    '90–100%8',
  ]);
});

test('internal consistency overall and per category, with a dash where the data gives no figure', async () => {
  mockApi({ 'GET admin/insights': { body: someInsights() } });
  renderScreen();
  const table = await screen.findByRole('table', { name: 'Internal consistency' });
  expect(bodyCells(table)).toEqual([
    ['Overall4 questions', '0.71', '9.8 pts'],
    ['Leadership2 questions', '0.52', '16.7 pts'],
    ['Communication2 questions', '—', '—'],
  ]);
});

test('each category shows its own figures and histogram', async () => {
  mockApi({ 'GET admin/insights': { body: someInsights() } });
  renderScreen();
  const leadership = await screen.findByRole('article', { name: 'Leadership' });
  expect(within(leadership).getByText('2 questions, 40 participants')).toBeInTheDocument();
  const figure = (label: string) =>
    within(leadership).getByRole('button', { name: label }).closest('div')!.querySelector('dd')!.textContent;
  expect(figure('Mean')).toBe('70.0%');
  expect(figure('Median')).toBe('50.0%');
  expect(figure('SD')).toBe('24.1 pts');
  expect(figure('Skewness')).toBe('0.12');
  expect(figure('Kurtosis')).toBe('—');
  expect(figure('Alpha')).toBe('0.52');
  expect(
    within(leadership).getByRole('table', { name: 'Participants per ten-point band of the Leadership score' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('article', { name: 'Communication' })).toBeInTheDocument();
});

test('one row per question: facility, discrimination, median time and flags', async () => {
  mockApi({ 'GET admin/insights': { body: someInsights() } });
  renderScreen();
  await screen.findByRole('table', { name: 'Questions' });
  const cells = (position: number) =>
    within(questionRow(position))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
  expect(cells(1).slice(0, 6)).toEqual([
    '1',
    'Which approach builds trust in a new team fastest?Leadership · Multiple choice · Key: Listening first',
    '70%',
    '0.45',
    '12.4 s',
    'None',
  ]);
  expect(cells(2).slice(2, 6)).toEqual(['30%', '\u22120.52', '1 min 05 s', 'Check the key']);
  expect(cells(3).slice(2, 6)).toEqual(['95%', '0.04', '12.4 s', 'Too easyCheck the key']);
  expect(cells(4).slice(2, 6)).toEqual(['15%', '0.31', '—', 'Too hard']);
  expect(screen.getByText('4 questions, 3 flagged for review')).toBeInTheDocument();
});

test('a question keyed wrong shows its answers: strong participants chose the one the key calls wrong', async () => {
  mockApi({ 'GET admin/insights': { body: someInsights() } });
  renderScreen();
  await screen.findByRole('table', { name: 'Questions' });
  const toggle = within(questionRow(2)).getByRole('button', { name: 'Show answers of question 2' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(toggle).toHaveAccessibleName('Hide answers of question 2');
  const answers = screen.getByRole('table', { name: 'Answers of question 2' });
  expect(answers.closest('tr')).toHaveAttribute('id', toggle.getAttribute('aria-controls'));
  expect(bodyCells(answers)).toEqual([
    ['Canberra', '24', '60%', '80.0%'],
    ['SydneyKey', '12', '30%', '40.5%'],
    ['Melbourne', '4', '10%', '—'],
  ]);
  // Closed again from the keyboard.
  toggle.focus();
  await userEvent.keyboard('{Enter}');
  expect(screen.queryByRole('table', { name: 'Answers of question 2' })).not.toBeInTheDocument();
  // A fill-in-the-blanks question offers no answers to show.
  expect(within(questionRow(4)).queryByRole('button', { name: /answers of question 4/ })).not.toBeInTheDocument();
});

test('Edit links to the question in the question bank, only while it exists', async () => {
  mockApi({ 'GET admin/insights': { body: someInsights() } });
  renderScreen();
  await screen.findByRole('table', { name: 'Questions' });
  expect(within(questionRow(2)).getByRole('link', { name: 'Edit question 2' })).toHaveAttribute(
    'href',
    '/dashboard/question-list?search=Which+city+is+the+capital+of+Australia%3F&edit=q2',
  );
  expect(within(questionRow(3)).queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument();
});

test('each column heading carries its definition, on hover and on keyboard focus', async () => {
  mockApi({ 'GET admin/insights': { body: someInsights() } });
  renderScreen();
  const table = await screen.findByRole('table', { name: 'Questions' });
  const heading = within(table).getByRole('button', { name: 'Discrimination' });
  expect(heading).toHaveAccessibleDescription(/how well the question separates stronger from weaker participants/);
  await userEvent.hover(heading);
  expect(await screen.findByRole('tooltip')).toHaveTextContent(/correlation between getting this question right/);
  await userEvent.unhover(heading);
  await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());

  // Every heading of the question table has one, reached with Tab.
  const headings = within(table).getAllByRole('columnheader');
  for (const th of headings) expect(within(th).getByRole('button')).toHaveAccessibleDescription(/\w/);
  act(() => within(table).getByRole('button', { name: 'Median time' }).focus());
  await userEvent.tab();
  expect(within(table).getByRole('button', { name: 'Flags' })).toHaveFocus();
  expect(await screen.findByRole('tooltip')).toHaveTextContent(
    'Too easy: more than 90% answered correctly, so it tells participants apart very little.',
  );
  expect(screen.getByRole('tooltip')).toHaveTextContent('Check the key: discrimination below 0.1');
});

test('Only flagged questions hides the rest', async () => {
  mockApi({
    'GET admin/insights': {
      body: someInsights({ questions: [someInsights().questions[0]!, aMiskeyedQuestion()] }),
    },
  });
  renderScreen();
  await screen.findByRole('table', { name: 'Questions' });
  await userEvent.click(screen.getByRole('switch', { name: 'Only flagged questions' }));
  const positions = within(screen.getByRole('table', { name: 'Questions' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
  expect(positions).toEqual(['2']);
});

test('the version and the dates filter the figures and stay in the address', async () => {
  const { calls } = mockApi({ 'GET admin/insights': { body: someInsights() } });
  renderScreen();
  await screen.findByRole('table', { name: 'Questions' });
  expect(queryOf(figureCalls(calls)[0])).toEqual({});
  const version = screen.getByRole('combobox', { name: 'Question set version' });
  // Without a filter it shows the version the server chose.
  expect(version).toHaveValue('2');
  expect(
    within(version)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Version 2 (current), 5 Mar 2026, 40 participants', 'Version 1, 10 Jan 2026, 12 participants']);

  await userEvent.selectOptions(version, '1');
  await waitFor(() => expect(queryOf(figureCalls(calls).at(-1))).toEqual({ version: '1' }));
  fireEvent.change(screen.getByLabelText('Submitted from'), { target: { value: '2026-02-01' } });
  fireEvent.change(screen.getByLabelText('Submitted to'), { target: { value: '2026-02-28' } });
  await waitFor(() =>
    expect(queryOf(figureCalls(calls).at(-1))).toEqual({ version: '1', from: '2026-02-01', to: '2026-02-28' }),
  );
  expect(screen.getByTestId('address')).toHaveTextContent('?version=1&from=2026-02-01&to=2026-02-28');
});

test('an end date before the start date is not asked for and says why', async () => {
  const { calls } = mockApi({ 'GET admin/insights': { body: someInsights() } });
  renderScreen('/dashboard/insights?from=2026-02-10');
  await screen.findByRole('table', { name: 'Questions' });
  expect(queryOf(figureCalls(calls)[0])).toEqual({ from: '2026-02-10' });
  fireEvent.change(screen.getByLabelText('Submitted to'), { target: { value: '2026-02-01' } });
  expect(await screen.findByText('The end date must not be before the start date')).toBeInTheDocument();
  expect(figureCalls(calls)).toHaveLength(1);
  expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
});

test('Export CSV downloads the question table of the version and days shown', async () => {
  const { saved } = catchDownloads();
  const { calls } = mockApi({
    'GET admin/insights': { body: someInsights() },
    'GET admin/insights/export': {
      raw: 'Position,Question ID\n1,q1\n',
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="insights-version-2.csv"',
      },
    },
  });
  renderScreen('/dashboard/insights?from=2026-02-01');
  await screen.findByRole('table', { name: 'Questions' });
  await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(saved).toHaveLength(1));
  expect(saved[0]!.name).toBe('insights-version-2.csv');
  expect(await saved[0]!.blob.text()).toBe('Position,Question ID\n1,q1\n');
  const call = calls.find((c) => c.path === 'admin/insights/export')!;
  expect(call.headers.get('authorization')).toBe('Bearer tok');
  // The version the figures are of, though the address names none.
  expect(queryOf(call)).toEqual({ from: '2026-02-01', version: '2' });
  expect(await screen.findByText('insights-version-2.csv was saved.')).toBeInTheDocument();
  jest.restoreAllMocks();
});

test('a refused export shows the server’s message', async () => {
  mockApi({
    'GET admin/insights': { body: someInsights() },
    'GET admin/insights/export': { status: 400, body: { message: 'from must not be after to' } },
  });
  renderScreen();
  await screen.findByRole('table', { name: 'Questions' });
  await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Export CSV failed');
  expect(alert).toHaveTextContent('from must not be after to');
});

test('before any submission it says so instead of showing empty figures', async () => {
  mockApi({
    'GET admin/insights': {
      body: someInsights({
        cohort: aCohort({
          participants: 0,
          passed: 0,
          passRate: null,
          mean: null,
          median: null,
          sd: null,
          skewness: null,
          kurtosis: null,
          histogram: histogramOf([]),
          reliability: { alpha: null, sem: null },
        }),
      }),
    },
  });
  renderScreen();
  expect(await screen.findByText('No Submissions Yet')).toBeInTheDocument();
  expect(screen.getByText('The figures appear here once participants submit the assessment')).toBeInTheDocument();
  expect(screen.queryByRole('group', { name: 'Participants' })).not.toBeInTheDocument();
  expect(screen.queryByRole('table', { name: 'Questions' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
});

test("a failed load shows the server's message and Retry loads again", async () => {
  let calls = 0;
  mockApi({
    'GET admin/insights': () =>
      ++calls === 1 ? { status: 500, body: { message: 'Insights are unavailable' } } : { body: someInsights() },
  });
  renderScreen();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Insights could not be loaded');
  expect(alert).toHaveTextContent('Insights are unavailable');
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('table', { name: 'Questions' })).toBeInTheDocument();
  expect(screen.queryByText('Insights are unavailable')).not.toBeInTheDocument();
});

test('on a phone the questions are cards, each opening its answers as a list', () =>
  onSmallScreen(async () => {
    mockApi({ 'GET admin/insights': { body: someInsights() } });
    renderScreen();
    const list = await screen.findByRole('list', { name: 'Questions' });
    expect(screen.queryByRole('table', { name: 'Questions' })).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem', { name: /^Question \d$/ });
    expect(cards).toHaveLength(4);
    const miskeyed = within(list).getByRole('listitem', { name: 'Question 2' });
    expect(within(miskeyed).getByText('Check the key')).toBeInTheDocument();
    expect(within(miskeyed).getByText('\u22120.52')).toBeInTheDocument();
    await userEvent.click(within(miskeyed).getByRole('button', { name: 'Show answers of question 2' }));
    const answers = within(miskeyed).getByRole('list', { name: 'Answers of question 2' });
    expect(within(answers).getAllByRole('listitem')[0]).toHaveTextContent(
      'Canberra60%24 chose it; their mean rest score 80.0%',
    );
    expect(within(miskeyed).getByRole('link', { name: 'Edit question 2' })).toBeInTheDocument();
  }));
