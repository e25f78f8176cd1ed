// The dashboard's code, one chunk per section, each loaded once: by its screen when it first
// renders, or earlier by `preloadDashboard` (the shell calls it at start for a `/dashboard` address,
// so the chunks download while the stored sign-in is being checked instead of after it), and for
// the results section its first page of data as well.

import { firstResultsQuery, resultPages } from '../features/results/first-page';

/** A loader that keeps its promise; a failed load is forgotten so the next call tries again. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (!pending) {
      pending = load();
      pending.catch(() => {
        pending = undefined;
      });
    }
    return pending;
  };
}

export const sections = {
  layout: once(() => import('../routes')),
  overview: once(() => import('../features/overview')),
  questions: once(() => import('../features/questions')),
  users: once(() => import('../features/users')),
  categories: once(() => import('../features/categories')),
  results: once(() => import('../features/results')),
  complaints: once(() => import('../features/complaints')),
  account: once(() => import('../features/account')),
};

/** The section chunk each `/dashboard/<child>` address shows (no child: the overview). */
const sectionOfChild: Record<string, keyof typeof sections> = {
  '': 'overview',
  overview: 'overview',
  'question-list': 'questions',
  'add-question': 'questions',
  'user-list': 'users',
  'add-user': 'users',
  categories: 'categories',
  result: 'results',
  complaint: 'complaints',
  account: 'account',
};

/**
 * Starts loading the layout and the section a `/dashboard/...` address shows; other addresses load
 * nothing. Returns what was started (for tests); failures are left to the screens, which retry.
 */
export function preloadDashboard(pathname: string): Array<keyof typeof sections> {
  const match = /^\/dashboard(?:\/([^/?#]*))?/i.exec(pathname);
  if (!match) return [];
  const section = sectionOfChild[(match[1] ?? '').toLowerCase()];
  const started: Array<keyof typeof sections> = ['layout', ...(section ? [section] : [])];
  for (const name of started) sections[name]().catch(() => {});
  // The results screen's first page is asked for now too: it arrives while the code downloads.
  if (section === 'results') resultPages.start(firstResultsQuery);
  return started;
}
