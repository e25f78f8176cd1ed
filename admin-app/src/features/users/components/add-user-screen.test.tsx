import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { aUser, signInAs } from '../../../testing/fixtures';
import { AddUserScreen } from './add-user-screen';

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const roleSelect = () => screen.getByRole('combobox', { name: /^Role/ });
const create = () => userEvent.click(screen.getByRole('button', { name: 'Create User' }));

async function fillIn(phone = '03001234567') {
  await userEvent.type(field(/^Name/), ' Una User ');
  await userEvent.type(field(/^Email/), 'una@example.com');
  await userEvent.type(screen.getByLabelText(/^Password/), 'correct-horse');
  await userEvent.type(field(/^Phone number/), phone);
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

test('the phone number keeps digits, spaces, dashes, dots, brackets and a leading +, and suggests the 03XXXXXXXXX pattern', async () => {
  signInAs('admin');
  mockApi({});
  renderWithProviders(<AddUserScreen />);
  const phone = field(/^Phone number/);
  expect(phone).toHaveAttribute('placeholder', '03XXXXXXXXX');
  await userEvent.type(phone, '+44 (20)a 7946-0958+x');
  expect(phone).toHaveValue('+44 (20) 7946-0958');
  await userEvent.clear(phone);
  await userEvent.type(phone, '0300.123+4567');
  expect(phone).toHaveValue('0300.1234567');
});

test('an international number with spaces and a leading + is sent as typed', async () => {
  signInAs('admin');
  const { calls } = mockApi({
    'POST admin/createuser': {
      status: 201,
      body: { message: 'User created successfully', user: aUser({ phoneNumber: '+442079460958' }) },
    },
  });
  renderWithProviders(<AddUserScreen />, { route: '/dashboard/add-user', path: '/dashboard/add-user' });
  await fillIn('+44 20 7946 0958');
  await create();
  expect(await screen.findByText('User created successfully')).toBeInTheDocument();
  expect(calls[0]?.body).toMatchObject({ phoneNumber: '+44 20 7946 0958' });
});

test("the server's refusal of a number that is not a possible one is told at the field", async () => {
  signInAs('admin');
  const reason = 'phoneNumber must be a valid phone number (an international one starts with + and its country code)';
  mockApi({
    'POST admin/createuser': { status: 400, body: { message: `phoneNumber: ${reason}`, error: 'phoneNumber' } },
  });
  renderWithProviders(<AddUserScreen />, { route: '/dashboard/add-user', path: '/dashboard/add-user' });
  await fillIn('0300');
  await create();
  await waitFor(() => expect(field(/^Phone number/)).toHaveAccessibleDescription(reason));
  expect(screen.getAllByText(reason)).toHaveLength(1);
});

const passwordField = () => screen.getByLabelText(/^Password/);

test("a short password is refused at the field before sending, with the server's rule", async () => {
  signInAs('admin');
  const { calls } = mockApi({});
  renderWithProviders(<AddUserScreen />);
  await fillIn();
  await userEvent.clear(passwordField());
  await userEvent.type(passwordField(), '12345678');
  await create();
  expect(passwordField()).toHaveAccessibleDescription('Password must be at least 12 characters');
  expect(calls).toHaveLength(0);
});

test("a password holding the account's email or name, or one character repeated, is refused at the field", async () => {
  signInAs('admin');
  const { calls } = mockApi({});
  renderWithProviders(<AddUserScreen />);
  await fillIn();
  for (const [password, message] of [
    [' '.repeat(12), 'Password must use at least 5 different characters'],
    ['una@example.com-2026', "Password must not contain the account's email"],
    ['hello-user-2026', "Password must not contain the account's name"],
  ] as const) {
    await userEvent.clear(passwordField());
    await userEvent.type(passwordField(), password);
    await create();
    expect(passwordField()).toHaveAccessibleDescription(message);
  }
  expect(calls).toHaveLength(0);
});

test("the server's refusal of a common password is told at the password field", async () => {
  signInAs('admin');
  const reason = 'password is one of the most common passwords';
  mockApi({ 'POST admin/createuser': { status: 400, body: { message: `password: ${reason}`, error: 'password' } } });
  renderWithProviders(<AddUserScreen />);
  await fillIn();
  await create();
  await waitFor(() => expect(passwordField()).toHaveAccessibleDescription(reason));
  expect(screen.getAllByText(reason)).toHaveLength(1);
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

test('an email the server would refuse is told at the field, and nothing is sent', async () => {
  signInAs('admin');
  const { calls } = mockApi({});
  renderWithProviders(<AddUserScreen />);
  await fillIn();
  for (const bad of ['bad-email', 't@x', 'nope']) {
    await userEvent.clear(field(/^Email/));
    await userEvent.type(field(/^Email/), bad);
    await create();
    expect(field(/^Email/)).toHaveAccessibleDescription('Email must be a valid email address');
  }
  expect(calls).toHaveLength(0);
});

test('a refusal that names the email (a taken address) is told at the field, once, with no notice', async () => {
  signInAs('admin');
  mockApi({
    'POST admin/createuser': {
      status: 409,
      body: { message: 'A user with this email already exists', error: 'email' },
    },
  });
  renderWithProviders(<AddUserScreen />, { route: '/dashboard/add-user', path: '/dashboard/add-user' });
  await fillIn();
  await create();
  await waitFor(() => expect(field(/^Email/)).toHaveAccessibleDescription('A user with this email already exists'));
  expect(screen.getAllByText('A user with this email already exists')).toHaveLength(1);
  expect(screen.queryByText('The user was not created')).not.toBeInTheDocument();
  // Typing again clears it.
  await userEvent.type(field(/^Email/), 'x');
  expect(screen.queryByText('A user with this email already exists')).not.toBeInTheDocument();
});

test('a refusal that names no field is told once, beside the button', async () => {
  signInAs('admin');
  mockApi({ 'POST admin/createuser': { status: 500, body: { message: 'The database is busy' } } });
  renderWithProviders(<AddUserScreen />, { route: '/dashboard/add-user', path: '/dashboard/add-user' });
  await fillIn();
  await create();
  expect(await screen.findByRole('alert')).toHaveTextContent('The database is busy');
  expect(screen.getAllByText('The database is busy')).toHaveLength(1);
});
