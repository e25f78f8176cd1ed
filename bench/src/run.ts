// `pnpm bench`: builds what is stale, measures the API (SQLite, and PostgreSQL when DATABASE_URL is
// set), first load and lab page speed against baselines measured in the same run, prints one
// table, writes bench/results/latest.json and its table into docs/performance.md, and exits non-zero when a budget is missed.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { cpuTimes, stolenPercent } from './api/host-steal';
import { runApiSuite, type EngineResult } from './api/suite';
import { buildBaselineIfStale } from './baseline-build';
import { apiRows, formatTable, webRows, type Row } from './budgets';
import { repoRoot, resultsDir } from './paths';
import { writePerformanceDoc } from './performance-doc';
import { settings } from './settings';
import { runWebSuite, type WebResult } from './web/suite';

const log = (line: string) => console.log(`[bench] ${line}`);

async function main(): Promise<number> {
  const started = Date.now();
  const cpuAtStart = cpuTimes();
  const { buildStale } = (await import(join(repoRoot, 'scripts', 'build.mjs'))) as { buildStale: () => string[] };
  buildStale();
  buildBaselineIfStale(log);

  const postgresUrl = process.env.DATABASE_URL || undefined;
  const engines: EngineResult[] = [];
  let web: WebResult | undefined;

  const errors: Row[] = [];
  const failedPart = (section: string, error: unknown) => {
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    console.error(`[bench] ${section} failed:`, error);
    errors.push({
      section,
      measure: `did not complete: ${message.slice(0, 80)}`,
      value: '',
      baseline: '',
      ratio: '',
      budget: 'completes',
      status: 'FAIL',
      data: { value: 0, kind: 'info' },
    });
  };

  log(`settings ${JSON.stringify(settings)}`);
  try {
    const sqlite = await runApiSuite('sqlite', { ...settings, log, keepServer: true });
    try {
      // The browser lab runs against the same server and its 100,000 participants.
      web = await runWebSuite({
        serverUrl: sqlite.server!.url,
        adminToken: sqlite.adminToken!,
        labRuns: settings.labRuns,
        answers: settings.answers,
        log,
      });
    } catch (error) {
      failedPart('Browser', error);
    }
    try {
      // After the lab, on the server restarted: its memory is measured from a fresh process.
      await sqlite.measureDataOut?.();
    } finally {
      await sqlite.server?.stop();
      await sqlite.database?.drop();
    }
    engines.push(strip(sqlite));
  } catch (error) {
    failedPart('API SQLite', error);
  }
  if (postgresUrl) {
    try {
      engines.push(await runApiSuite('postgres', { ...settings, postgresUrl, log }));
    } catch (error) {
      failedPart('API PostgreSQL', error);
    }
  } else {
    log('DATABASE_URL is not set: PostgreSQL skipped');
  }

  const rows: Row[] = [...engines.flatMap(apiRows), ...(web ? webRows(web) : []), ...errors];
  const failed = rows.filter((r) => r.status === 'FAIL');
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`\n${formatTable(rows)}\n`);
  const stolen = stolenPercent(cpuAtStart, cpuTimes());
  console.log(
    `${rows.filter((r) => r.status === 'PASS').length} budgets met, ${failed.length} missed (${seconds} s` +
      (stolen === undefined ? ')' : `; the host took ${stolen}% of the CPU time)`),
  );

  mkdirSync(resultsDir, { recursive: true });
  const report = {
    finishedAt: new Date().toISOString(),
    seconds,
    commit: currentCommit(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      node: process.version,
      loadAverage: loadavg(),
      stolenPercent: stolen ?? null,
    },
    settings,
    rows,
    api: engines,
    web,
    passed: failed.length === 0,
  };
  writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  log(`wrote ${join('bench', 'results', 'latest.json')}`);
  writePerformanceDoc(report);
  log('wrote the latest run into docs/performance.md');
  return failed.length === 0 ? 0 : 1;
}

/** The commit measured, with "+changes" when the work tree differs from it. */
function currentCommit(): string | null {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
    return git('rev-parse', 'HEAD') + (git('status', '--porcelain', '--untracked-files=no') ? '+changes' : '');
  } catch {
    return null;
  }
}

/** The result without the live handles (server, database). */
function strip(result: EngineResult): EngineResult {
  const { server: _server, database: _database, adminToken: _token, measureDataOut: _measure, ...rest } = result;
  return rest;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(2);
  },
);
