import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@prometrica/shared-api';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { aUser, signInAs } from '../../../testing/fixtures';
import { openDialog, saveAndExpectPut } from '../../../testing/dialogs';
import { columnOf, expectSearches } from '../../../testing/lists';
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
  return mockApi({ 'GET admin/getallusers': { body: { users, totalUsers: users.length } } });
}

const rows = () => screen.getAllByRole('row').slice(1);
const names = columnOf(0);

test('users and admins are counted separately', async () => {
  signInAs('admin');
  serve([...people(5), ...staff]);
  renderWithProviders(<UserListScreen />);
  await screen.findByText('Person 1');
  expect(within(screen.getByRole('group', { name: 'Users' })).getByText('5')).toBeInTheDocument();
  expect(within(screen.getByRole('group', { name: 'Admins' })).getByText('2')).toBeInTheDocument();
  expect(within(screen.getByRole('group', { name: 'Total Accounts' })).getByText('7')).toBeInTheDocument();
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

test("a plain admin cannot edit or delete a superadmin's row", async () => {
  await staffListAs('admin');
  expect(screen.getByRole('button', { name: 'Edit user Sara Super' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Delete user Sara Super' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Edit user Alan Admin' })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Delete user Alan Admin' })).toBeEnabled();
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
    'GET admin/getallusers': { body: { users: [aUser({ name: 'Una User' })], totalUsers: 1 } },
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
    'GET admin/getallusers': { body: { users: [aUser({ name: 'Una User' })], totalUsers: 1 } },
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
});

test('deleting asks first, then the list shrinks and stays on the last page', async () => {
  signInAs('admin');
  let users = people(17);
  const { calls } = mockApi({
    'GET admin/getallusers': () => ({ body: { users, totalUsers: users.length } }),
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
