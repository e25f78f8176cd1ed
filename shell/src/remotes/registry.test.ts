// Loading a remote's container is the boundary here: it stands in for the network a remote comes over.
const loadExposed = jest.fn();
jest.mock('./container', () => ({
  loadExposed: (...args: unknown[]) => loadExposed(...args),
}));

import { loadFirstScreen, registerAppRemotes, resetRemote, settledWithin } from './registry';

beforeAll(() =>
  registerAppRemotes({
    apiBaseUrl: '/api',
    remotes: { participant: '/remotes/participant/mf-manifest.json', admin: '/remotes/admin/mf-manifest.json' },
  }),
);
beforeEach(() => {
  loadExposed.mockReset();
  resetRemote('admin');
  resetRemote('participant');
});
afterEach(() => jest.useRealTimers());

const routesWith = (preload: jest.Mock) => ({ default: { screens: { login: () => null }, preload } });

test("the first screen's load settles when its code has loaded", async () => {
  let loaded!: () => void;
  const preload = jest.fn(() => new Promise<void>((resolve) => (loaded = resolve)));
  loadExposed.mockResolvedValueOnce(routesWith(preload));
  let done = false;
  const waiting = loadFirstScreen('/dashboard/result', true).then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(loadExposed).toHaveBeenCalledWith('/remotes/admin/mf-manifest.json', './routes');
  expect(preload).toHaveBeenCalledWith('/dashboard/result');
  expect(done).toBe(false);
  loaded();
  await waiting;
  expect(done).toBe(true);
});

test("the admin remote's screen is not started without a stored token; the participant's always is", async () => {
  const adminPreload = jest.fn();
  loadExposed.mockResolvedValueOnce(routesWith(adminPreload));
  await loadFirstScreen('/dashboard/result', false);
  expect(adminPreload).not.toHaveBeenCalled();

  const participantPreload = jest.fn();
  loadExposed.mockResolvedValueOnce(routesWith(participantPreload));
  await loadFirstScreen('/', false);
  expect(loadExposed).toHaveBeenLastCalledWith('/remotes/participant/mf-manifest.json', './routes');
  expect(participantPreload).toHaveBeenCalledWith('/');
});

test('work that is slow to finish holds the first render back no longer than the wait', async () => {
  jest.useFakeTimers();
  loadExposed.mockReturnValueOnce(new Promise(() => {}));
  let done = false;
  const waiting = settledWithin(loadFirstScreen('/', false), 400).then(() => (done = true));
  await jest.advanceTimersByTimeAsync(399);
  expect(done).toBe(false);
  await jest.advanceTimersByTimeAsync(1);
  await waiting;
  expect(done).toBe(true);
});

test("a remote or a screen's code that fails to load does not stop the start (the screen shows Retry)", async () => {
  loadExposed.mockRejectedValueOnce(new Error('manifest answered 503'));
  await expect(loadFirstScreen('/admin', false)).resolves.toBeUndefined();
  loadExposed.mockResolvedValueOnce(routesWith(jest.fn(() => Promise.reject(new Error('chunk answered 503')))));
  await expect(loadFirstScreen('/dashboard', true)).resolves.toBeUndefined();
  // A sign-in check that fails does not either.
  await expect(settledWithin(Promise.reject(new Error('offline')), 60_000)).resolves.toBeUndefined();
});
