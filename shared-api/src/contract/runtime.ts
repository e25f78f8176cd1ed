import type { ComponentType } from 'react';

/** `/config.json`: what the shell needs at boot, served by the server from its environment. */
export interface RuntimeConfig {
  apiBaseUrl: string;
  remotes: { participant: string; admin: string };
}

/** Federation container names of the two remotes. */
export const remoteNames = { participant: 'participant_app', admin: 'admin_app' } as const;
export type RemoteId = keyof typeof remoteNames;

/** Screens the participant remote renders; the shell decides which one a URL shows. */
export type ParticipantScreen =
  | 'details'
  | 'welcome'
  | 'consent'
  | 'quiz'
  | 'submit'
  | 'reports'
  | 'concerns'
  | 'thankyou'
  | 'invite'
  | 'resume'
  | 'reportLink';

/** Screens the admin remote renders: the login and everything under `/dashboard/*`. */
export type AdminScreen = 'login' | 'dashboard';

/** What each remote's `./routes` expose default-exports: one component per screen. */
export interface RemoteRoutes<S extends string> {
  screens: Record<S, ComponentType>;
  /**
   * Starts loading the code the screen at `pathname` needs, before it renders (the shell calls it
   * at start, while it checks the stored sign-in), and settles once it has loaded (the shell's first
   * render waits for that, briefly). Optional; loads nothing for other addresses.
   */
  preload?: (pathname: string) => Promise<unknown> | void;
}
export type ParticipantRemoteRoutes = RemoteRoutes<ParticipantScreen>;
export type AdminRemoteRoutes = RemoteRoutes<AdminScreen>;
