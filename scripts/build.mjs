#!/usr/bin/env node
// Builds the front-end apps whose sources changed since their last build (or all with --all).
// A build is keyed by a hash of its inputs, so a fresh clone, a pull or an edit all rebuild exactly
// what is stale, and `pnpm start` never serves an outdated bundle.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const apps = ['shell', 'participant-app', 'admin-app'];
const shared = ['shared-api/src', 'shared-api/package.json', 'config', 'pnpm-lock.yaml'];
const STAMP = '.build-hash';

function files(path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [full];
  return readdirSync(full, { withFileTypes: true })
    .filter(
      (e) =>
        e.name !== 'node_modules' && e.name !== 'dist' && !e.name.endsWith('.test.ts') && !e.name.endsWith('.test.tsx'),
    )
    .flatMap((e) => files(join(path, e.name)));
}

/** Hash of everything that goes into an app's bundle. */
export function inputHash(app) {
  const hash = createHash('sha256');
  for (const file of [
    ...files(`${app}/src`),
    ...files(`${app}/webpack.config.cjs`),
    ...files(`${app}/package.json`),
    ...shared.flatMap(files),
  ].sort()) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

export function isStale(app) {
  const stamp = join(root, app, 'dist', STAMP);
  return !existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== inputHash(app);
}

/** Builds one app with webpack in production mode and records its input hash. */
export function buildApp(app) {
  const started = Date.now();
  console.log(`[build] ${app}: building...`);
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'],
    {
      cwd: join(root, app),
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error(`[build] ${app} failed`);
  writeFileSync(join(root, app, 'dist', STAMP), inputHash(app) + '\n');
  console.log(`[build] ${app}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export function buildStale({ all = false, only } = {}) {
  const wanted = only ? [only] : apps;
  const todo = wanted.filter((app) => all || isStale(app));
  if (todo.length === 0) console.log('[build] every app is up to date');
  for (const app of todo) buildApp(app);
  return todo;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const onlyIndex = process.argv.indexOf('--only');
  try {
    buildStale({ all: process.argv.includes('--all'), only: onlyIndex > 0 ? process.argv[onlyIndex + 1] : undefined });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
