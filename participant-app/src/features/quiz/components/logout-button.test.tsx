import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '@prometrica/shared-api';
import { renderWithProviders } from '@prometrica/shared-api/testing';
import { LogoutButton } from './logout-button';

test('logging out marks the session as expired, forgets the token and reloads the page', async () => {
  localStorage.setItem('token', 'tok');
  useAuthStore.setState({ userAuth: true, token: 'tok' });
  const reload = jest.fn();
  renderWithProviders(<LogoutButton reload={reload} />);
  await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
  expect(localStorage.getItem('@session_expired')).toBe('true');
  expect(localStorage.getItem('token')).toBeNull();
  expect(useAuthStore.getState().token).toBeNull();
  expect(reload).toHaveBeenCalledTimes(1);
});
