import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '@prometrica/shared-api';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { aCategory, signInAs, someStats } from './testing/fixtures';
import { ignoreChartSizeWarnings } from './testing/charts';
import { DashboardRoutes } from './routes';

ignoreChartSizeWarnings();

function renderDashboard(route: string) {
  return renderWithProviders(<DashboardRoutes />, { route, path: '/dashboard/*' });
}

test('the sidebar names the product, links every section and opens from the burger on small screens', async () => {
  signInAs('admin');
  mockApi({ 'GET admin/stats': { body: someStats() } });
  renderDashboard('/dashboard/overview');
  const sidebar = screen.getByRole('navigation', { name: 'Dashboard sections' });
  expect(within(sidebar).getByText('Prometrica')).toBeInTheDocument();
  expect(within(sidebar).getByText('Management System')).toBeInTheDocument();
  const links = within(sidebar)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);
  expect(links).toEqual([
    ['Overview', '/dashboard/overview'],
    ['Participants', '/dashboard/participants'],
    ['Results', '/dashboard/result'],
    ['Users', '/dashboard/user-list'],
    ['Questions', '/dashboard/question-list'],
    ['Categories', '/dashboard/categories'],
    ['Complaints', '/dashboard/complaint'],
    ['Change Password', '/dashboard/account'],
  ]);
  await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
  expect(screen.getByRole('button', { name: 'Close navigation' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Dashboard Overview' })).toBeInTheDocument();
});

test('a section link opens that section (loaded on demand)', async () => {
  signInAs('admin');
  mockApi({ 'GET admin/stats': { body: someStats() }, 'GET category': { body: { categories: [aCategory()] } } });
  renderDashboard('/dashboard/overview');
  await screen.findByRole('heading', { name: 'Dashboard Overview' });
  await userEvent.click(screen.getByRole('link', { name: 'Categories' }));
  expect(await screen.findByRole('heading', { name: 'Categories' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Categories' })).toHaveAttribute('data-active', 'true');
});

test('an unknown dashboard address falls back to the overview', async () => {
  signInAs('admin');
  mockApi({ 'GET admin/stats': { body: someStats() } });
  renderDashboard('/dashboard/nowhere');
  expect(await screen.findByRole('heading', { name: 'Dashboard Overview' })).toBeInTheDocument();
});

test('Logout says it is logging out, then after 1.5 s forgets the token and goes to the login', async () => {
  signInAs('admin');
  localStorage.setItem('token', 'tok');
  mockApi({ 'GET admin/stats': { body: someStats() } });
  renderDashboard('/dashboard/overview');
  await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
  expect(screen.getByRole('button', { name: 'Logging out...' })).toBeDisabled();
  expect(localStorage.getItem('token')).toBe('tok');
  await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeInTheDocument(), { timeout: 3000 });
  expect(localStorage.getItem('token')).toBeNull();
  expect(useAuthStore.getState().userAuth).toBe(false);
});
