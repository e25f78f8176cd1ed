import { limits, paths } from '@prometrica/shared-api';
// Types only: the addresses are the sections table's (src/sections.ts), whose code lib/ never loads.
import type { DashboardChild } from '../sections';

/**
 * The absolute address of a dashboard screen: the dashboard is mounted under a splat route, where
 * relative links would resolve against the current section instead of `/dashboard`.
 */
export const dashboardPath = (child: DashboardChild): string => `${paths.dashboard}/${child}`;

/** The question list's address parameters that open one question's Edit Question (`questionEditPath`). */
export const questionEditParams = { edit: 'edit', search: 'search' } as const;

/**
 * Where another section links to edit a question: the question list searched for its text (the
 * search's longest allowed start of it), which opens Edit Question for the question with that id
 * once the list shows it. The API reads questions a page at a time, never one by id.
 */
export function questionEditPath(questionId: string, text: string): string {
  const query = new URLSearchParams({
    [questionEditParams.search]: text.slice(0, limits.search).trim(),
    [questionEditParams.edit]: questionId,
  });
  return `${dashboardPath('question-list')}?${query.toString()}`;
}
