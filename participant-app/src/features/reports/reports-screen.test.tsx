import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, participantReportFixture, renderWithProviders } from '@prometrica/shared-api/testing';
import { ReportsScreen } from './reports-screen';

const summary = {
  message: 'ok',
  responses: [
    { questionId: 'q1', question: 'Capital of France?', userAnswer: 'Paris' },
    { questionId: 'q2', question: 'The sky is blue.', userAnswer: 'true' },
  ],
  submittedAt: '2026-03-02T10:00:00.000Z',
  concerns: [
    { title: 'Workload', botherOptions: ['Quite a Bit'] },
    { title: 'Team & Culture', botherOptions: ['A little'] },
  ],
  concernsSubmittedAt: '2026-03-02T10:05:00.000Z',
};

/** No report released yet. */
const noReports = { body: { reports: [] } };

const renderReports = () => renderWithProviders(<ReportsScreen />, { route: '/reports', path: '/reports' });

test('the summary shows when the participant submitted, how many questions, and the concerns they rated', async () => {
  localStorage.setItem('UserData', JSON.stringify({ name: 'Ada', email: 'ada@example.com', phone: '0300' }));
  const { calls } = mockApi({ 'GET user/getuserresponse': { body: summary }, 'GET user/reports': noReports });
  renderReports();
  expect(screen.getByText('Loading your summary...')).toBeInTheDocument();
  expect(await screen.findByText('Submitted on 2 Mar 2026')).toBeInTheDocument();
  expect(screen.getByText('Questions answered: 2')).toBeInTheDocument();
  expect(screen.getByRole('row', { name: 'Workload Quite a Bit' })).toBeInTheDocument();
  expect(screen.getByRole('row', { name: 'Team & Culture A little' })).toBeInTheDocument();
  expect(screen.getByText(/email it to/)).toHaveTextContent(
    'The doctor will prepare your personal report from your responses and email it to ada@example.com within 5 working days.',
  );
  expect(calls.map((call) => call.path).sort()).toEqual(['user/getuserresponse', 'user/reports']);
  expect(screen.queryByRole('article')).not.toBeInTheDocument();
});

test('a participant who skipped the concerns can still rate them', async () => {
  mockApi({
    'GET user/getuserresponse': { body: { ...summary, concerns: [], concernsSubmittedAt: null } },
    'GET user/reports': noReports,
  });
  renderReports();
  expect(await screen.findByText('You did not rate any workplace concerns.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Rate workplace concerns' })).toHaveAttribute('href', '/complaint-list');
});

test('before any submission the page says there is nothing to summarise', async () => {
  mockApi({
    'GET user/getuserresponse': {
      body: { message: 'ok', responses: [], submittedAt: null, concerns: [], concernsSubmittedAt: null },
    },
    'GET user/reports': noReports,
  });
  renderReports();
  expect(await screen.findByText(/You have not submitted the assessment yet/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Start the assessment' })).toHaveAttribute('href', '/welcome');
});

test("a load failure shows the server's message, and Retry tries again", async () => {
  let fail = true;
  mockApi({
    'GET user/getuserresponse': () =>
      fail ? { status: 500, body: { message: 'Summary unavailable' } } : { body: summary },
    'GET user/reports': noReports,
  });
  renderReports();
  expect(await screen.findByText('Summary unavailable')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Questions answered: 2')).toBeInTheDocument();
});

test('while the reports load the page says it is checking, then keeps the promise when none is released', async () => {
  let answer: (reply: { body: unknown }) => void = () => {};
  mockApi({
    'GET user/getuserresponse': { body: summary },
    'GET user/reports': () => new Promise((resolve) => (answer = resolve)),
  });
  renderReports();
  expect(await screen.findByText('Checking for your report...')).toBeInTheDocument();
  answer(noReports);
  expect(await screen.findByText(/The doctor will prepare your personal report/)).toBeInTheDocument();
  expect(screen.queryByText('Checking for your report...')).not.toBeInTheDocument();
});

test('a released report is shown in full below the summary, with Print (and no PDF: the link carries that)', async () => {
  localStorage.setItem('UserData', JSON.stringify({ name: 'Ada', email: 'ada@example.com', phone: '0300' }));
  const { calls } = mockApi({
    'GET user/getuserresponse': { body: summary },
    'GET user/reports': { body: { reports: [participantReportFixture] } },
  });
  localStorage.setItem('participantToken', 'ptok-1');
  const print = jest.spyOn(window, 'print').mockImplementation(() => {});
  renderReports();
  const report = await screen.findByRole('article', { name: 'Report on Zoë Ñúñez Ωμέγα Юлия' });
  expect(calls.find((call) => call.path === 'user/reports')?.headers.get('authorization')).toBe('Bearer ptok-1');
  expect(screen.getByText('Dr. Amina Qureshi released your report on 5 Mar 2026.')).toBeInTheDocument();
  expect(report).toHaveTextContent('A solid result overall.');
  expect(screen.queryByText(/The doctor will prepare your personal report/)).not.toBeInTheDocument();
  // The summary stays on screen, and off paper.
  expect(screen.getByText('Questions answered: 2').closest('[data-print="hide"]')).not.toBeNull();
  expect(report.closest('[data-print="hide"]')).toBeNull();
  expect(screen.queryByRole('link', { name: 'Download PDF' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Print' }));
  expect(print).toHaveBeenCalledTimes(1);
});

test('when the reports cannot be checked the summary still shows, and Retry checks again', async () => {
  let fail = true;
  mockApi({
    'GET user/getuserresponse': { body: summary },
    'GET user/reports': () =>
      fail
        ? { status: 503, body: { message: 'Reports are unavailable' } }
        : { body: { reports: [participantReportFixture] } },
  });
  renderReports();
  expect(await screen.findByText('Reports are unavailable')).toBeInTheDocument();
  expect(screen.getByText('Questions answered: 2')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('article')).toBeInTheDocument();
});
