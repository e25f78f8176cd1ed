import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Result } from '@prometrica/shared-api';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { aListedResult, aResult, resultListOf, signInAs } from '../../../testing/fixtures';
import { openDialog } from '../../../testing/dialogs';
import { ResultsScreen } from './results-screen';

beforeEach(() => signInAs('admin'));

const longQuestion = 'When a project is late, how likely are you to tell your manager before the deadline passes?';
const longAnswer = 'Very likely, and I would explain the reasons in writing';

function answers(count: number): Result['answers'] {
  return Array.from({ length: count }, (_, i) => ({
    question: i === 0 ? longQuestion : `Question ${i + 1}`,
    userAnswer: i === 0 ? longAnswer : `Answer ${i + 1}`,
    correctAnswer: i === 0 ? longAnswer : 'Something else',
    categoryName: 'General',
    isCorrect: i === 0,
  }));
}

async function openDetail(result: Result) {
  mockApi({
    'GET admin/getquizresult': resultListOf([aListedResult()], {
      summary: { total: 1, passed: 1, failed: 0, averagePercent: 75 },
    }),
    'GET admin/getquizresult/r1': { body: { result } },
  });
  renderWithProviders(<ResultsScreen />);
  const dialog = await openDialog('View result of Grace Hopper', 'Result Details');
  await within(dialog).findByText('User Information');
  return dialog;
}

test('shows who took the quiz and the overall correct, wrong, total and percentage', async () => {
  const dialog = await openDetail(aResult({ answers: answers(4) }));
  const info = within(dialog).getByRole('region', { name: 'User Information' });
  expect(within(info).getByText('Grace Hopper')).toBeInTheDocument();
  expect(within(info).getByText('grace@example.com')).toBeInTheDocument();
  expect(within(info).getByText('03111111111')).toBeInTheDocument();
  const overall = within(dialog).getByRole('region', { name: 'Overall' });
  expect(within(within(overall).getByRole('group', { name: 'Correct' })).getByText('3')).toBeInTheDocument();
  expect(within(within(overall).getByRole('group', { name: 'Wrong' })).getByText('1')).toBeInTheDocument();
  expect(within(within(overall).getByRole('group', { name: 'Total' })).getByText('4')).toBeInTheDocument();
  expect(within(within(overall).getByRole('group', { name: 'Score' })).getByText('75%')).toBeInTheDocument();
});

test('category performance reads Low, Average or High with its percentage', async () => {
  const dialog = await openDetail(
    aResult({
      categories: [
        {
          categoryName: 'Leadership',
          correctAnswer: 1,
          wrongAnswer: 4,
          totalAnswers: 5,
          percent: 20,
          performance: 'Low',
        },
        {
          categoryName: 'Teamwork',
          correctAnswer: 1,
          wrongAnswer: 1,
          totalAnswers: 2,
          percent: 50,
          performance: 'Average',
        },
        { categoryName: 'Focus', correctAnswer: 4, wrongAnswer: 1, totalAnswers: 5, percent: 80, performance: 'High' },
      ],
    }),
  );
  const table = within(dialog).getByRole('region', { name: 'Category Performance' });
  const row = (name: string) => within(table).getByText(name).closest('tr')!;
  expect(within(row('Leadership')).getByText('20%')).toBeInTheDocument();
  expect(within(row('Leadership')).getByText('Low')).toBeInTheDocument();
  expect(within(row('Teamwork')).getByText('Average')).toBeInTheDocument();
  expect(within(row('Focus')).getByText('High')).toBeInTheDocument();
});

test('answers come ten per page, cut to 50 characters for questions and 30 for answers, marked correct or not', async () => {
  const dialog = await openDetail(aResult({ answers: answers(12) }));
  const list = within(dialog).getByRole('region', { name: 'Questions and Answers' });
  expect(within(list).getAllByRole('row')).toHaveLength(11);
  expect(within(list).getByText(`${longQuestion.slice(0, 50)}...`)).toBeInTheDocument();
  expect(within(list).getAllByText(`${longAnswer.slice(0, 30)}...`)).toHaveLength(2);
  expect(within(list).getByText('Correct')).toBeInTheDocument();
  expect(within(list).getAllByText('Incorrect')).toHaveLength(9);
  await userEvent.click(within(list).getByRole('button', { name: 'Page 2' }));
  expect(within(list).getAllByRole('row')).toHaveLength(3);
  expect(within(list).getByText('Question 12')).toBeInTheDocument();
});

test('empty categories and answers say so', async () => {
  const dialog = await openDetail(aResult({ categories: [], answers: [] }));
  expect(within(dialog).getByText('No category data available')).toBeInTheDocument();
  expect(within(dialog).getByText('No questions or answers found.')).toBeInTheDocument();
});
