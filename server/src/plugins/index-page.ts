import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pageElementIds, remoteForPath } from '@prometrica/shared-api/contract';
import {
  bootAssetsFile,
  firstPaintFile,
  readBootAssets,
  readFirstPaint,
  readRouteAssets,
  routeAssetsFile,
} from '../../../config/build-outputs.cjs';
import type { Config } from '../config';
import { preferredEncoding } from '../lib/json-reply';
import { runtimeConfig } from '../modules/runtime-config/service';
import { withFirstPaint } from './first-paint';
import { remoteRouteAssets, remoteStartAssets } from './remote-manifest';
import type { StaticArea } from './static';

// index.html for client routes. The shell's page on its own costs a chain of round trips before
// the first screen: the entry script, then its async boundary and shared libraries, then
// /config.json, then the remote's manifest, then its remoteEntry.js and exposed chunk. When the
// server hosts the builds it knows all of these, so the page it sends carries:
// - `/config.json`'s content and the manifest of the remote the route shows, as a JSON block the
//   shell reads instead of fetching them (`<script type="application/json">`, never executed);
// - the shell's start-up styles as a stylesheet link, and preload hints for the shell's start-up
//   scripts (`boot-assets.json`, written by the shell's build) and for the remote's remoteEntry.js
//   and exposed chunk, so the browser fetches them all in parallel with the entry script;
// - for a route with a first paint (`first-paint.json`), its screen rendered at build time.
// Remotes hosted elsewhere (absolute URLs) are left to the shell, as before. The build files'
// names and shapes are declared in config/build-outputs.cjs.

type RemoteName = 'participant' | 'admin';

/**
 * The API calls (paths under the API's base) that a route's painted screen makes as soon as it
 * starts: the details screen asks whether open entry is on.
 */
const firstPaintCalls: Readonly<Record<string, readonly string[]>> = { '/': ['participation'] };

/**
 * The dashboard: its layout and tables need the shell's second part of Mantine and of its
 * stylesheet (`later` in boot-assets.json).
 */
const dashboardRoutes = /^\/dashboard(?:\/|$)/i;

/** The page variant a route gets: its remote, and whether the dashboard's libraries are preloaded. */
type PageKind = RemoteName | 'dashboard';

function pageKindForRoute(pathname: string): PageKind {
  return dashboardRoutes.test(pathname) ? 'dashboard' : remoteForPath(pathname);
}

interface FileStamp {
  file: string;
  stamp: string;
}

function stampOf(file: string): FileStamp | undefined {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() ? { file, stamp: `${file}:${stat.mtimeMs}:${stat.size}` } : undefined;
  } catch {
    return undefined;
  }
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A client route as route-assets.json names it: lower case, without a trailing slash or query. */
const routeKey = (pathname: string) => pathname.toLowerCase().replace(/\/+$/, '') || '/';

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON inside a script element: `<` escaped so no `</script>` can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Reads a build's JSON file through `parse`, again only when the file's stamp changes. */
function stampedReader<T>(parse: (value: unknown) => T): (file: FileStamp) => T {
  let read: { stamp: string; value: T } | undefined;
  return (file) => {
    if (read?.stamp !== file.stamp) read = { stamp: file.stamp, value: parse(readJson(file.file)) };
    return read.value;
  };
}

interface BuiltPage {
  key: string;
  html: Buffer;
  encoded: Map<string, Buffer>;
}

/**
 * Builds (and caches until a file changes) the page for each remote. Returns undefined when the
 * shell's index.html cannot be read, so the caller falls back to the file as it is.
 */
function createIndexPage(areas: readonly StaticArea[]) {
  const shell = areas.find((area) => area.name === 'shell');
  const pages = new Map<string, BuiltPage>();
  const configuredUrl = (name: RemoteName) => areas.find((area) => area.name === name)?.configuredUrl;
  const participantUrl = configuredUrl('participant');
  const adminUrl = configuredUrl('admin');
  // Without configured URLs (areas built by hand) nothing is inlined: the shell fetches /config.json.
  const config = participantUrl && adminUrl ? { remotes: { participant: participantUrl, admin: adminUrl } } : undefined;

  /** The remote's manifest file when this server hosts it at the configured URL. */
  const localManifest = (name: RemoteName): { url: string; file: string } | undefined => {
    const url = configuredUrl(name);
    const area = areas.find((a) => a.name === name);
    if (!url || !area || !url.startsWith(area.prefix)) return undefined;
    const file = path.resolve(area.root, url.slice(area.prefix.length).split('?')[0] ?? '');
    return file.startsWith(path.resolve(area.root) + path.sep) ? { url, file } : undefined;
  };

  const readRoutes = stampedReader(readRouteAssets);
  const readRemotePaint = stampedReader(readFirstPaint);
  const readShellPaint = stampedReader(readFirstPaint);

  return (kind: PageKind, pathname = '/'): BuiltPage | undefined => {
    if (!shell || !config) return undefined;
    const name: RemoteName = kind === 'dashboard' ? 'admin' : kind;
    const index = stampOf(path.join(shell.root, 'index.html'));
    if (!index) return undefined;
    const boot = stampOf(path.join(shell.root, bootAssetsFile));
    const remote = localManifest(name);
    const manifest = remote ? stampOf(remote.file) : undefined;
    // The remote's own list of what each of its lazily loaded screens needs (dashboard addresses).
    const routes =
      remote && kind === 'dashboard' ? stampOf(path.join(path.dirname(remote.file), routeAssetsFile)) : undefined;
    // The first paints of the remote's screens (the dashboard's frame too), with the shell's part of them.
    const remotePaint = remote ? stampOf(path.join(path.dirname(remote.file), firstPaintFile)) : undefined;
    const shellPaint = remotePaint ? stampOf(path.join(shell.root, firstPaintFile)) : undefined;
    const key = [index.stamp, boot?.stamp, manifest?.stamp, routes?.stamp, remotePaint?.stamp, shellPaint?.stamp].join(
      '|',
    );
    // One page per route the remote lists (a bounded set); every other address of a kind shares one.
    const route = routeKey(pathname);
    const listed = routes ? readRoutes(routes)?.routes : undefined;
    const entry = listed && Object.hasOwn(listed, route) ? listed[route] : undefined;
    const remoteParts = remotePaint ? readRemotePaint(remotePaint) : undefined;
    const shellParts = shellPaint ? readShellPaint(shellPaint) : undefined;
    const screenPaint =
      remoteParts && shellParts && Object.hasOwn(remoteParts.routes, route) ? remoteParts.routes[route] : undefined;
    const pageKey = entry || screenPaint !== undefined ? `${kind} ${route}` : kind;
    const cached = pages.get(pageKey);
    if (cached?.key === key) return cached;

    let html: string;
    try {
      html = fs.readFileSync(index.file, 'utf8');
    } catch {
      return undefined;
    }
    const assets = boot ? readBootAssets(readJson(boot.file)) : undefined;
    // The dashboard's routes also preload the shares the shell loads later (its layout uses them).
    const later = kind === 'dashboard' && assets ? Object.values(assets.later) : [];
    const manifestJson = remote && manifest ? readJson(manifest.file) : undefined;
    const screen = remote && entry ? remoteRouteAssets(remote.url, manifestJson, entry) : { scripts: [], styles: [] };
    const data = {
      config: runtimeConfig(config as Config),
      ...(remote && manifestJson ? { manifests: { [remote.url]: manifestJson } } : {}),
    };
    // A painted dashboard is drawn with the second part of Mantine's stylesheet (its layout's), so
    // that part is a stylesheet of the page rather than a preload.
    const laterStyles = later.flatMap((share) => share.styles).map((file) => shell.prefix + file);
    const painted = screenPaint !== undefined;
    const head = [
      `<script type="application/json" id="${pageElementIds.bootData}">${scriptJson(data)}</script>`,
      ...[...(assets?.styles ?? []).map((file) => shell.prefix + file), ...(painted ? laterStyles : [])].map(
        (url) => `<link rel="stylesheet" href="${attribute(url)}">`,
      ),
      ...[...(assets?.scripts ?? []), ...later.flatMap((share) => share.scripts)].map(
        (file) => `<link rel="preload" as="script" href="${attribute(shell.prefix + file)}">`,
      ),
      ...[...(remote && manifestJson ? remoteStartAssets(remote.url, manifestJson) : []), ...screen.scripts].map(
        (url) => `<link rel="preload" as="script" href="${attribute(url)}">`,
      ),
      ...[...(painted ? [] : laterStyles), ...screen.styles].map(
        (url) => `<link rel="preload" as="style" href="${attribute(url)}">`,
      ),
      // The calls a painted screen makes as it starts, fetched with the page rather than after its
      // code (anonymous: the screens' calls are same-origin fetches, which preloads must match).
      ...(painted ? (firstPaintCalls[route] ?? []) : []).map(
        (call) =>
          `<link rel="preload" as="fetch" crossorigin="anonymous" href="${attribute(`${data.config.apiBaseUrl}/${call}`)}">`,
      ),
    ].join('');
    const at = html.indexOf('</head>') >= 0 ? html.indexOf('</head>') : html.search(/<body[\s>]/i);
    html = at >= 0 ? html.slice(0, at) + head + html.slice(at) : html + head;
    if (remoteParts && shellParts && painted) {
      html = withFirstPaint(html, {
        shellHead: shellParts.head,
        remoteHead: remoteParts.head,
        screen: screenPaint,
        forAccount: kind === 'dashboard',
      });
    }
    const page: BuiltPage = { key, html: Buffer.from(html), encoded: new Map() };
    pages.set(pageKey, page);
    return page;
  };
}

const indexPages = new WeakMap<readonly StaticArea[], ReturnType<typeof createIndexPage>>();

/**
 * Sends the shell's page for the client route `pathname` (see createIndexPage); false when there is
 * none to compose (no index.html), so the caller answers otherwise.
 */
export async function sendShellPage(
  areas: readonly StaticArea[],
  pathname: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  let build = indexPages.get(areas);
  if (!build) {
    build = createIndexPage(areas);
    indexPages.set(areas, build);
  }
  const page = build(pageKindForRoute(pathname), pathname);
  if (!page) return false;
  const { body, encoding } = encodePage(page, request.headers['accept-encoding']);
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'Accept-Encoding');
  if (encoding) reply.header('content-encoding', encoding);
  await reply.send(body);
  return true;
}

/** The page's bytes in the best encoding the browser accepts (compressed once per version). */
function encodePage(page: BuiltPage, acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } {
  const encoding = preferredEncoding(acceptEncoding);
  if (!encoding) return { body: page.html };
  let body = page.encoded.get(encoding);
  if (!body) {
    body = encoding === 'br' ? zlib.brotliCompressSync(page.html) : zlib.gzipSync(page.html, { level: 9 });
    page.encoded.set(encoding, body);
  }
  return { body, encoding };
}
