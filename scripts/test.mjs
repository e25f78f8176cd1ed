#!/usr/bin/env node
// `pnpm test`: type-check every package, run the unit, component and server tests (the server suite
// on SQLite, and again on PostgreSQL when DATABASE_URL is set), build what is stale, then drive
// the built product in Chromium. Ends with one line: "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStale } from './build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const packages = ['shared-api', 'shell', 'participant-app', 'admin-app', 'server', 'e2e', 'bench'];
const reports = mkdtempSync(join(tmpdir(), 'prometrica-test-'));
const tally = { passed: 0, failed: 0 };
const timings = [];
let failures = 0;

async function step(name, fn) {
  const started = Date.now();
  console.log(`\n=== ${name}`);
  let ok = false;
  try {
    ok = await fn();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
  }
  const seconds = (Date.now() - started) / 1000;
  timings.push([name, seconds, ok]);
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${seconds.toFixed(1)} s)`);
  if (!ok) failures++;
  return ok;
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
  return result.status === 0;
}

const bin = (pkg, file) => join(root, pkg, 'node_modules', ...file.split('/'));

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error('Chromium is missing. Install it with: sudo apt-get update && sudo apt-get install -y chromium fonts-liberation');
    return false;
  }
  console.log('Installing Debian\'s chromium (needed by the end-to-end tests)...');
  return run('apt-get', ['update', '-qq']) && run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-liberation'], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
}

/** Adds up a jest --json report. */
function countJest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  tally.passed += report.numPassedTests;
  tally.failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
}

/** Adds up a Playwright JSON report. */
function countPlaywright(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  tally.passed += report.stats.expected + (report.stats.flaky ?? 0);
  tally.failed += report.stats.unexpected;
}

function jest(name, projects, env = {}) {
  const out = join(reports, `${name}.json`);
  const ok = run(process.execPath, [bin('server', 'jest/bin/jest.js'), '--maxWorkers=2', '--projects', ...projects, '--json', `--outputFile=${out}`], { env });
  countJest(out);
  return ok;
}

/** Type-checks one package; resolves true when clean (output is printed as one block). */
function typecheck(pkg) {
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, [bin(pkg, 'typescript/bin/tsc'), '-p', join(pkg, 'tsconfig.json'), '--noEmit'], { cwd: root });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      console.log(`tsc ${pkg}: ${code === 0 ? 'clean' : 'errors'}${output ? '\n' + output : ''}`);
      resolvePromise(code === 0);
    });
  });
}

/** Runs tasks two at a time (the machines have two cores). */
async function twoAtATime(items, task) {
  const results = [];
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) results.push(await task(item));
  };
  await Promise.all([worker(), worker()]);
  return results.every(Boolean);
}

const chromiumOk = await step('chromium', ensureChromium);

await step('type-check', () => twoAtATime(packages, typecheck));

await step('unit and component tests', () => jest('web', ['shared-api', 'shell', 'participant-app', 'admin-app']));

await step('server tests (SQLite)', () => jest('server-sqlite', ['server'], { DATABASE_URL: '' }));

if (process.env.DATABASE_URL) {
  await step('server tests (PostgreSQL)', () => jest('server-postgres', ['server'], { DATABASE_URL: process.env.DATABASE_URL }));
}

const built = await step('build', () => {
  buildStale();
  return true;
});

if (chromiumOk && built) {
  await step('end-to-end tests (Chromium)', () => {
    const out = join(reports, 'e2e.json');
    const ok = run(process.execPath, [bin('e2e', '@playwright/test/cli.js'), 'test'], {
      cwd: join(root, 'e2e'),
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out, DATABASE_URL: '' },
    });
    countPlaywright(out);
    return ok;
  });
}

rmSync(reports, { recursive: true, force: true });
console.log('\nTimings:');
for (const [name, seconds, ok] of timings) console.log(`  ${ok ? 'ok    ' : 'FAILED'} ${seconds.toFixed(1).padStart(7)} s  ${name}`);
console.log(`\n${tally.passed} passed, ${tally.failed} failed`);
process.exit(failures > 0 || tally.failed > 0 ? 1 : 0);
