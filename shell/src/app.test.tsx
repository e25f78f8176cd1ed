import { act, render, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { useAuthStore } from '@prometrica/shared-api';

// Loading a remote's container is the boundary: it hands over a stand-in for the participant's details screen.
const loadExposed = jest.fn();
jest.mock('./remotes/container', () => ({
  loadExposed: (...args: unknown[]) => loadExposed(...args),
}));

import { App } from './app';
import { registerAppRemotes } from './remotes/registry';

/** A window `width` px wide: min-width and max-width queries in px or em (16 px) answer as a browser would. */
function viewportOf(width: number) {
  const matches = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|em)\)/g)].every(([, side, size, unit]) => {
      const px = Number(size) * (unit === 'em' ? 16 : 1);
      return side === 'min' ? width >= px : width <= px;
    });
  jest.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: matches(query),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

beforeAll(() => {
  registerAppRemotes({
    apiBaseUrl: '/api',
    remotes: { participant: '/p/mf-manifest.json', admin: '/a/mf-manifest.json' },
  });
  loadExposed.mockResolvedValue({ default: { screens: { details: () => <h1>Account information</h1> } } });
});
beforeEach(() => {
  notifications.clean();
  useAuthStore.setState({
    userAuth: false,
    user: null,
    token: null,
    status: { login: 'idle', checkAuth: 'succeeded', logout: 'idle' },
  });
});

/** Where the product's notice container puts a notice, once the first screen is on. */
async function noticePositionAt(width: number) {
  viewportOf(width);
  render(<App />);
  await screen.findByRole('heading', { name: 'Account information' });
  act(() => {
    notifications.show({ title: 'Consent recorded', message: 'Thank you! Your consent has been recorded.' });
  });
  const notice = await screen.findByText('Consent recorded');
  return notice.closest('[data-position]')?.getAttribute('data-position');
}

test('on a phone (375 px) notices come from the bottom, clear of the header and the page title', async () => {
  expect(await noticePositionAt(375)).toBe('bottom-center');
});

test('up to 48em (768 px) is a phone too', async () => {
  expect(await noticePositionAt(768)).toBe('bottom-center');
});

test('on a laptop (1280 px) notices stay at the top right, beside the content', async () => {
  expect(await noticePositionAt(1280)).toBe('top-right');
});
