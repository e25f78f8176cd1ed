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

/** Each stand-in screen (a line of text) at its address, behind its guard. */
const guarded: Array<[path: string, Guard: typeof PublicOnly, text: string]> = [
  ['/', PublicOnly, 'details form'],
  ['/admin', PublicOnly, 'admin login'],
  ['/login', PublicOnly, 'login after logout'],
  ['/welcome', RequireParticipant, 'welcome'],
  ['/question', RequireParticipant, 'question'],
  ['/consent-form', RequireParticipant, 'consent form'],
  ['/dashboard/*', RequireStaff, 'dashboard'],
];

function renderAt(route: string) {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        {guarded.map(([path, Guard, text]) => (
          <Route
            key={path}
            path={path}
            element={
              <Guard>
                <p>{text}</p>
              </Guard>
            }
          />
        ))}
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

/** Opens `route` and expects the screen named `shown` (each stand-in screen is a line of text). */
function expectAt(route: string, shown: string) {
  renderAt(route);
  expect(screen.getByText(shown)).toBeInTheDocument();
}

const storeDetails = () =>
  localStorage.setItem('UserData', JSON.stringify({ name: 'P', email: 'p@example.com', phone: '0300' }));

test('visitors see the details form and the admin login', () => {
  expectAt('/', 'details form');
});

test.each(['admin', 'superadmin'] as const)(
  'a signed-in %s is sent from the public screens to the dashboard',
  (role) => {
    signIn(role);
    expectAt('/admin', 'dashboard');
  },
);

test('a signed-in account of role user is sent to the welcome screen', () => {
  signIn('user');
  expectAt('/', 'welcome');
});

test('participant screens without stored details send the visitor to the details form', () => {
  expectAt('/welcome', 'details form');
});

test('participant screens open once details are stored', () => {
  storeDetails();
  expectAt('/welcome', 'welcome');
});

test('corrupt stored details count as none', () => {
  localStorage.setItem('UserData', '{not json');
  expectAt('/welcome', 'details form');
});

test.each([
  ['admin', '/welcome'],
  ['admin', '/consent-form'],
  ['superadmin', '/question'],
] as const)(
  'a signed-in %s opening %s is sent to the dashboard, not to a screen its token cannot load',
  (role, route) => {
    signIn(role);
    expectAt(route, 'dashboard');
  },
);

test('a signed-in admin with stored details but no participant token is still sent to the dashboard', () => {
  signIn('admin');
  storeDetails();
  expectAt('/question', 'dashboard');
});

test('a signed-in admin who opened a participant link here (a participant token) sees that participant', () => {
  signIn('admin');
  storeDetails();
  localStorage.setItem('participantToken', 'ptok');
  expectAt('/question', 'question');
});

test('a signed-in participant account (role user) opens the participant screens', () => {
  signIn('user');
  expectAt('/question', 'question');
});

test('the dashboard sends visitors to the admin login', () => {
  expectAt('/dashboard/overview', 'admin login');
});

test('the dashboard sends a user-role account to the welcome screen', () => {
  signIn('user');
  storeDetails();
  expectAt('/dashboard/users', 'welcome');
});

test('after logout the dashboard lands on /login', () => {
  signIn('admin');
  renderAt('/dashboard/overview');
  expect(screen.getByText('dashboard')).toBeInTheDocument();
  act(() => useAuthStore.getState().logout());
  expect(screen.getByText('login after logout')).toBeInTheDocument();
});
