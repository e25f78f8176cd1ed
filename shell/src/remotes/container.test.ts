import { bootDataElementId, resetBootData } from './boot-data';
import { loadExposed } from './container';

// The page's side of webpack's container interface, as a build that shares modules provides it.
const shareScope = { react: {} };
const initSharing = jest.fn(async () => {});
Object.assign(globalThis, { __webpack_init_sharing__: initSharing, __webpack_share_scopes__: { default: shareScope } });

const manifest = (entry = 'remoteEntry.js') => ({
  name: 'admin_app',
  metaData: { name: 'admin_app', globalName: 'admin_app', remoteEntry: { name: entry, path: '' }, publicPath: 'auto' },
  exposes: [],
});

function inline(manifests: Record<string, unknown>) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = bootDataElementId;
  script.textContent = JSON.stringify({ manifests });
  document.head.append(script);
}

/** The script element the loader added for `src`, once it is there. */
async function scriptFor(src: string): Promise<HTMLScriptElement> {
  for (let i = 0; i < 50; i++) {
    const found = [...document.querySelectorAll('script')].find((script) => script.src === src);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  throw new Error(`no script for ${src}`);
}

/** The remote's entry script running: it defines the container global. */
function runEntry(script: HTMLScriptElement, routes: unknown) {
  const container = { init: jest.fn(), get: jest.fn(async () => () => routes) };
  Object.assign(window, { admin_app: container });
  script.dispatchEvent(new Event('load'));
  return container;
}

afterEach(() => {
  document.getElementById(bootDataElementId)?.remove();
  document.querySelectorAll('script[src]').forEach((script) => script.remove());
  resetBootData();
  delete (window as unknown as Record<string, unknown>).admin_app;
  jest.restoreAllMocks();
});

test("a remote starts from the page's inlined manifest: its entry runs once and shares the page's libraries", async () => {
  inline({ '/remotes/admin/mf-manifest.json': manifest() });
  const network = jest.spyOn(globalThis, 'fetch');
  const loading = loadExposed<{ default: string }>('/remotes/admin/mf-manifest.json', './routes');
  const container = runEntry(await scriptFor(`${location.origin}/remotes/admin/remoteEntry.js`), { default: 'routes' });
  await expect(loading).resolves.toEqual({ default: 'routes' });
  expect(network).not.toHaveBeenCalled();
  expect(initSharing).toHaveBeenCalledWith('default');
  expect(container.init).toHaveBeenCalledWith(shareScope);
  expect(container.get).toHaveBeenCalledWith('./routes');

  // Another module of the same remote: no second entry script, no second start.
  await expect(loadExposed('/remotes/admin/mf-manifest.json', './other')).resolves.toEqual({ default: 'routes' });
  expect(document.querySelectorAll('script[src]')).toHaveLength(1);
  expect(container.init).toHaveBeenCalledTimes(1);
});

test('a manifest that answers non-OK, or an entry that does not load, fails the start; the next call tries again', async () => {
  const url = 'http://cdn.example/admin/mf-manifest.json';
  const network = jest.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('missing', { status: 503 }));
  await expect(loadExposed(url, './routes')).rejects.toThrow(`${url} answered 503`);

  network.mockResolvedValueOnce(new Response(JSON.stringify(manifest('remoteEntry.js')), { status: 200 }));
  const failing = loadExposed(url, './routes');
  const broken = await scriptFor('http://cdn.example/admin/remoteEntry.js');
  broken.dispatchEvent(new Event('error'));
  await expect(failing).rejects.toThrow('http://cdn.example/admin/remoteEntry.js did not load');
  expect(broken.isConnected).toBe(false);
  expect(network).toHaveBeenLastCalledWith(url, { cache: 'no-cache' });

  network.mockResolvedValueOnce(new Response(JSON.stringify(manifest()), { status: 200 }));
  const retried = loadExposed(url, './routes');
  runEntry(await scriptFor('http://cdn.example/admin/remoteEntry.js'), { default: 'admin routes' });
  await expect(retried).resolves.toEqual({ default: 'admin routes' });
  expect(network).toHaveBeenCalledTimes(3);
});

test('a manifest without an entry, or an entry that defines no container, is a clear failure', async () => {
  jest.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('{"name":"admin_app"}', { status: 200 }));
  await expect(loadExposed('/a/mf-manifest.json', './routes')).rejects.toThrow(
    "/a/mf-manifest.json is not a remote's manifest",
  );

  resetBootData();
  inline({ '/b/mf-manifest.json': manifest() });
  const loading = loadExposed('/b/mf-manifest.json', './routes');
  (await scriptFor(`${location.origin}/b/remoteEntry.js`)).dispatchEvent(new Event('load'));
  await expect(loading).rejects.toThrow('/b/remoteEntry.js defined no admin_app');
});
