// What the shell starts at once for a `/dashboard` address (it calls `preloadDashboard` at start),
// so the chunks download while the stored sign-in is being checked instead of after it.

import { once } from './lib/load-once';
import { sectionOfChild, sections, type SectionName } from './sections';

/** The dashboard's layout and routes (src/routes.tsx), in a chunk of their own. */
export const layout = once(() => import(/* webpackChunkName: "dashboard-layout" */ './routes'));

type Part = 'layout' | SectionName;

const loadOf = (part: Part) => (part === 'layout' ? layout : sections[part].load);

/**
 * Starts loading the layout and the section a `/dashboard/...` address shows, with what that section
 * prefetches; other addresses load nothing. Returns what was started (for tests); failures are left
 * to the screens, which retry.
 */
export function preloadDashboard(pathname: string): Part[] {
  const match = /^\/dashboard(?:\/([^/?#]*))?(\/[^?#]*[^/?#])?/i.exec(pathname);
  if (!match) return [];
  const name = sectionOfChild[(match[1] ?? '').toLowerCase()];
  const started: Part[] = ['layout', ...(name ? [name] : [])];
  for (const part of started) loadOf(part)().catch(() => {});
  // The prefetch is what the section's own address shows first; an address below it (a result's
  // report) shows something else.
  if (name && !match[2]) sections[name].prefetch?.();
  return started;
}

/** Settles once the given parts have loaded or failed (never rejects). */
export function sectionsSettled(parts: readonly Part[]): Promise<void> {
  return Promise.allSettled(parts.map((part) => loadOf(part)())).then(() => undefined);
}
