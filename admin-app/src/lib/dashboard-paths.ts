import { paths } from '@prometrica/shared-api';
// Types only: the addresses are the sections table's (src/sections.ts), whose code lib/ never loads.
import type { DashboardChild } from '../sections';

/**
 * The absolute address of a dashboard screen: the dashboard is mounted under a splat route, where
 * relative links would resolve against the current section instead of `/dashboard`.
 */
export const dashboardPath = (child: DashboardChild): string => `${paths.dashboard}/${child}`;
