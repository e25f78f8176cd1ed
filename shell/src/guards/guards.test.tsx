import { screen } from '@testing-library/react';
import { act } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { useAuthStore, type User } from '@prometrica/shared-api';
import { PublicOnly, RequireParticipant, RequireStaff } from './guards';

const account = (role: User['role']): User => ({
  _id: 'u1',
  name: 'Someone',
  email: 's@example.com',
  phoneNumber: '0300',
  role,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function renderAt(route: string) {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route path="/" element={<PublicOnly><p>details form</p></PublicOnly>} />
        <Route path="/admin" element={<PublicOnly><p>admin login</p></PublicOnly>} />
        <Route path="/login" element={<PublicOnly><p>login after logout</p></PublicOnly>} />
        <Route path="/welcome" element={<RequireParticipant><p>welcome</p></RequireParticipant>} />
        <Route path="/dashboard/*" element={<RequireStaff><p>dashboard</p></RequireStaff>} />
      </Routes>
    </MemoryRouter>,
  );
}

const signIn = (role: User['role'] | null, logout: 'idle' | 'succeeded' = 'idle') =>
  useAuthStore.setState({
    userAuth: role !== null,
    user: role ? account(role) : null,
    status: { login: 'idle', checkAuth: 'succeeded', logout },
  });

beforeEach(() => signIn(null));

test('visitors see the details form and the admin login', () => {
  renderAt('/');
  expect(screen.getByText('details form')).toBeInTheDocument();
});

test.each(['admin', 'superadmin'] as const)('a signed-in %s is sent from the public screens to the dashboard', (role) => {
  signIn(role);
  renderAt('/admin');
  expect(screen.getByText('dashboard')).toBeInTheDocument();
});

test('a signed-in account of role user is sent to the welcome screen', () => {
  signIn('user');
  renderAt('/');
  expect(screen.getByText('welcome')).toBeInTheDocument();
});

test('participant screens without stored details send the visitor to the details form', () => {
  renderAt('/welcome');
  expect(screen.getByText('details form')).toBeInTheDocument();
});

test('participant screens open once details are stored', () => {
  localStorage.setItem('UserData', JSON.stringify({ name: 'P', email: 'p@example.com', phone: '0300' }));
  renderAt('/welcome');
  expect(screen.getByText('welcome')).toBeInTheDocument();
});

test('corrupt stored details count as none', () => {
  localStorage.setItem('UserData', '{not json');
  renderAt('/welcome');
  expect(screen.getByText('details form')).toBeInTheDocument();
});

test('the dashboard sends visitors to the admin login', () => {
  renderAt('/dashboard/overview');
  expect(screen.getByText('admin login')).toBeInTheDocument();
});

test('the dashboard sends a user-role account to the welcome screen', () => {
  signIn('user');
  localStorage.setItem('UserData', JSON.stringify({ name: 'P', email: 'p@example.com', phone: '0300' }));
  renderAt('/dashboard/users');
  expect(screen.getByText('welcome')).toBeInTheDocument();
});

test('after logout the dashboard lands on /login', () => {
  signIn('admin');
  renderAt('/dashboard/overview');
  expect(screen.getByText('dashboard')).toBeInTheDocument();
  act(() => useAuthStore.getState().logout());
  expect(screen.getByText('login after logout')).toBeInTheDocument();
});
