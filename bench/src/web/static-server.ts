// The first-load baseline's host: a tiny static server for bench/baseline/dist/<screen>, sending the
// same precompressed .br/.gz files the product's server sends, with the same cache headers.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { freePort } from '../api/processes';

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

export interface StaticSite {
  url: string;
  close(): Promise<void>;
}

/** Which precompressed sibling to send for an Accept-Encoding header. */
export function pickEncoding(accept: string | undefined, file: string): { file: string; encoding?: 'br' | 'gzip' } {
  const wanted = (accept ?? '').toLowerCase();
  if (/\bbr\b/.test(wanted) && existsSync(`${file}.br`)) return { file: `${file}.br`, encoding: 'br' };
  if (/\bgzip\b/.test(wanted) && existsSync(`${file}.gz`)) return { file: `${file}.gz`, encoding: 'gzip' };
  return { file };
}

/**
 * Serves `dir` at `/`; paths without a file extension get index.html (a single-page app).
 * `pages` adds small fixed HTML pages (e.g. the input-latency baseline).
 */
export async function startStaticSite(dir: string, pages: Record<string, string> = {}): Promise<StaticSite> {
  const port = await freePort();
  const server: Server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (pages[pathname] !== undefined) {
      res.setHeader('content-type', types['.html']!);
      res.setHeader('cache-control', 'no-cache');
      return res.end(pages[pathname]);
    }
    let file = normalize(join(dir, pathname));
    if (!file.startsWith(dir)) {
      res.statusCode = 403;
      return res.end();
    }
    if (!extname(pathname)) file = join(dir, 'index.html');
    if (!existsSync(file) || statSync(file).isDirectory()) {
      res.statusCode = 404;
      return res.end('not found');
    }
    const chosen = pickEncoding(req.headers['accept-encoding'], file);
    res.setHeader('content-type', types[extname(file)] ?? 'application/octet-stream');
    res.setHeader('vary', 'Accept-Encoding');
    res.setHeader('cache-control', /\.[0-9a-f]{8}\./.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (chosen.encoding) res.setHeader('content-encoding', chosen.encoding);
    res.setHeader('content-length', statSync(chosen.file).size);
    createReadStream(chosen.file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
