import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { RemoteScreen } from './remote-screen';

// Loading a remote's container is the boundary here: it stands in for the network a remote comes over.
const loadExposed = jest.fn();
jest.mock('./container', () => ({
  loadExposed: (...args: unknown[]) => loadExposed(...args),
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
  loadExposed.mockResolvedValueOnce({ default: { screens: { login: () => <p>admin login form</p> } } });
  render(ui());
  expect(await screen.findByText('admin login form')).toBeInTheDocument();
  expect(loadExposed).toHaveBeenCalledWith('http://cdn.example/admin/mf-manifest.json', './routes');
});

test('an unreachable remote shows a clear message, and Retry registers it again and recovers', async () => {
  loadExposed.mockRejectedValueOnce(new Error('manifest answered 503'));
  render(ui());
  expect(await screen.findByText('The management area could not be loaded')).toBeInTheDocument();

  loadExposed.mockResolvedValueOnce({ default: { screens: { login: () => <p>admin login form</p> } } });
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('admin login form')).toBeInTheDocument();
  expect(loadExposed).toHaveBeenCalledTimes(2);
  expect(loadExposed).toHaveBeenLastCalledWith('http://cdn.example/admin/mf-manifest.json', './routes');
});

test('a remote screen that crashes while rendering is contained with Retry', async () => {
  const Broken = () => {
    throw new Error('bad deploy');
  };
  jest.spyOn(console, 'error').mockImplementation(() => {});
  loadExposed.mockResolvedValueOnce({ default: { screens: { dashboard: Broken } } });
  render(ui('dashboard'));
  expect(await screen.findByText('The management area could not be loaded')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});
