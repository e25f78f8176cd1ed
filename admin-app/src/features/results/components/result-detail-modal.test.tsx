import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Result, SignedAgreement } from '@prometrica/shared-api';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { aListedResult, aResult, anAgreement, resultListOf, signInAs } from '../../../testing/fixtures';
import { openDialog } from '../../../testing/dialogs';
import { ResultsScreen } from './results-screen';
import { clipboardText } from '../../../testing/clipboard';
import { expectShortColumns, onSmallScreen } from '../../../testing/lists';

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

async function openDetail(result: Result, agreement: SignedAgreement | null = null) {
  mockApi({
    'GET admin/getquizresult': resultListOf([aListedResult()], {
      summary: { total: 1, passed: 1, failed: 0, averagePercent: 75 },
    }),
    'GET admin/getquizresult/r1': { body: { result, agreement } },
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

const valueOf = (region: HTMLElement, label: string) => within(region).getByRole('group', { name: label });

test('the consent record shows what was agreed to, by whom, how, when and from where, with the signature', async () => {
  const user = userEvent.setup();
  const agreement = anAgreement();
  const dialog = await openDetail(aResult({ questionSetVersion: 3 }), agreement);
  expect(within(valueOf(dialog, 'Question set')).getByText('Question set v3')).toBeInTheDocument();
  const consent = within(dialog).getByRole('region', { name: 'Consent' });
  expect(within(valueOf(consent, 'Text version')).getByText('2026-11-25')).toBeInTheDocument();
  const digest = within(valueOf(consent, 'Text SHA-256')).getByText('3f5a9c0d7e21…');
  expect(digest).toHaveAttribute('title', agreement.textSha256);
  expect(within(valueOf(consent, 'Signed name')).getByText('Grace Hopper')).toBeInTheDocument();
  expect(within(valueOf(consent, 'Method')).getByText('Drawn (by finger or mouse)')).toBeInTheDocument();
  expect(within(valueOf(consent, "Participant's date")).getByText('12/01/2026')).toBeInTheDocument();
  expect(within(valueOf(consent, 'Server time')).getByText('12 Jan 2026, 09:41')).toBeInTheDocument();
  expect(within(valueOf(consent, 'Client address')).getByText('203.0.113.7')).toBeInTheDocument();
  expect(within(consent).getByRole('img', { name: 'Signature of Grace Hopper' })).toHaveAttribute(
    'src',
    'data:image/png;base64,iVBORw0KGgo=',
  );
  await user.click(within(consent).getByRole('button', { name: 'Copy the SHA-256' }));
  expect(await screen.findByText('SHA-256 copied')).toBeInTheDocument();
  expect(await clipboardText()).toBe(agreement.textSha256);
});

test('a consent stored before the evidence was kept shows its missing fields as not recorded', async () => {
  const dialog = await openDetail(
    aResult({ questionSetVersion: null }),
    anAgreement({
      textVersion: null,
      textSha256: null,
      signedName: null,
      method: null,
      clientAddress: null,
    }),
  );
  expect(within(valueOf(dialog, 'Question set')).getByText('not recorded')).toBeInTheDocument();
  const consent = within(dialog).getByRole('region', { name: 'Consent' });
  for (const label of ['Text version', 'Text SHA-256', 'Signed name', 'Method', 'Client address']) {
    expect(within(valueOf(consent, label)).getByText('not recorded')).toBeInTheDocument();
  }
  expect(within(valueOf(consent, "Participant's date")).getByText('12/01/2026')).toBeInTheDocument();
  expect(within(consent).getByRole('img', { name: 'Signature' })).toBeInTheDocument();
});

test('a result without a signed consent says so', async () => {
  const dialog = await openDetail(aResult());
  const consent = within(dialog).getByRole('region', { name: 'Consent' });
  expect(within(consent).getByText('No signed consent was found for this participant.')).toBeInTheDocument();
});

test('on a phone the category performance and the answers are cards, not tables cut at the screen edge', async () => {
  await onSmallScreen(async () => {
    const dialog = await openDetail(aResult({ answers: answers(3) }));
    const categories = within(dialog).getByRole('region', { name: 'Category Performance' });
    expect(within(categories).queryByRole('table')).not.toBeInTheDocument();
    const [general] = within(within(categories).getByRole('list', { name: 'Categories' })).getAllByRole('listitem');
    expect(within(general!).getByText('General')).toBeInTheDocument();
    expect(within(within(general!).getByRole('group', { name: 'Percent' })).getByText(/%$/)).toBeInTheDocument();
    const answered = within(dialog).getByRole('region', { name: 'Questions and Answers' });
    expect(within(answered).queryByRole('table')).not.toBeInTheDocument();
    const cards = within(within(answered).getByRole('list', { name: 'Answers' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('Correct')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Incorrect')).toBeInTheDocument();
  });
});

test('at desktop width the figures, the performance and the Correct/Incorrect badges stay on one line', async () => {
  const dialog = await openDetail(aResult({ answers: answers(3) }));
  const table = (region: string) => within(within(dialog).getByRole('region', { name: region })).getByRole('table');
  expectShortColumns(['Correct', 'Wrong', 'Total', 'Percent', 'Performance'], table('Category Performance'));
  expectShortColumns(['#', 'Result'], table('Questions and Answers'));
});

test("the result's report status is shown, and Open report goes to its report page", async () => {
  const dialog = await openDetail(
    aResult({ report: { status: 'released', releasedAt: '2026-03-05T10:00:00.000Z', openedAt: null } }),
  );
  expect(within(dialog).getByText('Released 5 Mar 2026')).toBeInTheDocument();
  expect(within(dialog).getByRole('link', { name: 'Open report' })).toHaveAttribute(
    'href',
    '/dashboard/result/r1/report',
  );
});
