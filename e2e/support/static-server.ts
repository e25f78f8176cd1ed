import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { freePort } from './server';

const types: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.html': 'text/html',
};

export interface StaticHost {
  url: string;
  /** While down, every request answers 503 (a remote host that is unavailable). */
  setDown(down: boolean): void;
  requests: string[];
  close(): Promise<void>;
}

/** A plain static host with CORS, like a CDN serving one remote's dist folder. */
export async function startStaticHost(dir: string): Promise<StaticHost> {
  const port = await freePort();
  let down = false;
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(path);
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (down) {
      res.statusCode = 503;
      return res.end('unavailable');
    }
    const file = normalize(join(dir, path));
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) {
      res.statusCode = 404;
      return res.end('not found');
    }
    res.setHeader('Content-Type', types[extname(file)] ?? 'application/octet-stream');
    res.setHeader('Cache-Control', 'no-cache');
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${port}`,
    setDown: (value) => (down = value),
    requests,
    close: () =>
      new Promise((r) => {
        server.close(() => r());
        // The browser may still hold a keep-alive connection: cut it rather than wait for it.
        server.closeAllConnections();
      }),
  };
}
