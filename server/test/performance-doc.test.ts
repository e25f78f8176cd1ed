// docs/performance.md shows the latest bench run as bench/results/latest.json holds it: the table is
// written by `pnpm bench` (or `pnpm bench:doc`), never pasted by hand.
import { readFileSync } from 'node:fs';
import {
  latestRunSection,
  performanceDoc,
  readLatestReport,
  withLatestRun,
  type BenchReport,
} from '../../bench/src/performance-doc';

test('docs/performance.md holds the latest run of bench/results/latest.json', () => {
  const doc = readFileSync(performanceDoc, 'utf8');
  expect(doc).toContain(latestRunSection(readLatestReport()));
});

test('a new report replaces the section and leaves the rest of the page alone', () => {
  const report: BenchReport = {
    finishedAt: '2026-01-02T03:04:05.000Z',
    seconds: 300,
    commit: '0123456789abcdef0123456789abcdef01234567+changes',
    machine: { cpus: 2, cpuModel: 'CPU', node: 'v24.0.0', stolenPercent: 1 },
    rows: [
      {
        section: 'API',
        measure: 'a | b',
        value: '1 ms',
        baseline: '',
        ratio: '',
        budget: '≤ 2 ms',
        status: 'PASS',
        data: { value: 1, kind: 'max' },
      },
      {
        section: 'API',
        measure: 'c',
        value: '3 ms',
        baseline: '',
        ratio: '',
        budget: '≤ 2 ms',
        status: 'FAIL',
        data: { value: 3, kind: 'max' },
      },
    ],
    passed: false,
  };
  const page = withLatestRun(readFileSync(performanceDoc, 'utf8'), report);
  expect(page).toContain(
    'at 0123456+changes, 2 cores (CPU), Node v24.0.0, 300 s, host steal 1%. 1 budgets met, 1 missed.',
  );
  expect(page).toContain('| API | a \\| b | 1 ms |  |  | ≤ 2 ms | PASS |');
  expect(page.startsWith('# Performance')).toBe(true);
  expect(withLatestRun(page, readLatestReport())).toBe(readFileSync(performanceDoc, 'utf8'));
  expect(() => withLatestRun('# no section', report)).toThrow(/latest-run section/);
});
