// The budgets: every figure with its baseline from the same run, the ratio, the limit and a verdict.
import type { DataOutResult } from './api/data-out';
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

interface RowOptions {
  baseline?: number;
  baselineLabel?: string;
  kind?: 'min' | 'max' | 'info';
  limit?: number;
  ratioLimit?: number;
  budget?: string;
}

/** A figure set beside its baseline from the same run, with a budget or for information. */
const vs = (baselineLabel: string, baseline: number, budget: RowOptions = {}): RowOptions => ({
  baseline,
  baselineLabel,
  ...budget,
});
/** A budget the figure may not exceed. */
const atMost = (limit: number, budget: string): RowOptions => ({ kind: 'max', limit, budget });

function row(
  section: string,
  measure: string,
  value: number,
  format: (v: number) => string,
  options: RowOptions = {},
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
const saves = (v: number) => `${fixed(v, 0)} saves/s`;
const ms = (v: number) => `${fixed(v, 1)} ms`;
const count = (v: number) => String(v);
const secs = (v: number) => `${fixed(v, 2)} s`;
const megabytes = (v: number) => `${fixed(v)} MB`;

/** getquestion's p99 limit, under full load and beside an export alike. */
const getquestionP99 = 25;

/** The exports' and the report PDF's rows: their budgets from issue 25, getquestion's from above. */
function dataOutRows(section: string, dataOut: DataOutResult | { error: string }): Row[] {
  if ('error' in dataOut) {
    return [
      {
        section,
        measure: `data out did not complete: ${dataOut.error.slice(0, 80)}`,
        value: '',
        baseline: '',
        ratio: '',
        budget: 'completes',
        status: 'FAIL',
        data: { value: 0, kind: 'info' },
      },
    ];
  }
  const alone = dataOut.getquestionAlone;
  const at = `${Math.round(dataOut.expectedRows / 1000)}k`;
  const exportRows = (figures: DataOutResult['csv'], limitSeconds: number) => {
    const name = figures.format.toUpperCase();
    return [
      row(
        section,
        `${name} export of ${at} results × 30 answers (${fixed(figures.bytes / 1024 / 1024)} MB)`,
        figures.seconds,
        secs,
        atMost(limitSeconds, `≤ ${limitSeconds} s`),
      ),
      row(
        section,
        `${name} export: rows read − results (announced ${figures.announcedRows})`,
        Math.abs(figures.rows - dataOut.expectedRows),
        count,
        atMost(0, '0'),
      ),
      row(
        section,
        `${name} export: server memory added (from ${fixed(figures.memory.beforeMb, 0)} MB)`,
        figures.memory.addedMb,
        megabytes,
        atMost(100, '≤ 100 MB'),
      ),
      row(
        section,
        `getquestion p99 during the ${name} export (${figures.getquestion.connections} conn)`,
        figures.getquestion.latencyMs.p99,
        ms,
        vs(`alone, ${alone.connections} conn`, alone.latencyMs.p99, atMost(getquestionP99, `≤ ${getquestionP99} ms`)),
      ),
    ];
  };
  return [
    ...exportRows(dataOut.csv, 10),
    ...exportRows(dataOut.xlsx, 30),
    row(
      section,
      `report PDF p95 (${dataOut.pdf.count} results, 1 conn)`,
      dataOut.pdf.latencyMs.p95,
      ms,
      vs('result JSON', dataOut.pdf.json.p95, atMost(300, '≤ 300 ms')),
    ),
  ];
}

export function apiRows(result: EngineResult): Row[] {
  const section = `API ${result.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`;
  const { bare, getquestion, submitanswer, results, resultsSearch, insights, stats, driver, upsertDriver, answerSave } =
    result;
  const participants = result.seed.rows.results ?? 0;
  const at = `${Math.round(participants / 1000)}k`;
  const answersEach = Math.round((result.seed.rows.answers ?? 0) / Math.max(1, participants));
  return [
    row(
      section,
      `getquestion throughput (${getquestion.connections} conn)`,
      getquestion.requestsPerSecond,
      rps,
      vs('bare', bare.loaded.requestsPerSecond, { kind: 'min', ratioLimit: 0.5, budget: '≥ 0.5× bare' }),
    ),
    row(
      section,
      'getquestion p99',
      getquestion.latencyMs.p99,
      ms,
      vs('bare', bare.loaded.latencyMs.p99, atMost(getquestionP99, `≤ ${getquestionP99} ms`)),
    ),
    row(
      section,
      `submitanswer, 30 answers (${submitanswer.connections} conn)`,
      submitanswer.requestsPerSecond,
      subs,
      vs(`driver, ${driver.connections} conn`, driver.submissionsPerSecond, {
        kind: 'min',
        ratioLimit: 0.5,
        budget: '≥ 0.5× driver',
      }),
    ),
    row(
      section,
      `submitanswer p99 (middle of ${result.submitanswerRounds.p99.length} rounds)`,
      submitanswer.latencyMs.p99,
      ms,
      vs('bare', bare.loaded.latencyMs.p99, atMost(50, '≤ 50 ms')),
    ),
    row(
      section,
      'submitanswer errors, all rounds (non-2xx + failed)',
      result.submitanswerRounds.failed,
      count,
      atMost(0, '0'),
    ),
    row(
      section,
      `answer save at ${at} (${answerSave.connections} conn)`,
      answerSave.requestsPerSecond,
      saves,
      vs(`driver upsert, ${upsertDriver.connections} conn`, upsertDriver.upsertsPerSecond, {
        kind: 'min',
        ratioLimit: 0.5,
        budget: '≥ 0.5× driver',
      }),
    ),
    row(
      section,
      'answer save p99',
      answerSave.latencyMs.p99,
      ms,
      vs('bare', bare.loaded.latencyMs.p99, atMost(25, '≤ 25 ms')),
    ),
    row(
      section,
      'answer save errors (non-2xx + failed)',
      answerSave.non2xx + answerSave.warmupNon2xx + answerSave.errors,
      count,
      atMost(0, '0'),
    ),
    // The results page as it opens reads its summary from the aggregates: 5 ms and 1,000 req/s. With
    // a search, and the dashboard's figures, 20 ms at one connection; Insights of 100,000 × 30 too.
    ...(
      [
        ['results page', results, 5, 1000],
        ['results search', resultsSearch, 20, undefined],
        ['dashboard figures', stats, 20, undefined],
        [`insights figures (× ${answersEach} answers)`, insights, 20, undefined],
      ] as const
    ).flatMap(([page, figures, p95, throughput]) => [
      row(
        section,
        `${page} p95 at ${at} (1 conn)`,
        figures.single.latencyMs.p95,
        ms,
        vs('bare', bare.single.latencyMs.p95, atMost(p95, `≤ ${p95} ms`)),
      ),
      row(
        section,
        `${page} at ${at} (${figures.loaded.connections} conn)`,
        figures.loaded.requestsPerSecond,
        rps,
        vs(
          'bare',
          bare.loaded.requestsPerSecond,
          throughput === undefined ? {} : { kind: 'min', limit: throughput, budget: `≥ ${throughput} req/s` },
        ),
      ),
      row(
        section,
        `${page} p95 at ${at} (${figures.loaded.connections} conn)`,
        figures.loaded.latencyMs.p95,
        ms,
        vs('bare', bare.loaded.latencyMs.p95),
      ),
    ]),
    ...dataOutRows(section, result.dataOut),
  ];
}

export function webRows(result: WebResult): Row[] {
  const { details, login, peer } = result.firstLoad;
  const { detailsLcp, usable, answer, resultsLcp } = result.lab;
  const first = 'First load';
  const lab = 'Lab (4× CPU, slow 4G)';
  const plain = (baseline: number, budget?: RowOptions) => vs('plain', baseline, budget);
  /** Beside the same details form built with SurveyJS, in the same run. */
  const peerOf = (baseline: number, budget?: RowOptions) => vs('SurveyJS', baseline, budget);
  /** How many requests a first load waits on one after another: at most four. */
  const chained = (page: string, load: typeof details) =>
    row(
      first,
      `${page}: requests chained`,
      load.shell.chain.length,
      count,
      plain(load.baseline.chain.length, atMost(4, '≤ 4')),
    );
  return [
    row(
      first,
      'details screen JS, gzip',
      details.shell.bytes.gzip,
      kb,
      plain(details.baseline.bytes.gzip, { ...atMost(200 * 1024, '≤ 200 KB and ≤ 1.3×'), ratioLimit: 1.3 }),
    ),
    row(first, 'details screen JS, gzip, against SurveyJS', details.shell.bytes.gzip, kb, peerOf(peer.bytes.gzip)),
    row(first, 'details screen JS, brotli', details.shell.bytes.br, kb, plain(details.baseline.bytes.br)),
    row(first, 'details screen JS, raw', details.shell.bytes.raw, kb, plain(details.baseline.bytes.raw)),
    chained('details screen', details),
    row(first, 'details screen: requests', details.shell.requests, count, peerOf(peer.requests)),
    row(
      first,
      'admin login JS, gzip',
      login.shell.bytes.gzip,
      kb,
      plain(login.baseline.bytes.gzip, { kind: 'max', ratioLimit: 1.2, budget: '≤ 1.2×' }),
    ),
    row(first, 'admin login JS, brotli', login.shell.bytes.br, kb, plain(login.baseline.bytes.br)),
    chained('admin login', login),
    row(lab, 'LCP of / (details)', detailsLcp.shell.ms, ms, plain(detailsLcp.baseline.ms, atMost(2000, '≤ 2000 ms'))),
    row(lab, 'LCP of / (details), against SurveyJS', detailsLcp.shell.ms, ms, peerOf(detailsLcp.peer.ms)),
    // Usable: three fields take typing and Continue is visible (lab.ts, measureUsable).
    row(
      lab,
      'details form usable',
      usable.shell.ms,
      ms,
      vs('plain LCP', detailsLcp.baseline.ms, { kind: 'max', ratioLimit: 1, budget: '≤ 1.0× plain LCP' }),
    ),
    row(
      lab,
      'details form usable, against SurveyJS',
      usable.shell.ms,
      ms,
      peerOf(usable.peer.ms, { kind: 'max', ratioLimit: 0.3, budget: '≤ 0.3×' }),
    ),
    row(lab, 'details form usable, plain build', usable.baseline.ms, ms, vs('plain LCP', detailsLcp.baseline.ms)),
    row(
      lab,
      'answer → next question painted',
      answer.shell.ms,
      ms,
      vs('plain page', answer.baseline.ms, atMost(100, '≤ 100 ms')),
    ),
    row(
      lab,
      'LCP of /dashboard/result',
      resultsLcp.shell.ms,
      ms,
      vs('plain login', resultsLcp.baseline.ms, { ...atMost(2500, '≤ 2500 ms and ≤ 1.2×'), ratioLimit: 1.2 }),
    ),
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
