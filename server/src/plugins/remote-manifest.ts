import type { AssetFiles } from '../../../config/build-outputs.cjs';

// What the server reads from a remote's `mf-manifest.json` (written by the module federation
// build) to preload a route's first screen: where the remote's files are served from, its entry
// and the chunks of its exposed routes module.

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
/** The strings of a JSON array (anything else: none). */
const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The folder a manifest is served from, with its trailing slash. */
const manifestFolder = (manifestUrl: string) => manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);

/** Where a remote's chunks are served from: its manifest's publicPath, or the manifest's folder. */
function remotePublicPath(manifestUrl: string, metaData: Record<string, unknown>): string {
  return typeof metaData.publicPath === 'string' && metaData.publicPath !== 'auto'
    ? metaData.publicPath
    : manifestFolder(manifestUrl);
}

/** URLs of a remote's entry and exposed start-up chunk, read from its manifest. */
export function remoteStartAssets(manifestUrl: string, manifest: unknown): string[] {
  if (!isRecord(manifest) || !isRecord(manifest.metaData)) return [];
  const base = manifestFolder(manifestUrl);
  const publicPath = remotePublicPath(manifestUrl, manifest.metaData);
  const urls: string[] = [];
  const entry = manifest.metaData.remoteEntry;
  if (isRecord(entry) && typeof entry.name === 'string') {
    const dir = typeof entry.path === 'string' && entry.path ? `${entry.path.replace(/\/?$/, '/')}` : '';
    urls.push(`${base}${dir}${entry.name}`);
  }
  const exposes = Array.isArray(manifest.exposes) ? manifest.exposes : [];
  for (const expose of exposes) {
    if (!isRecord(expose) || expose.path !== './routes' || !isRecord(expose.assets) || !isRecord(expose.assets.js))
      continue;
    for (const file of stringsOf(expose.assets.js.sync)) urls.push(`${publicPath}${file}`);
  }
  return urls;
}

/** The URLs of the scripts and styles a remote's route entry (route-assets.json) lists. */
export function remoteRouteAssets(manifestUrl: string, manifest: unknown, entry: AssetFiles): AssetFiles {
  if (!isRecord(manifest) || !isRecord(manifest.metaData)) return { scripts: [], styles: [] };
  const publicPath = remotePublicPath(manifestUrl, manifest.metaData);
  const urls = (files: readonly string[]) => files.map((file) => publicPath + file);
  return { scripts: urls(entry.scripts), styles: urls(entry.styles) };
}
