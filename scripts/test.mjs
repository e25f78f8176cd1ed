#!/usr/bin/env node
// `pnpm test`: type-check every package, lint, run the unit, component and server tests (the server suite
// on SQLite, and again on PostgreSQL when DATABASE_URL is set), build what is stale, then drive
// the built product in Chromium, and through nginx in front of two processes when nginx and
// DATABASE_URL are there (it says so when they are not). Ends with one line: "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStale } from './build.mjs';
import { otherNode } from './other-node.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const packages = ['shared-api', 'shell', 'participant-app', 'admin-app', 'server', 'e2e', 'bench'];
const reports = mkdtempSync(join(tmpdir(), 'prometrica-test-'));
const tally = { passed: 0, failed: 0 };
/** Every failed test as [where, first line of its error]; summarised at the very end. */
const failedTests = [];
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
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    ...options,
    env: { ...process.env, ...options.env },
  });
  return result.status === 0;
}

const bin = (pkg, file) => join(root, pkg, 'node_modules', ...file.split('/'));

/**
 * Installs Debian's `packages` when `file` is missing and this runs as root with apt-get; otherwise
 * says how to install them.
 */
function ensureDebian(file, packages, why) {
  if (existsSync(file)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const list = packages.join(' ');
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `${file} is missing (${why}). Install it with: sudo apt-get update && sudo apt-get install -y ${list}`,
    );
    return false;
  }
  console.log(`Installing Debian's ${list} (${why})...`);
  return (
    run('apt-get', ['update', '-qq']) &&
    run('apt-get', ['install', '-y', '-qq', ...packages], { env: { DEBIAN_FRONTEND: 'noninteractive' } })
  );
}

const ensureChromium = () =>
  ensureDebian('/usr/bin/chromium', ['chromium', 'fonts-liberation'], 'needed by the end-to-end tests');

/** poppler's pdftotext, pdffonts and pdfinfo read the report PDFs back in the server tests. */
const ensurePoppler = () =>
  ensureDebian('/usr/bin/pdftotext', ['poppler-utils'], "needed by the server tests that read the report PDF's text");

/** Adds up a jest --json report. */
function countJest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  tally.passed += report.numPassedTests;
  tally.failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  for (const suite of report.testResults ?? []) {
    const file = suite.name.slice(root.length);
    const failed = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) failedTests.push([`${file} › ${test.fullName}`, firstLine(test.failureMessages?.[0])]);
    if (failed.length === 0 && suite.status === 'failed') failedTests.push([file, firstLine(suite.message)]);
  }
}

/** The first line of an error that says something (jest prefixes blank lines and ANSI colours). */
function firstLine(text = '') {
  const escape = String.fromCharCode(27);
  const plain = String(text).replaceAll(new RegExp(`${escape}\\[[0-9;]*m`, 'g'), '');
  const line = plain
    .split('\n')
    .map((part) => part.trim())
    .find((part) => part && !part.startsWith('●'));
  return (line ?? 'no message').slice(0, 240);
}

/** Adds up a Playwright JSON report. */
function countPlaywright(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  tally.passed += report.stats.expected + (report.stats.flaky ?? 0);
  tally.failed += report.stats.unexpected;
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        failedTests.push([`${spec.file}:${spec.line} › ${spec.title}`, firstLine(error)]);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
}

function jest(name, projects, env = {}, node = process.execPath, extra = []) {
  const out = join(reports, `${name}.json`);
  const ok = run(
    node,
    [
      bin('server', 'jest/bin/jest.js'),
      '--maxWorkers=2',
      '--projects',
      ...projects,
      '--json',
      `--outputFile=${out}`,
      ...extra,
    ],
    { env },
  );
  countJest(out);
  return ok;
}

/** Type-checks one package; resolves true when clean (output is printed as one block). */
function typecheck(pkg) {
  return new Promise((resolvePromise) => {
    const child = spawn(
      process.execPath,
      [bin(pkg, 'typescript/bin/tsc'), '-p', join(pkg, 'tsconfig.json'), '--noEmit'],
      { cwd: root },
    );
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

await step('poppler', ensurePoppler);

await step('type-check', () => twoAtATime(packages, typecheck));

await step('lint', () => run(process.execPath, [join(root, 'scripts', 'lint.mjs')]));

await step('unit and component tests', () => jest('web', ['shared-api', 'shell', 'participant-app', 'admin-app']));

await step('server tests (SQLite)', () => jest('server-sqlite', ['server'], { DATABASE_URL: '' }));

/**
 * Says which PostgreSQL the suite is about to use and how much room it has, and stops early with a
 * clear message when it can't be reached. The suite opens up to about 30 connections at once.
 */
async function postgresPreflight(url) {
  const pg = createRequire(join(root, 'server', 'package.json'))('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    const { rows } = await client.query(`
      select current_setting('server_version') as version,
             current_setting('max_connections')::int as max,
             (select count(*)::int from pg_stat_activity where backend_type = 'client backend') as used`);
    const { version, max, used } = rows[0];
    console.log(`PostgreSQL ${version}: ${used} of ${max} connections in use`);
    if (max - used < 40)
      console.log(`Warning: only ${max - used} connections free; the suite may fail with "too many clients".`);
    return true;
  } catch (error) {
    console.error(
      `PostgreSQL at DATABASE_URL can't be used: ${error.message}. Unset DATABASE_URL to test on SQLite only.`,
    );
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

if (process.env.DATABASE_URL) {
  const url = process.env.DATABASE_URL;
  await step(
    'server tests (PostgreSQL)',
    async () => (await postgresPreflight(url)) && jest('server-postgres', ['server'], { DATABASE_URL: url }),
  );
}

// CI also runs the server suite on the next Node LTS (TEST_ALSO_NODE=24): the server is what runs
// on Node in production, with the one native module. The component tests run the browser code in
// jsdom, where the Node version is not what they test, so they run once (docs/testing.md).
const alsoNode = process.env.TEST_ALSO_NODE;
if (alsoNode) {
  await step(`server tests on Node ${alsoNode}`, () => {
    const other = otherNode(alsoNode, root);
    console.log(`Node ${other.version}`);
    const restore = other.use();
    try {
      // The fuzzing's 1000 runs a route were made on Node 20 on both engines; here a quarter of
      // them shows the same validation holds on this runtime. The bench's smoke run checks the
      // bench's own code, not the product's, and ran on Node 20.
      return jest(`server-node-${alsoNode}`, ['server'], { DATABASE_URL: '', FUZZ_RUNS: '250' }, other.node, [
        '--testPathIgnorePatterns',
        'bench-smoke',
      ]);
    } finally {
      restore();
    }
  });
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

// The production topology (docs/operations.md): nginx ending TLS with HTTP/2 in front of two server
// processes on PostgreSQL, the remotes from an origin of their own. It needs Debian's nginx (CI
// installs it) and a PostgreSQL, where it makes a database of its own.
const skipped = [];
const nginx = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const topologyMissing = [
  !process.env.DATABASE_URL && 'DATABASE_URL is not set',
  !existsSync(nginx) && `${nginx} is missing (install Debian's nginx: apt-get install nginx)`,
  !chromiumOk && 'Chromium is missing',
  !built && 'the build failed',
].filter(Boolean);
if (topologyMissing.length === 0) {
  await step('production topology test (nginx, HTTPS, two processes on PostgreSQL)', () => {
    const out = join(reports, 'topology.json');
    const ok = run(
      process.execPath,
      [bin('e2e', '@playwright/test/cli.js'), 'test', '--config', 'playwright.topology.config.ts'],
      { cwd: join(root, 'e2e'), env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out } },
    );
    countPlaywright(out);
    return ok;
  });
} else {
  const why = `production topology test: SKIPPED, ${topologyMissing.join('; ')}`;
  console.log(`\n=== ${why}`);
  skipped.push(why);
}

rmSync(reports, { recursive: true, force: true });
console.log('\nTimings:');
for (const [name, seconds, ok] of timings)
  console.log(`  ${ok ? 'ok    ' : 'FAILED'} ${seconds.toFixed(1).padStart(7)} s  ${name}`);
if (failedTests.length > 0) {
  // Grouped by error, so that a cause shared by many tests reads as one line in a short log tail.
  const byError = new Map();
  for (const [where, error] of failedTests) byError.set(error, [...(byError.get(error) ?? []), where]);
  console.log(`\nFailed (${failedTests.length}), by error:`);
  for (const [error, where] of [...byError].slice(0, 8)) {
    console.log(`  ${where.length}× ${error}\n     first: ${where[0]}`);
  }
  if (byError.size > 8) console.log(`  ... and ${byError.size - 8} other errors (see above)`);
}
for (const why of skipped) console.log(`\n${why}`);
console.log(`\n${tally.passed} passed, ${tally.failed} failed`);
process.exit(failures > 0 || tally.failed > 0 ? 1 : 0);
