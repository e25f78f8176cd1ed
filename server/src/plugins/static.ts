import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { globalPlugin } from '../lib/plugin';
import type { NotFoundFallback } from './errors';
import { sendShellPage } from './index-page';

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
    {
      name: 'participant',
      root: config.dist.participant,
      prefix: '/remotes/participant/',
      crossOrigin: true,
      configuredUrl: config.remotes.participant,
    },
    {
      name: 'admin',
      root: config.dist.admin,
      prefix: '/remotes/admin/',
      crossOrigin: true,
      configuredUrl: config.remotes.admin,
    },
  ];
}

const immutableCache = 'public, max-age=31536000, immutable';
// Entry points name the current hashed files, so they must be revalidated on every load.
const entryPoints = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js']);
const contentHash = /(?:^|[.\-_])[0-9a-f]{8,}(?=[.\-_]|$)/i;
const compressedSuffix = /\.(?:br|gz)$/;

/** Cache policy by file name: content-hashed files forever, everything else revalidated. */
function cacheControlFor(filePath: string): string {
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
 * index.html (`/admin`, `/dashboard/overview`, ...), composed for the route (index-page.ts), a
 * missing build gets a 503 naming it, and everything else (API routes, missing assets) is left to
 * the JSON 404.
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
    if (!(await sendShellPage(areas, pathname, request, reply))) await reply.sendFile('index.html', shell.root);
    return true;
  };
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
      if (!(await sendShellPage(options.areas, pathnameOf(request), request, reply)))
        return reply.sendFile('index.html', shell.root);
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
