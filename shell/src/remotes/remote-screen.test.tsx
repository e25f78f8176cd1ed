import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { RemoteScreen } from './remote-screen';

// The federation runtime is the boundary here: it stands in for the network a remote comes over.
const loadRemote = jest.fn();
const registerRemotes = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: (...args: unknown[]) => loadRemote(...args),
  registerRemotes: (...args: unknown[]) => registerRemotes(...args),
}));

import { registerAppRemotes, resetRemote } from './registry';

const ui = (screenName = 'login') => (
  <MantineProvider env="test">
    <RemoteScreen remote="admin" screen={screenName} />
  </MantineProvider>
);

beforeAll(() =>
  registerAppRemotes({
    apiBaseUrl: '/api',
    remotes: {
      participant: '/remotes/participant/mf-manifest.json',
      admin: 'http://cdn.example/admin/mf-manifest.json',
    },
  }),
);

// Each test starts with nothing loaded.
beforeEach(() => resetRemote('admin'));

test("a remote's screen renders once the remote has loaded", async () => {
  loadRemote.mockResolvedValueOnce({ default: { screens: { login: () => <p>admin login form</p> } } });
  render(ui());
  expect(await screen.findByText('admin login form')).toBeInTheDocument();
  expect(loadRemote).toHaveBeenCalledWith('admin_app/routes');
});

test('an unreachable remote shows a clear message, and Retry registers it again and recovers', async () => {
  loadRemote.mockRejectedValueOnce(new Error('manifest answered 503'));
  render(ui());
  expect(await screen.findByText('The management area could not be loaded')).toBeInTheDocument();

  loadRemote.mockResolvedValueOnce({ default: { screens: { login: () => <p>admin login form</p> } } });
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('admin login form')).toBeInTheDocument();
  expect(registerRemotes).toHaveBeenLastCalledWith(
    [{ name: 'admin_app', entry: 'http://cdn.example/admin/mf-manifest.json' }],
    { force: true },
  );
});

test('a remote screen that crashes while rendering is contained with Retry', async () => {
  const Broken = () => {
    throw new Error('bad deploy');
  };
  jest.spyOn(console, 'error').mockImplementation(() => {});
  loadRemote.mockResolvedValueOnce({ default: { screens: { dashboard: Broken } } });
  render(ui('dashboard'));
  expect(await screen.findByText('The management area could not be loaded')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});
