import { bootData, bootDataElementId, resetBootData, takeInlineManifest } from './boot-data';
import okResponsePlugin from './ok-response-plugin';
import { loadRuntimeConfig } from './runtime-config';

const config = {
  apiBaseUrl: '/api',
  remotes: { participant: '/remotes/participant/mf-manifest.json', admin: '/remotes/admin/mf-manifest.json' },
};
const manifest = { id: 'participant_app', metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } };

function inline(data: unknown) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = bootDataElementId;
  script.textContent = JSON.stringify(data);
  document.head.append(script);
}

afterEach(() => {
  document.getElementById(bootDataElementId)?.remove();
  resetBootData();
  jest.restoreAllMocks();
});

test('the configuration inlined by the server is used without fetching /config.json', async () => {
  inline({ config });
  const fetchSpy = jest.spyOn(globalThis, 'fetch');
  await expect(loadRuntimeConfig()).resolves.toEqual(config);
  expect(fetchSpy).not.toHaveBeenCalled();
});

test('without inlined data the configuration comes from /config.json', async () => {
  jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(config), { status: 200 }));
  await expect(loadRuntimeConfig()).resolves.toEqual(config);
  expect(bootData()).toEqual({});
});

test('an incomplete inlined configuration is refused', async () => {
  inline({ config: { apiBaseUrl: '/api' } });
  await expect(loadRuntimeConfig()).rejects.toThrow('missing apiBaseUrl or remote URLs');
});

test('an inlined manifest answers the first fetch of its URL only; a retry goes to the network', async () => {
  inline({ config, manifests: { '/remotes/participant/mf-manifest.json': manifest } });
  const network = jest
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(new Response('{"from":"network"}', { status: 200 }));
  const plugin = okResponsePlugin();
  const url = `${location.origin}/remotes/participant/mf-manifest.json`;
  const first = await plugin.fetch!(url, {});
  expect(await (first as Response).json()).toEqual(manifest);
  expect(network).not.toHaveBeenCalled();
  const second = await plugin.fetch!(url, {});
  expect(await (second as Response).json()).toEqual({ from: 'network' });
  expect(takeInlineManifest(url)).toBeUndefined();
});

test('a non-OK manifest response is a load failure', async () => {
  jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('missing', { status: 404 }));
  await expect(okResponsePlugin().fetch!('/remotes/admin/mf-manifest.json', {})).rejects.toThrow('answered 404');
});
