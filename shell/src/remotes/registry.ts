import {
  remoteForPath,
  remoteNames,
  type RemoteId,
  type RemoteRoutes,
  type RuntimeConfig,
} from '@prometrica/shared-api';
import { loadExposed } from './container';

let entries: Record<RemoteId, string> | undefined;
const loaded = new Map<RemoteId, Promise<RemoteRoutes<string>>>();
/** Routes whose load has finished, so a screen can render them without waiting a render. */
const ready = new Map<RemoteId, RemoteRoutes<string>>();

/** Where both remotes' manifests are, from `/config.json`. */
export function registerAppRemotes(config: RuntimeConfig): void {
  entries = { participant: config.remotes.participant, admin: config.remotes.admin };
}

/** Loads a remote's route module once; a failed load is forgotten so it can be retried. */
export function loadRemoteRoutes(id: RemoteId): Promise<RemoteRoutes<string>> {
  let pending = loaded.get(id);
  if (!pending) {
    if (!entries) return Promise.reject(new Error('The remotes are not registered'));
    pending = loadExposed<{ default?: RemoteRoutes<string> }>(entries[id], './routes').then((mod) => {
      if (!mod?.default?.screens) throw new Error(`${remoteNames[id]} did not expose its routes`);
      ready.set(id, mod.default);
      return mod.default;
    });
    pending.catch(() => loaded.delete(id));
    loaded.set(id, pending);
  }
  return pending;
}

/**
 * Loads the routes of the remote `pathname` shows and then that screen's code (and starts, for the
 * results screen, its data): always for the participant, for the admin remote only with a stored
 * token. Settles once the screen's code has loaded, and never rejects: a failure is left to the
 * screen that needs the remote (it shows Retry).
 */
export function loadFirstScreen(pathname: string, signedIn: boolean): Promise<void> {
  const first = remoteForPath(pathname);
  return loadRemoteRoutes(first)
    .then((routes) => (first === 'participant' || signedIn ? routes.preload?.(pathname) : undefined))
    .then(
      () => {},
      () => {},
    );
}

/** Settles when `work` settles or after `waitMs`, whichever comes first; never rejects. */
export function settledWithin(work: Promise<unknown>, waitMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  const settled = work.then(
    () => {},
    () => {},
  );
  return Promise.race([settled, waited]).finally(() => clearTimeout(timer));
}

/** The remote's routes when they have already loaded, else undefined. */
export function loadedRemoteRoutes(id: RemoteId): RemoteRoutes<string> | undefined {
  return ready.get(id);
}

/** Forgets a remote's routes, so the next load asks for them again. */
export function resetRemote(id: RemoteId): void {
  loaded.delete(id);
  ready.delete(id);
}
