import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pageElementIds } from '@prometrica/shared-api/contract';
import type { Config } from '../config';
import { preferredEncoding } from '../lib/json-reply';
import { globalPlugin } from '../lib/plugin';
import { runtimeConfig } from '../modules/runtime-config/service';
import type { NotFoundFallback } from './errors';
import { readFirstPaint, withFirstPaint } from './first-paint';

/** One front-end build served by the server. */
export interface StaticArea {
  name: 'shell' | 'participant' | 'admin';
  /** Absolute path of the build's dist folder. */
  root: string;
  /** URL prefix, with trailing slash. */
  prefix: string;
  /** Remotes may be loaded by a shell on another origin. */
  crossOrigin: boolean;
  /** Remotes: the manifest URL the shell is configured to load this remote from (`/config.json`). */
  configuredUrl?: string;
}

/** Where the three builds are served from. */
export function staticAreas(config: Config): StaticArea[] {
  return [
    { name: 'shell', root: config.dist.shell, prefix: '/', crossOrigin: false },
    { name: 'participant', root: config.dist.participant, prefix: '/remotes/participant/', crossOrigin: true, configuredUrl: config.remotes.participant },
    { name: 'admin', root: config.dist.admin, prefix: '/remotes/admin/', crossOrigin: true, configuredUrl: config.remotes.admin },
  ];
}

export const immutableCache = 'public, max-age=31536000, immutable';
// Entry points name the current hashed files, so they must be revalidated on every load.
const entryPoints = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js']);
const contentHash = /(?:^|[.\-_])[0-9a-f]{8,}(?=[.\-_]|$)/i;
const compressedSuffix = /\.(?:br|gz)$/;

/** Cache policy by file name: content-hashed files forever, everything else revalidated. */
export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath).replace(compressedSuffix, '');
  if (entryPoints.has(name)) return 'no-cache';
  return contentHash.test(name) ? immutableCache : 'no-cache';
}

const missingBuildMessage = (area: StaticArea) => `The ${area.name} build is missing: run pnpm build`;

// Checked per request rather than at start, so a build made while the server runs is picked up.
const isAvailable = (area: StaticArea) =>
  fs.existsSync(area.name === 'shell' ? path.join(area.root, 'index.html') : area.root);

function headersFor(area: StaticArea) {
  return (response: SetHeadersResponse, filePath: string) => {
    response.setHeader('cache-control', cacheControlFor(filePath));
    // The same URL may be answered from a .br or .gz sibling.
    response.setHeader('vary', 'Accept-Encoding');
    if (area.crossOrigin) response.setHeader('access-control-allow-origin', '*');
  };
}

const pathnameOf = (request: FastifyRequest) => request.url.split('?', 1)[0] ?? '/';
const isUnder = (pathname: string, prefix: string) => pathname === prefix.slice(0, -1) || pathname.startsWith(prefix);

/**
 * What the static routes cannot answer: client routes of the single-page app get the shell's
 * index.html (`/admin`, `/dashboard/overview`, ...), a missing build gets a 503 naming it, and
 * everything else (API routes, missing assets) is left to the JSON 404.
 */
export function createStaticFallback(areas: readonly StaticArea[]): NotFoundFallback {
  const shell = areas.find((area) => area.name === 'shell');
  const remotes = areas.filter((area) => area.name !== 'shell');

  const unavailable = (area: StaticArea, reply: FastifyReply) => {
    if (area.crossOrigin) reply.header('access-control-allow-origin', '*');
    return reply.code(503).send({ message: missingBuildMessage(area) });
  };

  return async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pathname = pathnameOf(request);
    if (isUnder(pathname, '/api/')) return false;

    const remote = remotes.find((area) => isUnder(pathname, area.prefix));
    if (remote) {
      if (!isAvailable(remote)) {
        await unavailable(remote, reply);
        return true;
      }
      reply.header('access-control-allow-origin', '*');
      return false;
    }
    if (!shell || isUnder(pathname, '/remotes/')) return false;

    if (!isAvailable(shell)) {
      await unavailable(shell, reply);
      return true;
    }
    // A missing script or image must stay a 404: answering with HTML would hide the broken link.
    const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
    if (lastSegment.includes('.')) return false;
    if (!(await sendShellPage(areas, request, reply))) await reply.sendFile('index.html', shell.root);
    return true;
  };
}

// ---------------------------------------------------------------------------------------------
// index.html for client routes. The shell's page on its own costs a chain of round trips before
// the first screen: the entry script, then its async boundary and shared libraries, then
// /config.json, then the remote's manifest, then its remoteEntry.js and exposed chunk. When the
// server hosts the builds it knows all of these, so the page it sends carries:
// - `/config.json`'s content and the manifest of the remote the route shows, as a JSON block the
//   shell reads instead of fetching them (`<script type="application/json">`, never executed);
// - the shell's start-up styles as a stylesheet link, and preload hints for the shell's start-up
//   scripts (`boot-assets.json`, written by the shell's build) and for the remote's remoteEntry.js
//   and exposed chunk, so the browser fetches them all in parallel with the entry script.
// Remotes hosted elsewhere (absolute URLs) are left to the shell, as before.

type RemoteName = 'participant' | 'admin';

/** Written by a remote's build next to its manifest (config/route-assets-plugin.cjs). */
const routeAssetsFile = 'route-assets.json';
/** Written by the shell's build and a remote's (config/first-paint.cjs): see withFirstPaint. */
const firstPaintFile = 'first-paint.json';

/** Client routes whose first screen comes from the admin remote; every other route shows the participant one. */
const adminRoutes = /^\/(?:admin|login|dashboard)(?:\/|$)/i;
/**
 * The dashboard: its layout and tables need the shell's second part of Mantine and of its
 * stylesheet (`later` in boot-assets.json).
 */
const dashboardRoutes = /^\/dashboard(?:\/|$)/i;

export function remoteForRoute(pathname: string): RemoteName {
  return adminRoutes.test(pathname) ? 'admin' : 'participant';
}

/** The page variant a route gets: its remote, and whether the dashboard's libraries are preloaded. */
type PageKind = RemoteName | 'dashboard';

export function pageKindForRoute(pathname: string): PageKind {
  return dashboardRoutes.test(pathname) ? 'dashboard' : remoteForRoute(pathname);
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

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
/** The strings of a JSON array (anything else: none). */
const stringsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** The folder a manifest is served from, with its trailing slash. */
const manifestFolder = (manifestUrl: string) => manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);

/** Where a remote's chunks are served from: its manifest's publicPath, or the manifest's folder. */
function remotePublicPath(manifestUrl: string, metaData: Record<string, unknown>): string {
  return typeof metaData.publicPath === 'string' && metaData.publicPath !== 'auto' ? metaData.publicPath : manifestFolder(manifestUrl);
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
    if (!isRecord(expose) || expose.path !== './routes' || !isRecord(expose.assets) || !isRecord(expose.assets.js)) continue;
    for (const file of stringsOf(expose.assets.js.sync)) urls.push(`${publicPath}${file}`);
  }
  return urls;
}

/** What `route-assets.json` (config/route-assets-plugin.cjs) lists for `route`, if anything. */
function routeEntry(routeAssets: unknown, route: string): Record<string, unknown> | undefined {
  if (!isRecord(routeAssets) || !isRecord(routeAssets.routes) || !Object.hasOwn(routeAssets.routes, route)) return undefined;
  const entry = routeAssets.routes[route];
  return isRecord(entry) ? entry : undefined;
}

/** The URLs of the scripts and styles a remote's route entry lists. */
function remoteRouteAssets(manifestUrl: string, manifest: unknown, entry: Record<string, unknown>): { scripts: string[]; styles: string[] } {
  if (!isRecord(manifest) || !isRecord(manifest.metaData)) return { scripts: [], styles: [] };
  const publicPath = remotePublicPath(manifestUrl, manifest.metaData);
  const urls = (value: unknown) => stringsOf(value).map((file) => publicPath + file);
  return { scripts: urls(entry.scripts), styles: urls(entry.styles) };
}

/** A client route as route-assets.json names it: lower case, without a trailing slash or query. */
export const routeKey = (pathname: string) => pathname.toLowerCase().replace(/\/+$/, '') || '/';

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
export function createIndexPage(areas: readonly StaticArea[]) {
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

  const readRouteAssets = stampedReader((value) => value);
  const readRemotePaint = stampedReader(readFirstPaint);
  const readShellPaint = stampedReader(readFirstPaint);

  return (kind: PageKind, pathname = '/'): BuiltPage | undefined => {
    if (!shell || !config) return undefined;
    const name: RemoteName = kind === 'dashboard' ? 'admin' : kind;
    const index = stampOf(path.join(shell.root, 'index.html'));
    if (!index) return undefined;
    const boot = stampOf(path.join(shell.root, 'boot-assets.json'));
    const remote = localManifest(name);
    const manifest = remote ? stampOf(remote.file) : undefined;
    // The remote's own list of what each of its lazily loaded screens needs (dashboard addresses).
    const routes = remote && kind === 'dashboard' ? stampOf(path.join(path.dirname(remote.file), routeAssetsFile)) : undefined;
    // The first paints of the remote's screens, with the shell's part of them.
    const remotePaint = remote && kind !== 'dashboard' ? stampOf(path.join(path.dirname(remote.file), firstPaintFile)) : undefined;
    const shellPaint = remotePaint ? stampOf(path.join(shell.root, firstPaintFile)) : undefined;
    const key = [index.stamp, boot?.stamp, manifest?.stamp, routes?.stamp, remotePaint?.stamp, shellPaint?.stamp].join('|');
    // One page per route the remote lists (a bounded set); every other address of a kind shares one.
    const route = routeKey(pathname);
    const entry = routes ? routeEntry(readRouteAssets(routes), route) : undefined;
    const remoteParts = remotePaint ? readRemotePaint(remotePaint) : undefined;
    const shellParts = shellPaint ? readShellPaint(shellPaint) : undefined;
    const screenPaint = remoteParts && shellParts && Object.hasOwn(remoteParts.routes, route) ? remoteParts.routes[route] : undefined;
    const pageKey = entry || screenPaint !== undefined ? `${kind} ${route}` : kind;
    const cached = pages.get(pageKey);
    if (cached?.key === key) return cached;

    let html: string;
    try {
      html = fs.readFileSync(index.file, 'utf8');
    } catch {
      return undefined;
    }
    const assets = boot ? readJson(boot.file) : undefined;
    const list = (field: string) => (isRecord(assets) ? stringsOf(assets[field]) : []);
    // The dashboard's routes also preload the shares the shell loads later (its layout uses them).
    const later = kind === 'dashboard' && isRecord(assets) && isRecord(assets.later) ? Object.values(assets.later).filter(isRecord) : [];
    const manifestJson = remote && manifest ? readJson(manifest.file) : undefined;
    const screen = remote && entry ? remoteRouteAssets(remote.url, manifestJson, entry) : { scripts: [], styles: [] };
    const data = { config: runtimeConfig(config as Config), ...(remote && manifestJson ? { manifests: { [remote.url]: manifestJson } } : {}) };
    const head = [
      `<script type="application/json" id="${pageElementIds.bootData}">${scriptJson(data)}</script>`,
      ...list('styles').map((file) => `<link rel="stylesheet" href="${attribute(shell.prefix + file)}">`),
      ...[...list('scripts'), ...later.flatMap((share) => stringsOf(share.scripts))].map(
        (file) => `<link rel="preload" as="script" href="${attribute(shell.prefix + file)}">`,
      ),
      ...[...(remote && manifestJson ? remoteStartAssets(remote.url, manifestJson) : []), ...screen.scripts].map(
        (url) => `<link rel="preload" as="script" href="${attribute(url)}">`,
      ),
      ...[...later.flatMap((share) => stringsOf(share.styles)).map((file) => shell.prefix + file), ...screen.styles].map(
        (url) => `<link rel="preload" as="style" href="${attribute(url)}">`,
      ),
    ].join('');
    const at = html.indexOf('</head>') >= 0 ? html.indexOf('</head>') : html.search(/<body[\s>]/i);
    html = at >= 0 ? html.slice(0, at) + head + html.slice(at) : html + head;
    if (remoteParts && shellParts && screenPaint !== undefined) {
      html = withFirstPaint(html, { shellHead: shellParts.head, remoteHead: remoteParts.head, screen: screenPaint });
    }
    const page: BuiltPage = { key, html: Buffer.from(html), encoded: new Map() };
    pages.set(pageKey, page);
    return page;
  };
}

const indexPages = new WeakMap<readonly StaticArea[], ReturnType<typeof createIndexPage>>();

/**
 * Sends the shell's page for a client route (see createIndexPage); false when there is none to
 * compose (no index.html), so the caller answers otherwise.
 */
async function sendShellPage(areas: readonly StaticArea[], request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  let build = indexPages.get(areas);
  if (!build) {
    build = createIndexPage(areas);
    indexPages.set(areas, build);
  }
  const pathname = pathnameOf(request);
  const page = build(pageKindForRoute(pathname), pathname);
  if (!page) return false;
  const { body, encoding } = encodePage(page, request.headers['accept-encoding']);
  reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
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

export interface StaticPluginOptions {
  areas: readonly StaticArea[];
}

/**
 * Serves the shell at `/` and each remote under `/remotes/<name>/`. Wildcard routes look files up
 * per request, so a redeployed remote's new chunks are served without a restart; `.br`/`.gz`
 * siblings are sent to browsers that accept them.
 */
export const staticPlugin = globalPlugin<StaticPluginOptions>('static', async (app, options) => {
  // `/` is a client route like the others: the composed page, not the bare index.html.
  const shell = options.areas.find((area) => area.name === 'shell');
  if (shell) {
    app.get('/', async (request, reply) => {
      if (!isAvailable(shell)) return reply.code(503).send({ message: missingBuildMessage(shell) });
      if (!(await sendShellPage(options.areas, request, reply))) return reply.sendFile('index.html', shell.root);
      return reply;
    });
  }
  let decorated = false;
  // The shell goes first: it decorates `reply.sendFile`, which the index.html fallback uses.
  const ordered = [...options.areas].sort((a, b) => Number(b.name === 'shell') - Number(a.name === 'shell'));
  for (const area of ordered) {
    await app.register(fastifyStatic, {
      root: area.root,
      prefix: area.prefix,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      dotfiles: 'ignore',
      decorateReply: !decorated,
      setHeaders: headersFor(area),
      logLevel: 'warn',
    });
    decorated = true;
  }
});
