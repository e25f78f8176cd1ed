import { screen, waitFor } from '@testing-library/react';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { progressOf } from '../../testing/progress';
import { WelcomeScreen } from './welcome-screen';

const renderWelcome = () => renderWithProviders(<WelcomeScreen />, { route: '/welcome', path: '/welcome' });

test('the welcome screen introduces Prometrica and Begin leads to the consent form', async () => {
  const { calls } = mockApi({ 'GET user/progress': { body: progressOf({ consent: null, stage: 'entered' }) } });
  renderWelcome();
  expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Prometrica' })).toBeInTheDocument();
  expect(screen.getByText(/not therapy and it gives no medical diagnosis/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Begin' })).toHaveAttribute('href', '/consent-form');
  await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['user/progress']));
});

test('a participant whose consent is on record continues to the questions', async () => {
  mockApi({ 'GET user/progress': { body: progressOf() } });
  renderWelcome();
  expect(await screen.findByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/question');
});

test('without the progress (a failed load) Begin still leads to the consent form', async () => {
  const { calls } = mockApi({ 'GET user/progress': { status: 500, body: { message: 'boom' } } });
  renderWelcome();
  await waitFor(() => expect(calls).toHaveLength(1));
  expect(screen.getByRole('link', { name: 'Begin' })).toHaveAttribute('href', '/consent-form');
});
