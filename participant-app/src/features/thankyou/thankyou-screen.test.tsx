import { screen, waitFor } from '@testing-library/react';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { progressOf } from '../../testing/progress';
import { ThankyouScreen } from './thankyou-screen';

const renderThankyou = () => renderWithProviders(<ThankyouScreen />, { route: '/thankyou', path: '/thankyou' });

test('the thank-you page says the assessment is complete and shows the resume code', async () => {
  mockApi({
    'GET user/progress': { body: progressOf({ stage: 'submitted', submittedAt: '2026-03-02T11:00:00.000Z' }) },
  });
  renderThankyou();
  expect(
    screen.getByRole('heading', { level: 1, name: 'Thank you for completing the assessment' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'View my summary' })).toHaveAttribute('href', '/reports');
  expect(await screen.findByText(/^Resume code:/)).toHaveTextContent(
    'Resume code: K7QM2-XPD4R — use it with your email to continue on another device',
  );
});

test('without the progress the page is complete all the same, without the code', async () => {
  const { calls } = mockApi({ 'GET user/progress': { networkError: true } });
  renderThankyou();
  await waitFor(() => expect(calls).toHaveLength(1));
  expect(
    screen.getByRole('heading', { level: 1, name: 'Thank you for completing the assessment' }),
  ).toBeInTheDocument();
  expect(screen.queryByText(/Resume code/)).not.toBeInTheDocument();
});
