// The dashboard's sections, one entry each: its code (one chunk per section, loaded once: by its
// screen when it first renders, or earlier by `preloadDashboard`), the screen each of its addresses
// shows and its sidebar link. The routes and the sidebar are drawn from this table; the addresses
// and the section each shows are in lib/dashboard-sections.json, which the build also reads (it
// lists each address's chunks, named "dashboard-<section>", in route-assets.json for the server).
// A new section is a feature folder, an entry here and its addresses there.

import type { ComponentType } from 'react';
import { firstResultsQuery, resultPages } from './features/results/first-page';
import type { DashboardChild } from './lib/dashboard-paths';
import { once, type Loader } from './lib/load-once';
import { sectionScreen } from './lib/section-screen';

interface SectionEntry<M> {
  /** The screen each of the section's addresses shows, picked from its module; the first is where its link goes. */
  screens: Partial<Record<DashboardChild, (module: M) => ComponentType>>;
  /** Its link in the sidebar, in the table's order; none for a section reached otherwise. */
  nav?: string;
  /** The link sits at the sidebar's foot, above Logout, rather than with the sections. */
  footer?: boolean;
  /** Started along with the section's code for an address it shows: data its first screen asks for at once. */
  prefetch?: () => void;
}

export interface Section<M = unknown> extends Omit<SectionEntry<M>, 'screens'> {
  load: Loader<M>;
  /** The section's addresses and their screens, which render at once when the chunk has loaded. */
  screens: [DashboardChild, ComponentType][];
}

function section<M>(load: () => Promise<M>, entry: SectionEntry<M>): Section<M> {
  const loader = once(load);
  const screens = Object.entries(entry.screens).map(([child, pick]): [DashboardChild, ComponentType] => [child as DashboardChild, sectionScreen(loader, pick)]);
  return { ...entry, load: loader, screens };
}

// The sidebar lists the sections in this order.
export const sections = {
  overview: section(() => import(/* webpackChunkName: "dashboard-overview" */ './features/overview'), {
    screens: { overview: (m) => m.default },
    nav: 'Overview',
  }),
  results: section(() => import(/* webpackChunkName: "dashboard-results" */ './features/results'), {
    screens: { result: (m) => m.default },
    nav: 'Results',
    // The first page is asked for with the code: it arrives while the code downloads.
    prefetch: () => resultPages.start(firstResultsQuery),
  }),
  users: section(() => import(/* webpackChunkName: "dashboard-users" */ './features/users'), {
    screens: { 'user-list': (m) => m.UserListScreen, 'add-user': (m) => m.AddUserScreen },
    nav: 'Users',
  }),
  questions: section(() => import(/* webpackChunkName: "dashboard-questions" */ './features/questions'), {
    screens: { 'question-list': (m) => m.QuestionListScreen, 'add-question': (m) => m.AddQuestionScreen },
    nav: 'Questions',
  }),
  categories: section(() => import(/* webpackChunkName: "dashboard-categories" */ './features/categories'), {
    screens: { categories: (m) => m.default },
    nav: 'Categories',
  }),
  concerns: section(() => import(/* webpackChunkName: "dashboard-concerns" */ './features/concerns'), {
    screens: { complaint: (m) => m.default },
    nav: 'Complaints',
  }),
  account: section(() => import(/* webpackChunkName: "dashboard-account" */ './features/account'), {
    screens: { account: (m) => m.default },
    nav: 'Change Password',
    footer: true,
  }),
};

export type SectionName = keyof typeof sections;

/** Every section, in the table's order. */
export const allSections: [SectionName, Section][] = Object.entries(sections) as [SectionName, Section][];
