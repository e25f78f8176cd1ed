import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const repoRoot = resolve(__dirname, '..', '..');
export const ADMIN_EMAIL = 'superadmin@prometrica.test';
export const ADMIN_PASSWORD = 'correct-horse-battery';

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Graceful stop (SIGTERM). */
  stop(): Promise<void>;
  /** Hard stop (SIGKILL), as a crash would. */
  kill9(): Promise<void>;
  /** Output so far, for failure messages. */
  output(): string;
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/** Starts the real server as one node process on a free port, with its own data directory. */
export async function startServer(options: { env?: Record<string, string>; dataDir?: string; port?: number } = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'prometrica-e2e-'));
  const loader = pathToFileURL(join(repoRoot, 'server/node_modules/tsx/dist/loader.mjs')).href;
  let log = '';
  const child = spawn(process.execPath, ['--import', loader, join(repoRoot, 'server/src/server.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (log += String(d)));
  child.stderr?.on('data', (d) => (log += String(d)));
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, () => log);
  const exited = () => new Promise<void>((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r())));
  return {
    url,
    port,
    dataDir,
    process: child,
    output: () => log,
    async stop() {
      child.kill('SIGTERM');
      await exited();
    },
    async kill9() {
      child.kill('SIGKILL');
      await exited();
    },
  };
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}
