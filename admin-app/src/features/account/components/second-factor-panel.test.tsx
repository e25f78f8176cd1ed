import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '@prometrica/shared-api';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { signInAs } from '../../../testing/fixtures';
import { AccountScreen } from './account-screen';
import { SecondFactorPanel } from './second-factor-panel';

const off = { enabled: false, recoveryCodesLeft: 0, required: false, enrolOnly: false };
const on = { enabled: true, recoveryCodesLeft: 10, required: false, enrolOnly: false };
const setup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Prometrica:grace%40example.com?issuer=Prometrica&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const codes = [...'abcdefghij'].map((letter) => `abcd${letter}-efgh${letter}`);

beforeEach(() => {
  signInAs('admin');
  useAuthStore.setState({ secondFactorEnrolmentRequired: false });
});

test('sets up with the QR code or the key, turns on with a code and shows the recovery codes once', async () => {
  let status = off;
  const { calls } = mockApi({
    'GET auth/second-factor': () => ({ body: status }),
    'POST auth/second-factor/setup': { body: setup },
    'POST auth/second-factor/confirm': () => {
      status = on;
      return { body: { message: 'Two-factor authentication is on', recoveryCodes: codes } };
    },
  });
  renderWithProviders(<SecondFactorPanel />);
  await userEvent.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));

  expect(await screen.findByRole('img', { name: 'QR code for the authenticator app' })).toHaveAttribute(
    'src',
    setup.qrCode,
  );
  expect(screen.getByLabelText('Key to type in')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

  await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
  expect(screen.getByText('Code is required')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Code from the app'), '123456');
  await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));

  const saved = await screen.findByRole('generic', { name: 'Recovery codes' });
  expect(within(saved).getAllByRole('listitem')).toHaveLength(10);
  expect(within(saved).getByRole('button', { name: 'Download' })).toBeInTheDocument();
  expect(within(saved).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  expect(calls.find((c) => c.path.endsWith('confirm'))?.body).toEqual({ code: '123456' });
  expect(await screen.findByText('10 recovery codes left.')).toBeInTheDocument();

  await userEvent.click(within(saved).getByRole('button', { name: 'I have saved them' }));
  expect(screen.queryByRole('generic', { name: 'Recovery codes' })).not.toBeInTheDocument();
});

test('a wrong code shows the server message and stays on the set-up', async () => {
  mockApi({
    'GET auth/second-factor': { body: off },
    'POST auth/second-factor/setup': { body: setup },
    'POST auth/second-factor/confirm': {
      status: 400,
      body: { message: 'The code is not right. Check the time on your device and try again.', error: 'code' },
    },
  });
  renderWithProviders(<SecondFactorPanel />);
  await userEvent.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
  await userEvent.type(await screen.findByLabelText('Code from the app'), '000000');
  await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
  expect(await screen.findByText(/The code is not right/)).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'QR code for the authenticator app' })).toBeInTheDocument();
});

test('turning off asks for the password and a code', async () => {
  let status = on;
  const { calls } = mockApi({
    'GET auth/second-factor': () => ({ body: status }),
    'POST auth/second-factor/disable': () => {
      status = off;
      return { body: { message: 'Two-factor authentication is off' } };
    },
  });
  renderWithProviders(<SecondFactorPanel />);
  const form = await screen.findByRole('form', { name: 'Turn off' });
  await userEvent.click(within(form).getByRole('button', { name: 'Turn off' }));
  expect(within(form).getByText('Password is required')).toBeInTheDocument();
  await userEvent.type(within(form).getByLabelText('Password'), 'my-password');
  await userEvent.type(within(form).getByLabelText('Code or recovery code'), '654321');
  await userEvent.click(within(form).getByRole('button', { name: 'Turn off' }));
  expect(await screen.findByRole('button', { name: 'Set up two-factor authentication' })).toBeInTheDocument();
  expect(calls.find((c) => c.path.endsWith('disable'))?.body).toEqual({ password: 'my-password', code: '654321' });
});

test('while the superadmin requires it, an admin cannot turn it off', async () => {
  mockApi({ 'GET auth/second-factor': { body: { ...on, required: true } } });
  renderWithProviders(<SecondFactorPanel />);
  expect(await screen.findByText(/it cannot be turned off/)).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Turn off' })).not.toBeInTheDocument();
});

test('a session that may only enrol sees only this panel, which says why', async () => {
  useAuthStore.setState({ secondFactorEnrolmentRequired: true });
  const { calls } = mockApi({ 'GET auth/second-factor': { body: { ...off, required: true, enrolOnly: true } } });
  renderWithProviders(<AccountScreen />);
  expect(await screen.findByText(/requires two-factor authentication for admins/)).toBeInTheDocument();
  expect(screen.queryByText('Signed-in sessions')).not.toBeInTheDocument();
  expect(calls.map((c) => c.path)).toEqual(['auth/second-factor']);
});

test('a superadmin turns the requirement for admins on', async () => {
  signInAs('superadmin');
  let required = false;
  const { calls } = mockApi({
    'GET auth/second-factor': { body: off },
    'GET admin/second-factor-requirement': () => ({ body: { required } }),
    'PUT admin/second-factor-requirement': ({ body }) => {
      required = (body as { required: boolean }).required;
      return { body: { required } };
    },
  });
  renderWithProviders(<SecondFactorPanel />);
  const toggle = await screen.findByRole('switch', { name: /Require two-factor authentication for admins/ });
  await waitFor(() => expect(toggle).toBeEnabled());
  await userEvent.click(toggle);
  await waitFor(() => expect(toggle).toBeChecked());
  expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ required: true });
});

test('an admin does not see the requirement', async () => {
  mockApi({ 'GET auth/second-factor': { body: off } });
  renderWithProviders(<SecondFactorPanel />);
  await screen.findByRole('button', { name: 'Set up two-factor authentication' });
  expect(screen.queryByRole('switch')).not.toBeInTheDocument();
});
