// The latest run's table in docs/performance.md, written from bench/results/latest.json by
// `pnpm bench` (and by `pnpm bench:doc` from a kept latest.json), never pasted by hand: a test
// checks that the page shows what latest.json holds.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownTable, type Row } from './budgets';
import { repoRoot, resultsDir } from './paths';

export const performanceDoc = join(repoRoot, 'docs', 'performance.md');
export const latestResults = join(resultsDir, 'latest.json');
const start = '<!-- latest bench run: written by pnpm bench from bench/results/latest.json -->';
const end = '<!-- end of latest bench run -->';

/** What the section needs of a bench report (bench/results/latest.json). */
export interface BenchReport {
  finishedAt: string;
  seconds: number;
  commit?: string | null;
  machine: { cpus: number; cpuModel?: string; node: string; stolenPercent: number | null };
  rows: Row[];
  passed: boolean;
}

/** The section's Markdown for one report. */
export function latestRunSection(report: BenchReport): string {
  const met = report.rows.filter((r) => r.status === 'PASS').length;
  const missed = report.rows.filter((r) => r.status === 'FAIL').length;
  const { machine } = report;
  const facts = [
    `finished ${report.finishedAt.slice(0, 16).replace('T', ' ')} UTC`,
    report.commit ? `at ${report.commit.replace(/^([0-9a-f]{7})[0-9a-f]*/, '$1')}` : undefined,
    `${machine.cpus} cores${machine.cpuModel ? ` (${machine.cpuModel})` : ''}`,
    `Node ${machine.node}`,
    `${report.seconds} s`,
    machine.stolenPercent === null ? undefined : `host steal ${machine.stolenPercent}%`,
  ].filter(Boolean);
  return [
    start,
    '',
    `Latest run: ${facts.join(', ')}. ${met} budgets met, ${missed} missed.`,
    '',
    markdownTable(report.rows),
    '',
    end,
  ].join('\n');
}

/** Replaces the latest-run section of `markdown` (which must have one) with `report`'s. */
export function withLatestRun(markdown: string, report: BenchReport): string {
  const from = markdown.indexOf(start);
  const to = markdown.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/performance.md has no latest-run section (${start})`);
  return markdown.slice(0, from) + latestRunSection(report) + markdown.slice(to + end.length);
}

export function readLatestReport(): BenchReport {
  return JSON.parse(readFileSync(latestResults, 'utf8')) as BenchReport;
}

/** Writes the latest report into docs/performance.md. */
export function writePerformanceDoc(report: BenchReport = readLatestReport()): void {
  if (!existsSync(performanceDoc)) throw new Error('docs/performance.md is missing');
  writeFileSync(performanceDoc, withLatestRun(readFileSync(performanceDoc, 'utf8'), report));
}
