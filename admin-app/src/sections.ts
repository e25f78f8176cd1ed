// The dashboard's sections, one entry each: its code (one chunk per section, named
// "dashboard-<section>" and loaded once: by its screen when it first renders, or earlier by
// `preloadDashboard`), the screen each of its `/dashboard/<child>` addresses shows and its sidebar
// link. The routes, the sidebar and the addresses (`DashboardChild`, `sectionOfChild`) are drawn
// from this table, and so is the build's route-assets.json: config/dashboard-sections.cjs reads this
// file's source (each entry's name, its import's webpackChunkName and its `screens` keys), so keep
// the entries literal. A new section is a feature folder and an entry here.

import type { ComponentType } from 'react';
import type { Role } from '@prometrica/shared-api';
import { firstResultsQuery, resultPages } from './features/results/first-page';
import { once, type Loader } from './lib/load-once';
import { sectionScreen } from './lib/section-screen';

interface SectionEntry<M, C extends string> {
  /** The screen each of the section's addresses shows, picked from its module; the first is where its link goes. */
  screens: Record<C, (module: M) => ComponentType>;
  /** Its link in the sidebar, in the table's order; none for a section reached otherwise. */
  nav?: string;
  /** The link sits at the sidebar's foot, above Logout, rather than with the sections. */
  footer?: boolean;
  /** Started along with the section's code for an address it shows: data its first screen asks for at once. */
  prefetch?: () => void;
  /** Only these roles see its link and its screens (every signed-in role when absent). */
  roles?: readonly Role[];
}

export interface Section<M = unknown, C extends string = DashboardChild> extends Omit<SectionEntry<M, C>, 'screens'> {
  load: Loader<M>;
  /** The section's addresses and their screens, which render at once when the chunk has loaded. */
  screens: [C, ComponentType][];
}

function section<M, C extends string>(load: () => Promise<M>, entry: SectionEntry<M, C>): Section<M, C> {
  const loader = once(load);
  const screens = Object.entries<(module: M) => ComponentType>(entry.screens).map(
    ([child, pick]): [C, ComponentType] => [child as C, sectionScreen(loader, pick)],
  );
  return { ...entry, load: loader, screens };
}

// The sidebar lists the sections in this order; the first is what `/dashboard` itself shows.
export const sections = {
  overview: section(() => import(/* webpackChunkName: "dashboard-overview" */ './features/overview'), {
    screens: { overview: (m) => m.default },
    nav: 'Overview',
  }),
  participants: section(() => import(/* webpackChunkName: "dashboard-participants" */ './features/participants'), {
    screens: { participants: (m) => m.default },
    nav: 'Participants',
  }),
  results: section(() => import(/* webpackChunkName: "dashboard-results" */ './features/results'), {
    // A result's report: an address under the list's, with the result's id in it; its screen's code
    // is a chunk of its own (dashboard-report), loaded when it first renders.
    screens: { result: (m) => m.default, 'result/:resultId/report': (m) => m.ReportScreen },
    nav: 'Results',
    // The first page is asked for with the code: it arrives while the code downloads.
    prefetch: () => resultPages.start(firstResultsQuery),
  }),
  insights: section(() => import(/* webpackChunkName: "dashboard-insights" */ './features/insights'), {
    screens: { insights: (m) => m.default },
    nav: 'Insights',
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
  audit: section(() => import(/* webpackChunkName: "dashboard-audit" */ './features/audit'), {
    screens: { 'audit-log': (m) => m.default },
    nav: 'Audit Log',
    roles: ['superadmin'],
  }),
  account: section(() => import(/* webpackChunkName: "dashboard-account" */ './features/account'), {
    screens: { account: (m) => m.default },
    nav: 'Change Password',
    footer: true,
  }),
};

export type SectionName = keyof typeof sections;

/** A `/dashboard/<child>` address's child: a key of some section's `screens`. */
export type DashboardChild = (typeof sections)[SectionName]['screens'][number][0];

/** Every section, in the table's order. */
export const allSections = Object.entries(sections) as [SectionName, Section][];

/**
 * The section each `/dashboard/<child>` address shows; "" (`/dashboard` itself) is the first section's.
 * Without a prototype, so an address like `/dashboard/constructor` names no section.
 */
export const sectionOfChild: Readonly<Record<string, SectionName>> = Object.assign(
  Object.create(null),
  Object.fromEntries([
    ['', allSections[0]![0]],
    ...allSections.flatMap(([name, { screens }]) => screens.map(([child]) => [child, name])),
  ]),
);
