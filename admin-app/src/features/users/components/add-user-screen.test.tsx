import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { aUser, signInAs } from '../../../testing/fixtures';
import { AddUserScreen } from './add-user-screen';

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const roleSelect = () => screen.getByRole('combobox', { name: /^Role/ });
const create = () => userEvent.click(screen.getByRole('button', { name: 'Create User' }));

async function fillIn() {
  await userEvent.type(field(/^Name/), ' Una User ');
  await userEvent.type(field(/^Email/), 'una@example.com');
  await userEvent.type(screen.getByLabelText(/^Password/), 'correct-horse');
  await userEvent.type(field(/^Phone number/), '03001234567');
}

test('every field is required and the role starts as user', async () => {
  signInAs('admin');
  const { calls } = mockApi({});
  renderWithProviders(<AddUserScreen />);
  expect(roleSelect()).toHaveValue('user');
  await create();
  expect(screen.getByText('Name is required')).toBeInTheDocument();
  expect(screen.getByText('Email is required')).toBeInTheDocument();
  expect(screen.getByText('Password is required')).toBeInTheDocument();
  expect(screen.getByText('Phone number is required')).toBeInTheDocument();
  expect(screen.queryByText('Role is required')).not.toBeInTheDocument();
  await userEvent.selectOptions(roleSelect(), '');
  await create();
  expect(screen.getByText('Role is required')).toBeInTheDocument();
  expect(calls).toHaveLength(0);
});

test('a plain admin is offered only the user role', async () => {
  signInAs('admin');
  mockApi({});
  renderWithProviders(<AddUserScreen />);
  expect(within(roleSelect()).queryByRole('option', { name: 'Admin' })).not.toBeInTheDocument();
  expect(within(roleSelect()).getByRole('option', { name: 'User' })).toBeInTheDocument();
});

test('a superadmin may create an admin', async () => {
  signInAs('superadmin');
  const { calls } = mockApi({
    'POST admin/createuser': {
      status: 201,
      body: { message: 'User created successfully', user: aUser({ role: 'admin' }) },
    },
  });
  renderWithProviders(<AddUserScreen />, { route: '/dashboard/add-user', path: '/dashboard/add-user' });
  await fillIn();
  await userEvent.selectOptions(roleSelect(), 'admin');
  await create();
  expect(await screen.findByText('User created successfully')).toBeInTheDocument();
  expect(calls[0]?.body).toEqual({
    name: 'Una User',
    email: 'una@example.com',
    password: 'correct-horse',
    phoneNumber: '03001234567',
    role: 'admin',
  });
  await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeInTheDocument());
});

test('the phone number takes digits only and suggests the 03XXXXXXXXX pattern', async () => {
  signInAs('admin');
  mockApi({});
  renderWithProviders(<AddUserScreen />);
  const phone = field(/^Phone number/);
  expect(phone).toHaveAttribute('placeholder', '03XXXXXXXXX');
  await userEvent.type(phone, '03a0-1 2');
  expect(phone).toHaveValue('03012');
});

test('a short password is caught before sending', async () => {
  signInAs('admin');
  mockApi({});
  renderWithProviders(<AddUserScreen />);
  await userEvent.type(screen.getByLabelText(/^Password/), 'short');
  await create();
  expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
});

test("a refused account shows the server's message and keeps the form", async () => {
  signInAs('admin');
  mockApi({ 'POST admin/createuser': { status: 409, body: { message: 'A user with this email already exists' } } });
  renderWithProviders(<AddUserScreen />);
  await fillIn();
  await create();
  expect(await screen.findByText('A user with this email already exists')).toBeInTheDocument();
  expect(field(/^Email/)).toHaveValue('una@example.com');
  expect(screen.getByRole('button', { name: 'Create User' })).toBeEnabled();
});
