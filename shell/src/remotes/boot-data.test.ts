import { bootData, bootDataElementId, resetBootData, takeInlineManifest } from './boot-data';
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

test('an inlined manifest is taken once; later the URL is not answered from the page', () => {
  inline({ config, manifests: { '/remotes/participant/mf-manifest.json': manifest } });
  const url = `${location.origin}/remotes/participant/mf-manifest.json`;
  expect(takeInlineManifest(url)).toEqual(manifest);
  expect(takeInlineManifest(url)).toBeUndefined();
});
