import { exposedStartFiles, remoteEntryOf, remotePublicPath } from '@prometrica/shared-api/remote-manifest';
import type { AssetFiles } from '../../../config/build-outputs.cjs';

// What the server reads from a remote's `mf-manifest.json` (config/remote-manifest-plugin.cjs) to
// preload a route's first screen: its entry and the chunks of its exposed routes module. The
// reading itself is the shell's too (@prometrica/shared-api/remote-manifest).

/** URLs of a remote's entry and exposed start-up chunk, read from its manifest. */
export function remoteStartAssets(manifestUrl: string, manifest: unknown): string[] {
  const entry = remoteEntryOf(manifestUrl, manifest);
  const publicPath = remotePublicPath(manifestUrl, manifest);
  if (publicPath === undefined) return [];
  return [
    ...(entry ? [entry.url] : []),
    ...exposedStartFiles(manifest, './routes').map((file) => `${publicPath}${file}`),
  ];
}

/** The URLs of the scripts and styles a remote's route entry (route-assets.json) lists. */
export function remoteRouteAssets(manifestUrl: string, manifest: unknown, entry: AssetFiles): AssetFiles {
  const publicPath = remotePublicPath(manifestUrl, manifest);
  if (publicPath === undefined) return { scripts: [], styles: [] };
  const urls = (files: readonly string[]) => files.map((file) => publicPath + file);
  return { scripts: urls(entry.scripts), styles: urls(entry.styles) };
}
