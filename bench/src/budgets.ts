// The budgets: every figure with its baseline from the same run, the ratio, the limit and a verdict.
import type { EngineResult } from './api/suite';
import type { WebResult } from './web/suite';

export interface Row {
  section: string;
  measure: string;
  value: string;
  baseline: string;
  ratio: string;
  budget: string;
  /** PASS/FAIL for budgets, empty for figures shown for information. */
  status: 'PASS' | 'FAIL' | '';
  /** Machine-readable figures. */
  data: { value: number; baseline?: number; ratio?: number; limit?: number; kind: 'min' | 'max' | 'info' };
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : String(value));
const kb = (bytes: number) => `${fixed(bytes / 1024)} KB`;

function row(
  section: string,
  measure: string,
  value: number,
  format: (v: number) => string,
  options: {
    baseline?: number;
    baselineLabel?: string;
    kind?: 'min' | 'max' | 'info';
    limit?: number;
    ratioLimit?: number;
    budget?: string;
  } = {},
): Row {
  const kind = options.kind ?? 'info';
  const ratio = options.baseline ? value / options.baseline : undefined;
  let pass = true;
  if (options.limit !== undefined) pass &&= kind === 'min' ? value >= options.limit : value <= options.limit;
  if (options.ratioLimit !== undefined && ratio !== undefined)
    pass &&= kind === 'min' ? ratio >= options.ratioLimit : ratio <= options.ratioLimit;
  const hasBudget = options.limit !== undefined || options.ratioLimit !== undefined;
  return {
    section,
    measure,
    value: format(value),
    baseline:
      options.baseline !== undefined
        ? `${format(options.baseline)}${options.baselineLabel ? ` ${options.baselineLabel}` : ''}`
        : '',
    ratio: ratio !== undefined ? `${fixed(ratio, 2)}×` : '',
    budget: options.budget ?? '',
    status: hasBudget ? (pass ? 'PASS' : 'FAIL') : '',
    data: {
      value,
      ...(options.baseline !== undefined ? { baseline: options.baseline } : {}),
      ...(ratio !== undefined ? { ratio: Math.round(ratio * 1000) / 1000 } : {}),
      ...(options.limit !== undefined
        ? { limit: options.limit }
        : options.ratioLimit !== undefined
          ? { limit: options.ratioLimit }
          : {}),
      kind,
    },
  };
}

const rps = (v: number) => `${fixed(v, 0)} req/s`;
const subs = (v: number) => `${fixed(v, 0)} sub/s`;
const ms = (v: number) => `${fixed(v, 1)} ms`;
const count = (v: number) => String(v);

export function apiRows(result: EngineResult): Row[] {
  const section = `API ${result.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`;
  const { bare, getquestion, submitanswer, results, stats, driver } = result;
  const participants = result.seed.rows.results ?? 0;
  const at = `${Math.round(participants / 1000)}k`;
  return [
    row(section, `getquestion throughput (${getquestion.connections} conn)`, getquestion.requestsPerSecond, rps, {
      baseline: bare.loaded.requestsPerSecond,
      baselineLabel: 'bare',
      kind: 'min',
      ratioLimit: 0.5,
      budget: '≥ 0.5× bare',
    }),
    row(section, 'getquestion p99', getquestion.latencyMs.p99, ms, {
      baseline: bare.loaded.latencyMs.p99,
      baselineLabel: 'bare',
      kind: 'max',
      limit: 25,
      budget: '≤ 25 ms',
    }),
    row(section, `submitanswer, 30 answers (${submitanswer.connections} conn)`, submitanswer.requestsPerSecond, subs, {
      baseline: driver.submissionsPerSecond,
      baselineLabel: `driver, ${driver.connections} conn`,
      kind: 'min',
      ratioLimit: 0.5,
      budget: '≥ 0.5× driver',
    }),
    row(
      section,
      `submitanswer p99 (middle of ${result.submitanswerRounds.p99.length} rounds)`,
      submitanswer.latencyMs.p99,
      ms,
      {
        baseline: bare.loaded.latencyMs.p99,
        baselineLabel: 'bare',
        kind: 'max',
        limit: 50,
        budget: '≤ 50 ms',
      },
    ),
    row(section, 'submitanswer errors, all rounds (non-2xx + failed)', result.submitanswerRounds.failed, count, {
      kind: 'max',
      limit: 0,
      budget: '0',
    }),
    row(section, `results page p95 at ${at} (1 conn)`, results.single.latencyMs.p95, ms, {
      baseline: bare.single.latencyMs.p95,
      baselineLabel: 'bare',
      kind: 'max',
      limit: 20,
      budget: '≤ 20 ms',
    }),
    row(section, `results page at ${at} (${results.loaded.connections} conn)`, results.loaded.requestsPerSecond, rps, {
      baseline: bare.loaded.requestsPerSecond,
      baselineLabel: 'bare',
    }),
    row(section, `results page p95 at ${at} (${results.loaded.connections} conn)`, results.loaded.latencyMs.p95, ms, {
      baseline: bare.loaded.latencyMs.p95,
      baselineLabel: 'bare',
    }),
    row(section, `dashboard figures p95 at ${at} (1 conn)`, stats.single.latencyMs.p95, ms, {
      baseline: bare.single.latencyMs.p95,
      baselineLabel: 'bare',
      kind: 'max',
      limit: 20,
      budget: '≤ 20 ms',
    }),
    row(section, `dashboard figures at ${at} (${stats.loaded.connections} conn)`, stats.loaded.requestsPerSecond, rps, {
      baseline: bare.loaded.requestsPerSecond,
      baselineLabel: 'bare',
    }),
    row(section, `dashboard figures p95 at ${at} (${stats.loaded.connections} conn)`, stats.loaded.latencyMs.p95, ms, {
      baseline: bare.loaded.latencyMs.p95,
      baselineLabel: 'bare',
    }),
  ];
}

export function webRows(result: WebResult): Row[] {
  const { details, login } = result.firstLoad;
  const { detailsLcp, answer, resultsLcp } = result.lab;
  const first = 'First load';
  const lab = 'Lab (4× CPU, slow 4G)';
  return [
    row(first, 'details screen JS, gzip', details.shell.bytes.gzip, kb, {
      baseline: details.baseline.bytes.gzip,
      baselineLabel: 'plain',
      kind: 'max',
      limit: 200 * 1024,
      ratioLimit: 1.6,
      budget: '≤ 200 KB and ≤ 1.6×',
    }),
    row(first, 'details screen JS, brotli', details.shell.bytes.br, kb, {
      baseline: details.baseline.bytes.br,
      baselineLabel: 'plain',
    }),
    row(first, 'details screen JS, raw', details.shell.bytes.raw, kb, {
      baseline: details.baseline.bytes.raw,
      baselineLabel: 'plain',
    }),
    row(first, 'details screen: requests chained', details.shell.chain.length, count, {
      baseline: details.baseline.chain.length,
      baselineLabel: 'plain',
      kind: 'max',
      limit: 4,
      budget: '≤ 4',
    }),
    row(first, 'admin login JS, gzip', login.shell.bytes.gzip, kb, {
      baseline: login.baseline.bytes.gzip,
      baselineLabel: 'plain',
      kind: 'max',
      ratioLimit: 1.5,
      budget: '≤ 1.5×',
    }),
    row(first, 'admin login JS, brotli', login.shell.bytes.br, kb, {
      baseline: login.baseline.bytes.br,
      baselineLabel: 'plain',
    }),
    row(first, 'admin login: requests chained', login.shell.chain.length, count, {
      baseline: login.baseline.chain.length,
      baselineLabel: 'plain',
      kind: 'max',
      limit: 4,
      budget: '≤ 4',
    }),
    row(lab, 'LCP of / (details)', detailsLcp.shell.ms, ms, {
      baseline: detailsLcp.baseline.ms,
      baselineLabel: 'plain',
      kind: 'max',
      limit: 2000,
      budget: '≤ 2000 ms',
    }),
    row(lab, 'answer → next question painted', answer.shell.ms, ms, {
      baseline: answer.baseline.ms,
      baselineLabel: 'plain page',
      kind: 'max',
      limit: 100,
      budget: '≤ 100 ms',
    }),
    row(lab, 'LCP of /dashboard/result', resultsLcp.shell.ms, ms, {
      baseline: resultsLcp.baseline.ms,
      baselineLabel: 'plain login',
      kind: 'max',
      limit: 2500,
      budget: '≤ 2500 ms',
    }),
  ];
}

/** The one table, as fixed-width text. */
export function formatTable(rows: readonly Row[]): string {
  const headers = ['Section', 'Measure', 'Value', 'Baseline', 'Ratio', 'Budget', 'Status'];
  const cells = rows.map((r) => [r.section, r.measure, r.value, r.baseline, r.ratio, r.budget, r.status]);
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i]!))
      .join(' | ')
      .trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('-|-'), ...cells.map(line)].join('\n');
}

/** The same table in Markdown (for the README). */
export function markdownTable(rows: readonly Row[]): string {
  const headers = ['Section', 'Measure', 'Value', 'Baseline', 'Ratio', 'Budget', 'Status'];
  const escape = (v: string) => v.replace(/\|/g, '\\|');
  return [
    `| ${headers.join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map(
      (r) => `| ${[r.section, r.measure, r.value, r.baseline, r.ratio, r.budget, r.status].map(escape).join(' | ')} |`,
    ),
  ].join('\n');
}
