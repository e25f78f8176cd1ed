import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, participantReportFixture, renderWithProviders } from '@prometrica/shared-api/testing';
import { ReportLinkScreen } from './report-link-screen';

const token = 'Zx9_-AbC123';
const linkPath = `reports/link/${token}`;
const opened = { body: { report: participantReportFixture, expiresAt: '2026-04-04T08:30:00.000Z' } };

const renderLink = () =>
  renderWithProviders(<ReportLinkScreen />, { route: `/report/${token}`, path: '/report/:token' });

test('the link opens the report without a sign-in, with its PDF, Print and the date the link stops working', async () => {
  const { calls } = mockApi({ [`GET ${linkPath}`]: opened });
  const print = jest.spyOn(window, 'print').mockImplementation(() => {});
  renderLink();
  expect(screen.getByText('Opening your report...')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 1, name: 'Your assessment report' })).toBeInTheDocument();
  expect(calls).toHaveLength(1);
  expect(calls[0]?.headers.get('authorization')).toBeNull();

  expect(screen.getByRole('article', { name: 'Report on Zoë Ñúñez Ωμέγα Юлия' })).toBeInTheDocument();
  expect(screen.getByText('Dr. Amina Qureshi')).toBeInTheDocument();
  expect(screen.getByRole('note', { name: "Doctor's overall comment" })).toHaveTextContent('A solid result overall.');
  // The participant's copy has no correct answers unless the admin chose to show them.
  expect(screen.queryByRole('columnheader', { name: 'Correct answer' })).not.toBeInTheDocument();

  expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
    'href',
    `http://localhost/api/${linkPath}/pdf`,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Print' }));
  expect(print).toHaveBeenCalledTimes(1);
  expect(screen.getByText(/This link works until 4 Apr 2026/)).toBeInTheDocument();
  // The header offers nothing that needs a participant's session.
  expect(screen.getByRole('banner')).not.toHaveTextContent(/Start|Continue|Sign/);
  expect(screen.getByRole('banner').closest('[data-print="hide"]')).not.toBeNull();
});

test("a revoked or expired link (410) shows the server's message and no report", async () => {
  mockApi({ [`GET ${linkPath}`]: { status: 410, body: { message: 'This report link has been withdrawn.' } } });
  renderLink();
  expect(await screen.findByText('This report link no longer works')).toBeInTheDocument();
  expect(screen.getByText('This report link has been withdrawn.')).toBeInTheDocument();
  expect(screen.queryByRole('article')).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Download PDF' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
});

test('a link no report has (404) says the report was not found', async () => {
  mockApi({ [`GET ${linkPath}`]: { status: 404, body: { message: 'Report not found' } } });
  renderLink();
  expect(await screen.findByText('Report not found')).toBeInTheDocument();
  expect(screen.getByText(/This link does not open a report/)).toBeInTheDocument();
  expect(screen.queryByRole('article')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
});

test('no connection says so, and Retry opens the report', async () => {
  let offline = true;
  mockApi({ [`GET ${linkPath}`]: () => (offline ? { networkError: true } : opened) });
  renderLink();
  expect(
    await screen.findByText('Network error. Please check your internet connection and try again.'),
  ).toBeInTheDocument();
  offline = false;
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('article', { name: 'Report on Zoë Ñúñez Ωμέγα Юлия' })).toBeInTheDocument();
});
