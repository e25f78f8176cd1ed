import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '@playwright/test';
import { freePort, repoRoot, startServerProcess } from '../../server/test/helpers/server-process';

export const ADMIN_EMAIL = 'superadmin@prometrica.test';
export const ADMIN_PASSWORD = 'correct-horse-battery';

export { freePort, repoRoot };

export interface RunningServer {
  url: string;
  port: number;
  /** The server's process id (the bench reads its resident memory from /proc). */
  pid: number;
  dataDir: string;
  /** Graceful stop (SIGTERM). */
  stop(): Promise<void>;
  /** Hard stop (SIGKILL), as a crash would. */
  kill9(): Promise<void>;
  /** Output so far, for failure messages. */
  output(): string;
}

/** Starts the real server as one node process on a free port, with its own data directory. */
export async function startServer(
  options: { env?: Record<string, string>; dataDir?: string; port?: number } = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'prometrica-e2e-'));
  const env = { DATABASE_URL: '', ADMIN_EMAIL, ADMIN_PASSWORD, ...options.env };
  const server = await startServerProcess({ name: 'e2e', port, dataDir, env }, 30_000);
  return {
    url: server.url,
    port,
    pid: server.pid,
    dataDir,
    output: server.output,
    kill9: server.kill9,
    async stop() {
      await server.stop();
    },
  };
}

/** Runs `work` against a server of its own (started with `options`), then stops it and removes its data. */
export async function withServer(
  options: Parameters<typeof startServer>[0],
  work: (server: RunningServer) => Promise<void>,
): Promise<void> {
  const server = await startServer(options);
  try {
    await work(server);
  } finally {
    await server.stop();
    removeDir(server.dataDir);
  }
}

/**
 * One server for the tests of this file (or of the describe block it is called in): started before
 * the first, stopped and its data removed after the last. Read its url inside the tests.
 */
export function useServer(): Pick<RunningServer, 'url'> {
  let server: RunningServer | undefined;
  test.beforeAll(async () => {
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });
  return {
    get url() {
      if (!server) throw new Error('the server starts before the first test: read it inside a test');
      return server.url;
    },
  };
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}
