#!/usr/bin/env node
// `pnpm start`: build whatever is missing or stale, then run the server in this process group.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serverArgs } from './server-command.mjs';
import { buildStale } from './build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

try {
  buildStale();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const server = spawn(process.execPath, serverArgs(), {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
// Forward stop signals so stopping `pnpm start` never leaves the server running.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
