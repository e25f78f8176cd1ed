/**
 * The real server as a process of its own, started exactly like production (one node process),
 * on a port of its own, for the reliability tests and the end-to-end tests (e2e/support/server.ts).
 * Node's own modules only, so any test runner can load it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const repoRoot = path.resolve(__dirname, '..', '..', '..');

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, Math.max(0, ms)));
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Resolves `outcome`, or null after `ms`; the timer never outlives the race. */
async function within<T>(outcome: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([outcome, new Promise<null>((done) => (timer = setTimeout(() => done(null), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

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

/** Every child this file started, so `killStarted()` can end the ones still running (by PID). */
const startedChildren = new Set<ChildProcess>();

const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** SIGKILLs every server this test file started that still runs; for `afterAll`. */
export async function killStarted(): Promise<void> {
  await Promise.all(
    [...startedChildren].map(async (child) => {
      if (isRunning(child)) {
        const exited = new Promise<void>((done) => child.once('exit', () => done()));
        child.kill('SIGKILL');
        await within(exited, 5000);
      }
      startedChildren.delete(child);
    }),
  );
}

export interface ProcessSettings {
  /** For messages: which server this is ("A", "B", "crash"). */
  name: string;
  port: number;
  dataDir: string;
  /** The rest of its environment (accounts, database, builds), over this process's own. */
  env: Record<string, string>;
}

export interface ServerProcess {
  name: string;
  pid: number;
  port: number;
  url: string;
  child: ChildProcess;
  /** The last 64 KB of its output, for failure messages. */
  output(): string;
  /** When it was spawned and when it printed that it listens (ms since epoch). */
  spawnedAt: number;
  listeningAt(): number | null;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  running(): boolean;
  /** A crash: SIGKILL, then wait for the exit. */
  kill9(): Promise<void>;
  /** Graceful stop (SIGTERM); resolves with the exit code, SIGKILLs and throws after 20 s. */
  stop(): Promise<number | null>;
}

/** Starts the server (the command of scripts/server-command.mjs) and waits until `GET /api/health` answers 200. */
export async function startServerProcess(settings: ProcessSettings, healthTimeoutMs: number): Promise<ServerProcess> {
  const process_ = spawnServerProcess(settings);
  try {
    await waitForHealth(process_, healthTimeoutMs);
  } catch (error) {
    if (process_.running()) await process_.kill9();
    throw error;
  }
  return process_;
}

/** Spawns the server without waiting for it to listen. */
export function spawnServerProcess(settings: ProcessSettings): ServerProcess {
  const loader = pathToFileURL(path.join(repoRoot, 'server/node_modules/tsx/dist/loader.mjs')).href;
  const child = spawn(process.execPath, ['--import', loader, path.join(repoRoot, 'server/src/server.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(settings.port),
      HOST: '127.0.0.1',
      DATA_DIR: settings.dataDir,
      LOG_LEVEL: 'warn',
      ...settings.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  startedChildren.add(child);
  if (child.pid === undefined) throw new Error(`could not start server ${settings.name}`);
  let log = '';
  const spawnedAt = Date.now();
  let listeningAt: number | null = null;
  const keep = (chunk: unknown) => {
    log += String(chunk);
    if (listeningAt === null && log.includes('is running at')) listeningAt = Date.now();
    if (log.length > 64 * 1024) log = log.slice(-64 * 1024);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
    child.once('exit', (code, signal) => {
      startedChildren.delete(child);
      done({ code, signal });
    });
  });
  const pid = child.pid;
  return {
    name: settings.name,
    pid,
    port: settings.port,
    url: `http://127.0.0.1:${settings.port}`,
    child,
    output: () => log,
    spawnedAt,
    listeningAt: () => listeningAt,
    exited,
    running: () => isRunning(child),
    async kill9() {
      if (isRunning(child)) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!isRunning(child)) return child.exitCode;
      child.kill('SIGTERM');
      const outcome = await within(exited, 20_000);
      if (outcome === null) {
        child.kill('SIGKILL');
        await exited;
        throw new Error(`server ${settings.name} (pid ${pid}) did not stop within 20 s of SIGTERM:\n${log}`);
      }
      return outcome.code;
    },
  };
}

async function waitForHealth(server: ServerProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!server.running()) {
      throw new Error(`server ${server.name} (pid ${server.pid}) exited before it was healthy:\n${server.output()}`);
    }
    try {
      const response = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(
    `server ${server.name} (pid ${server.pid}) was not healthy within ${seconds(timeoutMs)}:\n${server.output()}`,
  );
}
