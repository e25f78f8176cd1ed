import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';

/** Runs `work` on jest's fake timers, with a user whose typing advances them; real timers again after. */
export async function onFakeTimers(work: (user: UserEvent) => Promise<void>) {
  jest.useFakeTimers();
  try {
    await work(userEvent.setup({ advanceTimers: jest.advanceTimersByTime }));
  } finally {
    jest.useRealTimers();
  }
}

/** Replaces what the search box named `box` holds with `text`. */
export async function searchFor(box: string, text: string) {
  const search = screen.getByRole('searchbox', { name: box });
  await userEvent.clear(search);
  await userEvent.type(search, text);
}

/** For each `[text, expected]` in turn: searches for the text and expects `shown()` to equal `expected`. */
export async function expectSearches(
  box: string,
  shown: () => unknown[],
  cases: Array<[text: string, expected: unknown[]]>,
) {
  for (const [text, expected] of cases) {
    await searchFor(box, text);
    expect(shown()).toEqual(expected);
  }
}

/** Adds `text` to the search box named `box` and expects the empty state titled `empty` to suggest other words. */
export async function expectNoMatches(box: string, text: string, empty: string) {
  await userEvent.type(screen.getByRole('searchbox', { name: box }), text);
  expect(screen.getByText(empty)).toBeInTheDocument();
  expect(screen.getByText('Try searching with different keywords')).toBeInTheDocument();
}

/** The query string of a recorded request, as an object. */
export const queryOf = (request: { url: URL } | undefined) => Object.fromEntries(request?.url.searchParams ?? []);

/**
 * On jest's fake timers: types `text` into the search box named `box` and checks that the list is
 * asked for again only once typing has paused for 500 ms. Returns that request.
 */
export async function searchAfterPause<T extends { url: URL }>(
  user: UserEvent,
  box: string,
  text: string,
  requests: () => T[],
) {
  const before = requests().length;
  await user.type(screen.getByRole('searchbox', { name: box }), text);
  await act(() => jest.advanceTimersByTimeAsync(499));
  expect(requests()).toHaveLength(before);
  await act(() => jest.advanceTimersByTimeAsync(1));
  await waitFor(() => expect(requests()).toHaveLength(before + 1));
  return requests()[before];
}

/** Reads the text of column `index` in each body row of the table on screen. */
export const columnOf = (index: number) => () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[index]?.textContent);

/** Runs `work` with every `max-width` media query matching (a small screen); the real matchMedia again after. */
export async function onSmallScreen(work: () => Promise<void>) {
  const desktop = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...desktop(query),
    matches: query.includes('max-width'),
  })) as typeof window.matchMedia;
  try {
    await work();
  } finally {
    window.matchMedia = desktop;
  }
}

/**
 * Expects the table's columns named `names` (dates, badges, counts, buttons) to stay on one line:
 * their heading and every cell under it are marked so (a badge there is never cut to "US…").
 */
export function expectShortColumns(names: string[], table: HTMLElement = screen.getByRole('table')) {
  const headers = within(table).getAllByRole('columnheader');
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.length).toBeGreaterThan(0);
  for (const name of names) {
    const index = headers.findIndex((header) => header.textContent === name);
    expect([name, index >= 0]).toEqual([name, true]);
    expect(headers[index]).toHaveAttribute('data-nowrap');
    for (const row of rows) expect(within(row).getAllByRole('cell')[index]).toHaveAttribute('data-nowrap');
  }
}

/** Expects the list named `name` as cards (a phone), with no table: returns the cards. */
export function cardsOf(name: string) {
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  return within(screen.getByRole('list', { name })).getAllByRole('listitem');
}
