import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { signInAs } from '../../../testing/fixtures';
import { ChangePasswordScreen } from './change-password-screen';

beforeEach(() => signInAs('admin'));

async function fill(current: string, next: string, confirm = next) {
  await userEvent.type(screen.getByLabelText(/^Current password/), current);
  await userEvent.type(screen.getByLabelText(/^New password/), next);
  await userEvent.type(screen.getByLabelText(/^Confirm new password/), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
}

test('fields are checked before anything is sent', async () => {
  const { calls } = mockApi({});
  renderWithProviders(<ChangePasswordScreen />);
  await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
  expect(screen.getByText('Current password is required')).toBeInTheDocument();
  expect(screen.getByText('New password is required')).toBeInTheDocument();
  await fill('old-password', 'short', 'shorter');
  expect(screen.getByText('New password must be at least 12 characters')).toBeInTheDocument();
  expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  expect(calls).toHaveLength(0);
});

test("a new password holding the account's email is refused at the field, as the server would", async () => {
  const { calls } = mockApi({});
  renderWithProviders(<ChangePasswordScreen />);
  // Signed in as admin@example.com.
  await fill('old-password', 'my-admin@example.com');
  expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(
    "New password must not contain the account's email",
  );
  expect(calls).toHaveLength(0);
});

test("the server's refusal of a common new password is told at the field", async () => {
  mockApi({
    'POST user/change-password': {
      status: 400,
      body: { message: 'newPassword: newPassword is one of the most common passwords', error: 'newPassword' },
    },
  });
  renderWithProviders(<ChangePasswordScreen />);
  await fill('old-password', 'qwerty123456');
  await waitFor(() =>
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(
      'New password is one of the most common passwords',
    ),
  );
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test("a changed password shows the server's message and clears the form", async () => {
  const { calls } = mockApi({ 'POST user/change-password': { body: { message: 'Your password has been updated' } } });
  renderWithProviders(<ChangePasswordScreen />);
  await fill('old-password', 'new-password-1');
  // Told once, in the form: no notice repeats it.
  expect(await screen.findByRole('status')).toHaveTextContent('Your password has been updated');
  expect(screen.getAllByText('Your password has been updated')).toHaveLength(1);
  expect(calls[0]?.body).toEqual({ currentPassword: 'old-password', newPassword: 'new-password-1' });
  expect(screen.getByLabelText(/^Current password/)).toHaveValue('');
});

test('without a server message the success reads Password changed successfully!', async () => {
  mockApi({ 'POST user/change-password': { body: { message: '' } } });
  renderWithProviders(<ChangePasswordScreen />);
  await fill('old-password', 'new-password-1');
  expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
  expect(screen.getAllByText('Password changed successfully!')).toHaveLength(1);
});

test("a wrong current password shows the server's message and keeps the form", async () => {
  mockApi({ 'POST user/change-password': { status: 400, body: { message: 'Current password is incorrect' } } });
  renderWithProviders(<ChangePasswordScreen />);
  await fill('wrong-password', 'new-password-1');
  // Told once, in the form the user is looking at: no notice repeats it.
  expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
  expect(screen.getAllByText('Current password is incorrect')).toHaveLength(1);
  expect(screen.queryByText('The password was not changed')).not.toBeInTheDocument();
  expect(screen.getByLabelText(/^New password/)).toHaveValue('new-password-1');
});
