// The dashboard's code, one chunk per section, each loaded once: by its screen when it first
// renders, or earlier by `preloadDashboard` (the shell calls it at start for a `/dashboard` address,
// so the chunks download while the stored sign-in is being checked instead of after it), and for
// the results section its first page of data as well.

import { firstResultsQuery, resultPages } from '../features/results/first-page';
import sectionOfChildJson from './dashboard-sections.json';

/** Loads a chunk once, and tells whether it has loaded. */
export interface Loader<T> {
  (): Promise<T>;
  /** The module, once its load has finished; undefined before (or after a failure). */
  loaded(): T | undefined;
}

/** A loader that keeps its promise; a failed load is forgotten so the next call tries again. */
function once<T>(load: () => Promise<T>): Loader<T> {
  let pending: Promise<T> | undefined;
  let module: T | undefined;
  const get = () => {
    if (!pending) {
      pending = load();
      pending.then(
        (value) => {
          module = value;
        },
        () => {
          pending = undefined;
        },
      );
    }
    return pending;
  };
  return Object.assign(get, { loaded: () => module });
}

// Chunk names ("dashboard-<section>") are what the build's route-assets.json lists for the server.
export const sections = {
  layout: once(() => import(/* webpackChunkName: "dashboard-layout" */ '../routes')),
  overview: once(() => import(/* webpackChunkName: "dashboard-overview" */ '../features/overview')),
  questions: once(() => import(/* webpackChunkName: "dashboard-questions" */ '../features/questions')),
  users: once(() => import(/* webpackChunkName: "dashboard-users" */ '../features/users')),
  categories: once(() => import(/* webpackChunkName: "dashboard-categories" */ '../features/categories')),
  results: once(() => import(/* webpackChunkName: "dashboard-results" */ '../features/results')),
  complaints: once(() => import(/* webpackChunkName: "dashboard-complaints" */ '../features/complaints')),
  account: once(() => import(/* webpackChunkName: "dashboard-account" */ '../features/account')),
};

type Section = keyof typeof sections;

/** The section chunk each `/dashboard/<child>` address shows (no child: the overview). */
export const sectionOfChild: Readonly<Record<string, Section>> = sectionOfChildJson as Record<string, Section>;

/**
 * Starts loading the layout and the section a `/dashboard/...` address shows; other addresses load
 * nothing. Returns what was started (for tests); failures are left to the screens, which retry.
 */
export function preloadDashboard(pathname: string): Section[] {
  const match = /^\/dashboard(?:\/([^/?#]*))?/i.exec(pathname);
  if (!match) return [];
  const section = sectionOfChild[(match[1] ?? '').toLowerCase()];
  const started: Section[] = ['layout', ...(section ? [section] : [])];
  for (const name of started) sections[name]().catch(() => {});
  // The results screen's first page is asked for now too: it arrives while the code downloads.
  if (section === 'results') resultPages.start(firstResultsQuery);
  return started;
}

/** Settles once the given sections have loaded or failed (never rejects). */
export function sectionsSettled(names: readonly Section[]): Promise<void> {
  return Promise.allSettled(names.map((name) => sections[name]())).then(() => undefined);
}
