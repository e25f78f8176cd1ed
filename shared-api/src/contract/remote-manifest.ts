// Its own entry (`@prometrica/shared-api/remote-manifest`), free of imports: what the shell and the
// server read from a remote's `mf-manifest.json` (config/remote-manifest-plugin.cjs writes it).
// Remote URLs are configured as manifest URLs: the manifest is never cached, so a remote released
// to its origin is picked up on the next load, and it names the entry and the first chunks.

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
/** The strings of a JSON array (anything else: none). */
const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The folder a manifest is served from, with its trailing slash. */
const manifestFolder = (manifestUrl: string) => manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);

/** Where a remote's chunks are served from: its manifest's publicPath, or the manifest's folder. */
export function remotePublicPath(manifestUrl: string, manifest: unknown): string | undefined {
  if (!isRecord(manifest) || !isRecord(manifest.metaData)) return undefined;
  const { publicPath } = manifest.metaData;
  return typeof publicPath === 'string' && publicPath !== 'auto' ? publicPath : manifestFolder(manifestUrl);
}

/** The remote's container: the URL of its entry script and the global it defines, or nothing. */
export function remoteEntryOf(manifestUrl: string, manifest: unknown): { url: string; global: string } | undefined {
  if (!isRecord(manifest) || !isRecord(manifest.metaData)) return undefined;
  const { remoteEntry, globalName } = manifest.metaData;
  if (!isRecord(remoteEntry) || typeof remoteEntry.name !== 'string' || !remoteEntry.name) return undefined;
  const global = typeof globalName === 'string' && globalName ? globalName : manifest.name;
  if (typeof global !== 'string' || !global) return undefined;
  const dir = typeof remoteEntry.path === 'string' && remoteEntry.path ? remoteEntry.path.replace(/\/?$/, '/') : '';
  return { url: `${manifestFolder(manifestUrl)}${dir}${remoteEntry.name}`, global };
}

/** The files (relative to the public path) an exposed module loads before it runs, e.g. `./routes`. */
export function exposedStartFiles(manifest: unknown, exposed: string): string[] {
  if (!isRecord(manifest) || !Array.isArray(manifest.exposes)) return [];
  const files: string[] = [];
  for (const expose of manifest.exposes) {
    if (!isRecord(expose) || expose.path !== exposed || !isRecord(expose.assets) || !isRecord(expose.assets.js))
      continue;
    files.push(...stringsOf(expose.assets.js.sync));
  }
  return files;
}
