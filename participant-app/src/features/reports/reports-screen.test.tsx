import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
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

const renderReports = () => renderWithProviders(<ReportsScreen />, { route: '/reports', path: '/reports' });

test('the summary shows when the participant submitted, how many questions, and the concerns they rated', async () => {
  localStorage.setItem('UserData', JSON.stringify({ name: 'Ada', email: 'ada@example.com', phone: '0300' }));
  mockApi({ 'GET user/getuserresponse': { body: summary } });
  renderReports();
  expect(screen.getByText('Loading your summary...')).toBeInTheDocument();
  expect(await screen.findByText('Submitted on 2 Mar 2026')).toBeInTheDocument();
  expect(screen.getByText('Questions answered: 2')).toBeInTheDocument();
  expect(screen.getByRole('row', { name: 'Workload Quite a Bit' })).toBeInTheDocument();
  expect(screen.getByRole('row', { name: 'Team & Culture A little' })).toBeInTheDocument();
  expect(screen.getByText(/email it to/)).toHaveTextContent(
    'The doctor will prepare your personal report from your responses and email it to ada@example.com within 5 working days.',
  );
});

test('a participant who skipped the concerns can still rate them', async () => {
  mockApi({ 'GET user/getuserresponse': { body: { ...summary, concerns: [], concernsSubmittedAt: null } } });
  renderReports();
  expect(await screen.findByText('You did not rate any workplace concerns.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Rate workplace concerns' })).toHaveAttribute('href', '/complaint-list');
});

test('before any submission the page says there is nothing to summarise', async () => {
  mockApi({
    'GET user/getuserresponse': {
      body: { message: 'ok', responses: [], submittedAt: null, concerns: [], concernsSubmittedAt: null },
    },
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
  });
  renderReports();
  expect(await screen.findByText('Summary unavailable')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Questions answered: 2')).toBeInTheDocument();
});
