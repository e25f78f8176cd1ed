import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@prometrica/shared-api';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { aUser, signInAs, userList } from '../../../testing/fixtures';
import { openDialog, saveAndExpectPut } from '../../../testing/dialogs';
import { cardsOf, columnOf, expectSearches, expectShortColumns, onSmallScreen } from '../../../testing/lists';
import { UserListScreen } from './user-list-screen';

function people(count: number, overrides: (i: number) => Partial<User> = () => ({})): User[] {
  return Array.from({ length: count }, (_, i) =>
    aUser({ _id: `u${i + 1}`, name: `Person ${i + 1}`, email: `person${i + 1}@example.com`, ...overrides(i) }),
  );
}

const staff = [
  aUser({ _id: 'a1', name: 'Alan Admin', email: 'alan@example.com', role: 'admin' }),
  aUser({ _id: 's1', name: 'Sara Super', email: 'sara@example.com', role: 'superadmin' }),
];

function serve(users: User[]) {
  return mockApi({ 'GET admin/getallusers': { body: userList(users) } });
}

const rows = () => screen.getAllByRole('row').slice(1);
const names = columnOf(0);

test('user accounts and admins are counted separately', async () => {
  signInAs('admin');
  serve([...people(5), ...staff]);
  renderWithProviders(<UserListScreen />);
  await screen.findByText('Person 1');
  expect(within(screen.getByRole('group', { name: 'User Accounts' })).getByText('5')).toBeInTheDocument();
  expect(within(screen.getByRole('group', { name: 'Admins' })).getByText('2')).toBeInTheDocument();
  expect(within(screen.getByRole('group', { name: 'Staff Accounts' })).getByText('7')).toBeInTheDocument();
});

test("the page is about staff accounts, never calls them participants, and shows the server's counts", async () => {
  signInAs('admin');
  // The counts the server sends (the overview's figures), whatever this page lists.
  mockApi({
    'GET admin/getallusers': {
      body: { ...userList([...people(2), ...staff]), counts: { accounts: 8, users: 5, admins: 3 } },
    },
  });
  renderWithProviders(<UserListScreen />);
  await screen.findByText('Person 1');
  expect(screen.queryByText(/Participants and staff accounts/)).not.toBeInTheDocument();
  expect(screen.queryByText('Participant accounts')).not.toBeInTheDocument();
  expect(screen.getByText(/^Staff accounts that sign in/)).toBeInTheDocument();
  expect(within(screen.getByRole('group', { name: 'Staff Accounts' })).getByText('8')).toBeInTheDocument();
  expect(within(screen.getByRole('group', { name: 'User Accounts' })).getByText('5')).toBeInTheDocument();
  expect(within(screen.getByRole('group', { name: 'Admins' })).getByText('3')).toBeInTheDocument();
});

test('eight users per page, with ellipses between distant pages', async () => {
  signInAs('admin');
  serve(people(80));
  renderWithProviders(<UserListScreen />);
  await screen.findByText('Person 1');
  expect(rows()).toHaveLength(8);
  expect(screen.getByRole('button', { name: 'Page 10' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Page 7' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Page 10' }));
  expect(names()).toEqual([
    'Person 73',
    'Person 74',
    'Person 75',
    'Person 76',
    'Person 77',
    'Person 78',
    'Person 79',
    'Person 80',
  ]);
  expect(screen.getByText('Showing 73–80 of 80 users')).toBeInTheDocument();
});

test('search matches name, email or role and starts again at page 1', async () => {
  signInAs('admin');
  serve([...people(20), ...staff]);
  renderWithProviders(<UserListScreen />);
  await screen.findByText('Person 1');
  await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
  await expectSearches('Search users', names, [
    ['ADMIN', ['Alan Admin', 'Sara Super']],
    ['person12@', ['Person 12']],
    ['Alan', ['Alan Admin']],
  ]);
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'xyz');
  expect(screen.getByText('No users found')).toBeInTheDocument();
});

test('roles are shown as badges', async () => {
  signInAs('superadmin');
  serve([aUser({ name: 'Una User' }), ...staff]);
  renderWithProviders(<UserListScreen />);
  await screen.findByText('Una User');
  expect(within(rows()[0]!).getByText('User')).toBeInTheDocument();
  expect(within(rows()[1]!).getByText('Admin')).toBeInTheDocument();
  expect(within(rows()[2]!).getByText('Superadmin')).toBeInTheDocument();
});

/** The staff list as an account of `role` sees it, once loaded. */
async function staffListAs(role: 'admin' | 'superadmin') {
  signInAs(role);
  serve(staff);
  renderWithProviders(<UserListScreen />);
  await screen.findByText('Sara Super');
}

test("a plain admin cannot edit or delete a superadmin's row, nor edit another admin's", async () => {
  await staffListAs('admin');
  expect(screen.getByRole('button', { name: 'Edit user Sara Super' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Delete user Sara Super' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Edit user Alan Admin' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Delete user Alan Admin' })).toBeEnabled();
});

test("an admin edits their own row and users' rows, not another admin's; a superadmin edits every row", async () => {
  const me = aUser({ _id: 'me', name: 'Mona Me', email: 'mona@example.com', role: 'admin' });
  const una = aUser({ _id: 'u9', name: 'Una User', email: 'una@example.com' });
  signInAs('admin', me);
  serve([me, una, ...staff]);
  const { unmount } = renderWithProviders(<UserListScreen />);
  await screen.findByText('Mona Me');
  expect(screen.getByRole('button', { name: 'Edit user Mona Me' })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Edit user Una User' })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Edit user Alan Admin' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Edit user Sara Super' })).toBeDisabled();
  unmount();

  signInAs('superadmin');
  serve([me, una, ...staff]);
  renderWithProviders(<UserListScreen />);
  await screen.findByText('Mona Me');
  for (const name of ['Mona Me', 'Una User', 'Alan Admin', 'Sara Super']) {
    expect(screen.getByRole('button', { name: `Edit user ${name}` })).toBeEnabled();
  }
});

test("a superadmin may edit and delete another superadmin's row", async () => {
  await staffListAs('superadmin');
  expect(screen.getByRole('button', { name: 'Edit user Sara Super' })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Delete user Sara Super' })).toBeEnabled();
});

test('View User shows name, email, phone number, role and joined date', async () => {
  signInAs('admin');
  serve([
    aUser({
      name: 'Una User',
      email: 'una@example.com',
      phoneNumber: '03009998887',
      createdAt: '2025-12-24T10:00:00.000Z',
    }),
  ]);
  renderWithProviders(<UserListScreen />);
  const dialog = await openDialog('View user Una User', 'View User');
  expect(within(dialog).getByText('Una User')).toBeInTheDocument();
  expect(within(dialog).getByText('una@example.com')).toBeInTheDocument();
  expect(within(dialog).getByText('03009998887')).toBeInTheDocument();
  expect(within(dialog).getByText('User')).toBeInTheDocument();
  expect(within(dialog).getByText('24 Dec 2025')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('in the edit modal only a superadmin can choose Admin', async () => {
  signInAs('admin');
  serve([aUser({ name: 'Una User' })]);
  renderWithProviders(<UserListScreen />);
  await userEvent.click(await screen.findByRole('button', { name: 'Edit user Una User' }));
  const role = within(screen.getByRole('dialog', { name: 'Edit User' })).getByRole('combobox', { name: /^Role/ });
  expect(within(role).getByRole('option', { name: 'User' })).toBeEnabled();
  expect(within(role).getByRole('option', { name: 'Admin' })).toBeDisabled();
});

test('a superadmin promotes a user to admin; the list reloads', async () => {
  signInAs('superadmin');
  const { calls } = mockApi({
    'GET admin/getallusers': { body: userList([aUser({ name: 'Una User' })]) },
    'PUT admin/updateuser/u1': { body: { message: 'User updated successfully', user: aUser({ role: 'admin' }) } },
  });
  renderWithProviders(<UserListScreen />);
  const dialog = await openDialog('Edit user Una User', 'Edit User');
  await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /^Role/ }), 'admin');
  await saveAndExpectPut(dialog, 'Update User', 'User updated successfully', calls, {
    id: 'u1',
    name: 'Una User',
    email: 'ada@example.com',
    phoneNumber: '03001234567',
    role: 'admin',
  });
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit User' })).not.toBeInTheDocument());
  expect(calls.filter((c) => c.path === 'admin/getallusers')).toHaveLength(2);
});

test("the edit modal checks required fields and shows the server's refusal", async () => {
  signInAs('admin');
  mockApi({
    'GET admin/getallusers': { body: userList([aUser({ name: 'Una User' })]) },
    'PUT admin/updateuser/u1': { status: 409, body: { message: 'Email already in use' } },
  });
  renderWithProviders(<UserListScreen />);
  const dialog = await openDialog('Edit user Una User', 'Edit User');
  await userEvent.clear(within(dialog).getByRole('textbox', { name: /^Name/ }));
  await userEvent.clear(within(dialog).getByRole('textbox', { name: /^Phone number/ }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Update User' }));
  expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
  expect(within(dialog).getByText('Phone number is required')).toBeInTheDocument();
  await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Una');
  await userEvent.type(within(dialog).getByRole('textbox', { name: /^Phone number/ }), '0300');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Update User' }));
  expect(await within(dialog).findByText('Email already in use')).toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'Edit User' })).toBeInTheDocument();
  // Told once, in the modal: no notice over it.
  expect(screen.getAllByText('Email already in use')).toHaveLength(1);
});

test('the edit modal tells a bad email at the field, as the server would refuse it, and sends nothing', async () => {
  signInAs('admin');
  const { calls } = mockApi({
    'GET admin/getallusers': { body: userList([aUser({ name: 'Una User' })]) },
  });
  renderWithProviders(<UserListScreen />);
  const dialog = await openDialog('Edit user Una User', 'Edit User');
  const email = within(dialog).getByRole('textbox', { name: /^Email/ });
  await userEvent.clear(email);
  await userEvent.type(email, 'bad-email');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Update User' }));
  expect(email).toHaveAccessibleDescription('Email must be a valid email address');
  expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
});

test("the server's refusal of the email is told at the email field", async () => {
  signInAs('admin');
  mockApi({
    'GET admin/getallusers': { body: userList([aUser({ name: 'Una User' })]) },
    'PUT admin/updateuser/u1': {
      status: 400,
      body: { message: 'email: email must be a valid email address', error: 'email' },
    },
  });
  renderWithProviders(<UserListScreen />);
  const dialog = await openDialog('Edit user Una User', 'Edit User');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Update User' }));
  const email = within(dialog).getByRole('textbox', { name: /^Email/ });
  await waitFor(() => expect(email).toHaveAccessibleDescription('email must be a valid email address'));
  expect(screen.queryByText('email: email must be a valid email address')).not.toBeInTheDocument();
});

test('deleting asks first, then the list shrinks and stays on the last page', async () => {
  signInAs('admin');
  let users = people(17);
  const { calls } = mockApi({
    'GET admin/getallusers': () => ({ body: userList(users) }),
    'DELETE admin/deleteuser/u17': () => {
      users = users.slice(0, 16);
      return { body: { message: 'User deleted successfully', user: aUser({ _id: 'u17' }) } };
    },
  });
  renderWithProviders(<UserListScreen />);
  await screen.findByText('Person 1');
  await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
  expect(names()).toEqual(['Person 17']);
  await userEvent.click(screen.getByRole('button', { name: 'Delete user Person 17' }));
  expect(screen.getByText('Are you sure you want to delete this user?')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
  await waitFor(() =>
    expect(names()).toEqual([
      'Person 9',
      'Person 10',
      'Person 11',
      'Person 12',
      'Person 13',
      'Person 14',
      'Person 15',
      'Person 16',
    ]),
  );
  expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
});

test('no accounts shows the empty state', async () => {
  signInAs('admin');
  serve([]);
  renderWithProviders(<UserListScreen />);
  expect(await screen.findByText('No users found')).toBeInTheDocument();
});

test('at desktop width the short columns (phone, role, joined, buttons) stay on one line', async () => {
  signInAs('admin');
  serve([...people(2), ...staff]);
  renderWithProviders(<UserListScreen />);
  await screen.findByText('Person 1');
  expectShortColumns(['Phone', 'Role', 'Joined', 'Actions']);
});

test('on a phone the users are cards, with the role, the dates and every button on screen', async () => {
  await onSmallScreen(async () => {
    signInAs('admin');
    serve([aUser({ name: 'Una User' }), ...staff]);
    renderWithProviders(<UserListScreen />);
    await screen.findByText('Una User');
    const cards = cardsOf('Users');
    expect(cards).toHaveLength(3);
    const una = cards[0]!;
    expect(within(una).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(una).getByText('User')).toBeInTheDocument();
    expect(within(within(una).getByRole('group', { name: 'Joined' })).getByText('5 Jan 2026')).toBeInTheDocument();
    expect(within(una).getByRole('button', { name: 'View user Una User' })).toBeEnabled();
    expect(within(una).getByRole('button', { name: 'Edit user Una User' })).toBeEnabled();
    await userEvent.click(within(una).getByRole('button', { name: 'Delete user Una User' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
