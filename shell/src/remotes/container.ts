// Loads a remote's exposed module through webpack's own container interface: the remote's
// manifest (inlined in the page by the server, else fetched and never cached) names its entry
// script; the script defines the container as a global; the container is given the page's share
// scope, so it uses the libraries the shell has loaded, and hands out the module. This is all the
// federation runtime the page needs (docs/architecture.md, "Module Federation without a runtime
// library").
import { remoteEntryOf } from '@prometrica/shared-api/remote-manifest';
import { takeInlineManifest } from './boot-data';

/** Provided by webpack in a build that shares modules: fills the share scope with the shell's own. */
declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: Record<string, unknown>;

interface Container {
  init(shareScope: unknown): void | Promise<void>;
  get(module: string): Promise<() => unknown>;
}

const started = new Map<string, Promise<Container>>();

/** The manifest at `url`: the page's inlined copy once, else from the network (a non-OK answer is an error). */
async function readManifest(url: string): Promise<unknown> {
  const inline = takeInlineManifest(url);
  if (inline !== undefined) return inline;
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** Runs the script at `url`; a script that fails to load is taken out again, so a retry adds it anew. */
function runScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`${url} did not load`));
    });
    document.head.append(script);
  });
}

async function startContainer(manifestUrl: string): Promise<Container> {
  const manifest = await readManifest(manifestUrl);
  const entry = remoteEntryOf(manifestUrl, manifest);
  if (!entry) throw new Error(`${manifestUrl} is not a remote's manifest`);
  await runScript(entry.url);
  const container = (window as unknown as Record<string, Container | undefined>)[entry.global];
  if (!container || typeof container.get !== 'function') throw new Error(`${entry.url} defined no ${entry.global}`);
  await __webpack_init_sharing__('default');
  await container.init(__webpack_share_scopes__.default);
  return container;
}

/**
 * The module `exposed` (e.g. `./routes`) of the remote whose manifest is at `manifestUrl`. The
 * remote is started once; a start that failed is forgotten, so the next call tries again.
 */
export async function loadExposed<T>(manifestUrl: string, exposed: string): Promise<T> {
  let pending = started.get(manifestUrl);
  if (!pending) {
    pending = startContainer(manifestUrl);
    started.set(manifestUrl, pending);
    pending.catch(() => started.delete(manifestUrl));
  }
  const factory = await (await pending).get(exposed);
  return factory() as T;
}
