// The processes a load runs against: the real server (started exactly as the end-to-end tests do,
// one node process) and the bare Fastify baseline.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freePort, startServer, type RunningServer } from '../../../e2e/support/server';

export { ADMIN_EMAIL, ADMIN_PASSWORD, freePort, type RunningServer };

/** Token signing secret the bench gives the server, so it can issue participant tokens in bulk. */
export const benchJwtSecret = 'bench-secret-for-load-tests-only-0123456789abcdef';

/**
 * The real server for the load. Every request comes from this one address, where in use each
 * address is a participant or a classroom: the per-address bound on answer saves is set out of
 * reach, so the load measures the saves rather than the bound.
 */
export async function startBenchServer(env: Record<string, string>, dataDir: string): Promise<RunningServer> {
  return startServer({
    dataDir,
    env: { ...env, JWT_SECRET: benchJwtSecret, LOG_LEVEL: 'warn', ANSWER_SAVES_PER_MINUTE: '999999999' },
  });
}

/**
 * The server's settings that serve another build's front end: `dist`, a folder holding an earlier
 * build's shell, participant and admin dist folders (for the development aids' A/B runs).
 */
export function earlierBuildEnv(dist: string): Record<string, string> {
  return {
    SHELL_DIST: join(dist, 'shell'),
    PARTICIPANT_DIST: join(dist, 'participant'),
    ADMIN_DIST: join(dist, 'admin'),
  };
}

export interface BareServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts the bare Fastify baseline and waits until it listens. */
export async function startBareServer(): Promise<BareServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(__dirname, 'bare-server.cjs')], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bare server did not start: ${output}`)), 15000);
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
      if (output.includes('listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}: ${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
