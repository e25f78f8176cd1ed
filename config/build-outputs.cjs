// The files the front-end builds write for the server, declared once: their names and shapes are
// what the webpack plugins write (boot-assets-plugin.cjs, route-assets-plugin.cjs, first-paint.cjs)
// and what the server reads to compose a client route's page (server/src/plugins/index-page.ts).
// The types are in build-outputs.d.cts. The readers take a parsed file and give it in its shape,
// or nothing: a build from another release, or one cut short, may have left anything there.

/** Written into the shell's build: the scripts and styles its start-up loads, and those of the shares loaded later. */
const bootAssetsFile = 'boot-assets.json';
/** Written into a remote's build next to its manifest: what each lazily loaded route's screen needs. */
const routeAssetsFile = 'route-assets.json';
/** Written into the shell's build and a remote's: the first paint of routes, rendered at build time. */
const firstPaintFile = 'first-paint.json';

const isRecord = (value) => typeof value === 'object' && value !== null;
/** The strings of a JSON array (anything else: none). */
const stringsOf = (value) => (Array.isArray(value) ? value.filter((item) => typeof item === 'string') : []);
const assetFilesOf = (value) => ({ scripts: stringsOf(value.scripts), styles: stringsOf(value.styles) });
/** A JSON object's entries whose value passes `keep`, each mapped. */
const entriesOf = (value, keep, map) =>
  Object.fromEntries(
    Object.entries(value)
      .filter(([, item]) => keep(item))
      .map(([key, item]) => [key, map(item)]),
  );

function readBootAssets(value) {
  if (!isRecord(value)) return undefined;
  const later = isRecord(value.later) ? entriesOf(value.later, isRecord, assetFilesOf) : {};
  return { ...assetFilesOf(value), shares: stringsOf(value.shares), later };
}

function readRouteAssets(value) {
  if (!isRecord(value) || !isRecord(value.routes)) return undefined;
  return { routes: entriesOf(value.routes, isRecord, assetFilesOf) };
}

function readFirstPaint(value) {
  if (!isRecord(value)) return undefined;
  const { head, routes } = value;
  if (typeof head !== 'string' || !isRecord(routes)) return undefined;
  return {
    head,
    routes: entriesOf(
      routes,
      (item) => typeof item === 'string',
      (item) => item,
    ),
  };
}

module.exports = { bootAssetsFile, routeAssetsFile, firstPaintFile, readBootAssets, readRouteAssets, readFirstPaint };
