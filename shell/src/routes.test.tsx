import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { useAuthStore } from '@prometrica/shared-api';

// Loading a remote's container is the boundary: it hands over stand-ins for the participant remote's screens.
const loadExposed = jest.fn();
jest.mock('./remotes/container', () => ({
  loadExposed: (...args: unknown[]) => loadExposed(...args),
}));

import { registerAppRemotes } from './remotes/registry';
import { AppRoutes } from './routes';

function DashboardStandIn() {
  const location = useLocation();
  return <p>dashboard at {location.pathname + location.search}</p>;
}

function LoginStandIn() {
  return <p>admin login screen</p>;
}

const screens = {
  ...Object.fromEntries(
    [
      'details',
      'welcome',
      'consent',
      'quiz',
      'submit',
      'reports',
      'concerns',
      'thankyou',
      'invite',
      'resume',
      'reportLink',
    ].map((name) => [name, () => <p>participant {name} screen</p>]),
  ),
  // The admin remote's screens (the stand-in remote answers for both).
  dashboard: DashboardStandIn,
  login: LoginStandIn,
};

beforeAll(() => {
  registerAppRemotes({
    apiBaseUrl: '/api',
    remotes: { participant: '/p/mf-manifest.json', admin: '/a/mf-manifest.json' },
  });
  loadExposed.mockResolvedValue({ default: { screens } });
});
beforeEach(() =>
  useAuthStore.setState({
    userAuth: false,
    user: null,
    status: { login: 'idle', checkAuth: 'succeeded', logout: 'idle' },
  }),
);

function renderAt(route: string) {
  return render(
    <MantineProvider env="test">
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
      </MemoryRouter>
    </MantineProvider>,
  );
}

test.each([
  ['/invite/AbC123_-xyz', 'invite'],
  ['/resume', 'resume'],
  ['/report/Zx9_-AbC123', 'reportLink'],
])('%s opens without stored participant details', async (route, name) => {
  renderAt(route);
  expect(await screen.findByText(`participant ${name} screen`)).toBeInTheDocument();
});

test('the other participant screens still need the stored details', async () => {
  renderAt('/question');
  expect(await screen.findByText('participant details screen')).toBeInTheDocument();
});

test('with stored details the quiz opens', async () => {
  localStorage.setItem('UserData', JSON.stringify({ name: 'P', email: 'p@example.com', phone: '0300' }));
  renderAt('/question');
  expect(await screen.findByText('participant quiz screen')).toBeInTheDocument();
});

test('/admin/add-question, the address the spec names, opens the add-question screen of the dashboard', async () => {
  useAuthStore.setState({
    userAuth: true,
    user: {
      _id: 'a1',
      name: 'Admin',
      email: 'admin@example.com',
      phoneNumber: '0300',
      role: 'admin',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
  });
  renderAt('/admin/add-question');
  expect(await screen.findByText('dashboard at /dashboard/add-question')).toBeInTheDocument();
  expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
});

test('/admin/add-question asks a visitor who is not signed in to sign in first', async () => {
  renderAt('/admin/add-question');
  expect(await screen.findByText('admin login screen')).toBeInTheDocument();
});
