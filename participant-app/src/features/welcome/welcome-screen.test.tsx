import { screen } from '@testing-library/react';
import { renderWithProviders } from '@prometrica/shared-api/testing';
import { WelcomeScreen } from './welcome-screen';

test('the welcome screen introduces Prometrica and Begin leads to the consent form', () => {
  renderWithProviders(<WelcomeScreen />, { route: '/welcome', path: '/welcome' });
  expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Prometrica' })).toBeInTheDocument();
  expect(screen.getByText(/not therapy and it gives no medical diagnosis/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Begin' })).toHaveAttribute('href', '/consent-form');
});
