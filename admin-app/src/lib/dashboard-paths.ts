import { paths } from '@prometrica/shared-api';
import sectionOfChildJson from './dashboard-sections.json';

// `/dashboard/<child>` → the section whose chunk shows it ("" is `/dashboard` itself). The build
// reads the same file in Node to list each address's chunks in route-assets.json; the sections
// themselves (loaders, screens, sidebar links) are the table in src/sections.ts.

/** A `/dashboard/<child>` address's child. */
export type DashboardChild = Exclude<keyof typeof sectionOfChildJson, ''>;

/** The section each `/dashboard/<child>` address shows (no child: the overview). */
export const sectionOfChild: Readonly<Record<string, string>> = sectionOfChildJson;

/**
 * The absolute address of a dashboard screen: the dashboard is mounted under a splat route, where
 * relative links would resolve against the current section instead of `/dashboard`.
 */
export const dashboardPath = (child: DashboardChild) => `${paths.dashboard}/${child}`;
