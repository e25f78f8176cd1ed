import { paths } from './contract/paths';
import type { ParticipantScreen, RemoteId } from './contract/runtime';

// Which remote shows a client route's first screen. The shell loads that remote first and the
// server composes the route's page with that remote's manifest: both read it from here, so the
// two never disagree about an address.

/** Client routes whose screen comes from the admin remote (its login and the dashboard). */
const adminRoutes = /^\/(?:admin|login|dashboard)(?:\/|$)/i;

/** The remote whose screen a client route shows first; every route but the admin ones shows the participant's. */
export function remoteForPath(pathname: string): RemoteId {
  return adminRoutes.test(pathname) ? 'admin' : 'participant';
}

/** The participant remote's addresses and the screen each shows (the shell guards all but the details). */
export const participantScreenRoutes: readonly (readonly [string, ParticipantScreen])[] = [
  [paths.details, 'details'],
  [paths.welcome, 'welcome'],
  [paths.consent, 'consent'],
  [paths.question, 'quiz'],
  [paths.questions, 'quiz'],
  [paths.submit, 'submit'],
  [paths.reports, 'reports'],
  [paths.concerns, 'concerns'],
  [paths.thankyou, 'thankyou'],
  [paths.thankyouCapital, 'thankyou'],
  [`${paths.invite}/:token`, 'invite'],
  [paths.resume, 'resume'],
  [`${paths.report}/:token`, 'reportLink'],
];
