import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Question } from '@prometrica/shared-api';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { aQuestion, signInAs } from '../../../testing/fixtures';
import { openDialog } from '../../../testing/dialogs';
import {
  cardsOf,
  expectShortColumns,
  onFakeTimers,
  onSmallScreen,
  queryOf,
  searchAfterPause,
} from '../../../testing/lists';
import { QuestionListScreen } from './question-list-screen';

beforeEach(() => signInAs('admin'));

const longText = 'How often do you feel that your manager recognises the effort you put into your work each week?';

function page(questions: Question[], { totalQuestions = questions.length, totalPages = 1, page: n = 1 } = {}) {
  return { body: { questions, totalQuestions, totalPages, page: n } };
}

const listCalls = (calls: ReturnType<typeof mockApi>['calls']) =>
  calls.filter((c) => c.method === 'GET' && c.path === 'admin/getquestions');

test('lists a page of questions: text cut to 50 characters, category and en-GB date', async () => {
  const { calls } = mockApi({
    'GET admin/getquestions': page([aQuestion({ question: longText, createdAt: '2026-03-05T10:00:00.000Z' })], {
      totalQuestions: 51,
      totalPages: 3,
    }),
  });
  renderWithProviders(<QuestionListScreen />);
  expect(await screen.findByText(`${longText.slice(0, 50)}...`)).toBeInTheDocument();
  expect(screen.getByText('General')).toBeInTheDocument();
  expect(screen.getByText('5 Mar 2026')).toBeInTheDocument();
  expect(within(screen.getByRole('group', { name: 'Total Questions' })).getByText('51')).toBeInTheDocument();
  expect(within(screen.getByRole('group', { name: 'Pages' })).getByText('3')).toBeInTheDocument();
  expect(queryOf(listCalls(calls)[0])).toEqual({ page: '1', limit: '25', search: '' });
  expect(screen.getByRole('link', { name: 'Add Question' })).toHaveAttribute('href', '/dashboard/add-question');
});

test('short question text is shown whole', async () => {
  mockApi({ 'GET admin/getquestions': page([aQuestion({ question: 'Short one?' })]) });
  renderWithProviders(<QuestionListScreen />);
  expect(await screen.findByText('Short one?')).toBeInTheDocument();
});

test('search waits 500 ms after the last keystroke, then asks the server from page 1', () =>
  onFakeTimers(async (user) => {
    const { calls } = mockApi({ 'GET admin/getquestions': page([aQuestion()], { totalPages: 4 }) });
    renderWithProviders(<QuestionListScreen />);
    await screen.findByText(aQuestion().question);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));

    const searched = await searchAfterPause(user, 'Search questions', 'sky', () => listCalls(calls));
    expect(listCalls(calls)).toHaveLength(3);
    expect(queryOf(searched)).toEqual({ page: '1', limit: '25', search: 'sky' });
  }));

test('page size can be 25, 50, 75 or 100 and a new size starts at page 1', async () => {
  const { calls } = mockApi({ 'GET admin/getquestions': page([aQuestion()], { totalPages: 4 }) });
  renderWithProviders(<QuestionListScreen />);
  await screen.findByText(aQuestion().question);
  const sizes = screen.getByRole('combobox', { name: 'Rows per page' });
  expect(
    within(sizes)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['25 per page', '50 per page', '75 per page', '100 per page']);
  await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
  await waitFor(() => expect(queryOf(listCalls(calls).at(-1))).toMatchObject({ page: '3' }));
  await userEvent.selectOptions(sizes, '50');
  await waitFor(() => expect(queryOf(listCalls(calls).at(-1))).toEqual({ page: '1', limit: '50', search: '' }));
});

test('when the last page empties after a delete, the list moves to the new last page', async () => {
  let deleted = false;
  const { calls } = mockApi({
    'GET admin/getquestions': ({ url }) => {
      const n = Number(url.searchParams.get('page'));
      if (!deleted)
        return page([aQuestion({ _id: `q${n}`, question: `Question on page ${n}` })], {
          totalQuestions: 51,
          totalPages: 3,
          page: n,
        });
      return page(n > 2 ? [] : [aQuestion({ _id: `q${n}`, question: `Question on page ${n}` })], {
        totalQuestions: 50,
        totalPages: 2,
        page: n,
      });
    },
    'DELETE admin/deletequestion/q3': () => {
      deleted = true;
      return { body: { message: 'Question deleted successfully', question: aQuestion({ _id: 'q3' }) } };
    },
  });
  renderWithProviders(<QuestionListScreen />);
  await screen.findByText('Question on page 1');
  await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
  await screen.findByText('Question on page 3');
  await userEvent.click(screen.getByRole('button', { name: 'Delete question' }));
  expect(screen.getByText('Are you sure you want to delete this question?')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Question deleted successfully')).toBeInTheDocument();
  expect(await screen.findByText('Question on page 2')).toBeInTheDocument();
  expect(queryOf(listCalls(calls).at(-1))).toMatchObject({ page: '2' });
  expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
});

test("a refused delete shows the server's message and keeps the question", async () => {
  mockApi({
    'GET admin/getquestions': page([aQuestion()]),
    'DELETE admin/deletequestion/q1': { status: 403, body: { message: 'You are not allowed to do that' } },
  });
  renderWithProviders(<QuestionListScreen />);
  await screen.findByText(aQuestion().question);
  await userEvent.click(screen.getByRole('button', { name: 'Delete question' }));
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('You are not allowed to do that')).toBeInTheDocument();
  expect(screen.getByText(aQuestion().question)).toBeInTheDocument();
});

test('cancelling the delete question keeps the question and sends nothing', async () => {
  const { calls } = mockApi({ 'GET admin/getquestions': page([aQuestion()]) });
  renderWithProviders(<QuestionListScreen />);
  await screen.findByText(aQuestion().question);
  await userEvent.click(screen.getByRole('button', { name: 'Delete question' }));
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  await waitFor(() =>
    expect(screen.queryByText('Are you sure you want to delete this question?')).not.toBeInTheDocument(),
  );
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
});

test('no questions shows the empty state', async () => {
  mockApi({ 'GET admin/getquestions': page([], { totalPages: 0 }) });
  renderWithProviders(<QuestionListScreen />);
  expect(await screen.findByText('No Questions Found')).toBeInTheDocument();
});

test('View Question shows the text, the correct answer and the date, and Close closes it', async () => {
  mockApi({
    'GET admin/getquestions': page([
      aQuestion({ question: longText, correctAnswer: 'Weekly', createdAt: '2026-02-01T08:00:00.000Z' }),
    ]),
  });
  renderWithProviders(<QuestionListScreen />);
  const dialog = await openDialog('View question', 'View Question');
  expect(within(dialog).getByText(longText)).toBeInTheDocument();
  expect(within(dialog).getByText('Weekly')).toBeInTheDocument();
  expect(within(dialog).getByText('1 Feb 2026')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'View Question' })).not.toBeInTheDocument());
});

test("a list that fails to load shows the server's message and Retry", async () => {
  let attempts = 0;
  mockApi({
    'GET admin/getquestions': () =>
      ++attempts === 1 ? { status: 500, body: { message: 'Database is asleep' } } : page([aQuestion()]),
  });
  renderWithProviders(<QuestionListScreen />);
  expect(await screen.findByText('Database is asleep')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText(aQuestion().question)).toBeInTheDocument();
});

test('at desktop width the type, date and buttons stay on one line', async () => {
  mockApi({ 'GET admin/getquestions': page([aQuestion()]) });
  renderWithProviders(<QuestionListScreen />);
  await screen.findByText('Multiple Choice');
  expectShortColumns(['Type', 'Created', 'Actions']);
});

test('on a phone the questions are cards with their type, category and every button', async () => {
  await onSmallScreen(async () => {
    mockApi({ 'GET admin/getquestions': page([aQuestion({ question: 'Short one?' })]) });
    renderWithProviders(<QuestionListScreen />);
    await screen.findByText('Short one?');
    const [card] = cardsOf('Questions');
    expect(within(card!).getByText('Multiple Choice')).toBeInTheDocument();
    expect(within(within(card!).getByRole('group', { name: 'Category' })).getByText('General')).toBeInTheDocument();
    for (const verb of ['View', 'Edit', 'Delete'])
      expect(within(card!).getByRole('button', { name: `${verb} question` })).toBeEnabled();
  });
});

test('a link to edit a question (?search=&edit=) searches for its text and opens Edit Question for it', async () => {
  const wanted = aQuestion({ _id: 'q7', question: 'Which city is the capital of Australia?', correctAnswer: 'Sydney' });
  const { calls } = mockApi({
    'GET admin/getquestions': page([
      aQuestion({ _id: 'q6', question: 'Which city is the capital of Austria?' }),
      wanted,
    ]),
    'GET category': { body: { categories: [] } },
  });
  renderWithProviders(<QuestionListScreen />, {
    route: `/dashboard/question-list?search=${encodeURIComponent(wanted.question)}&edit=q7`,
  });
  const dialog = await screen.findByRole('dialog', { name: 'Edit Question' });
  expect(within(dialog).getByDisplayValue('Which city is the capital of Australia?')).toBeInTheDocument();
  // Asked for at once with the search, without waiting for the debounce.
  expect(queryOf(listCalls(calls)[0])).toEqual({ page: '1', limit: '25', search: wanted.question });
  expect(screen.getByRole('searchbox', { name: 'Search questions' })).toHaveValue(wanted.question);

  // Closed, it stays closed when the list loads again.
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Question' })).not.toBeInTheDocument());
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
  await waitFor(() => expect(queryOf(listCalls(calls).at(-1))).toMatchObject({ limit: '50' }));
  await screen.findByText('Which city is the capital of Austria?');
  expect(screen.queryByRole('dialog', { name: 'Edit Question' })).not.toBeInTheDocument();
});

test('a link to edit a question no longer in the bank shows the search without opening anything', async () => {
  mockApi({ 'GET admin/getquestions': page([]) });
  renderWithProviders(<QuestionListScreen />, { route: '/dashboard/question-list?search=Gone&edit=q9' });
  expect(await screen.findByText('No Questions Found')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
