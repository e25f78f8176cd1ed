// Data out: the results exports (CSV and XLSX of every seeded result, 30 answers each) timed to
// their last byte, with the server's resident memory sampled while each runs and getquestion under
// a light load beside it; and the report PDF, one result after another, beside the same result's
// JSON. Every file is read in full and checked (rows counted, PDF header), so a figure is never
// that of a refusal or a short file.
import { readFileSync } from 'node:fs';
import { createInflateRaw } from 'node:zlib';
import { percentile, runLoad, type LoadCase, type LoadResult } from './load';

export interface DataOutOptions {
  url: string;
  adminToken: string;
  /** The server's process id, whose resident memory is sampled. */
  serverPid: number;
  /** The list's filters that hold exactly the seeded results (query-string values). */
  filter: Record<string, string>;
  /** How many results the filter holds (the seed's count): every file must have that many rows. */
  expectedRows: number;
  /** getquestion as the API suite loads it (participants' tokens in turn). */
  getquestion: LoadCase;
  /** Connections of the getquestion load beside each export. */
  loadConnections: number;
  /** Seconds of getquestion alone at those connections (the baseline). */
  aloneSeconds: number;
  /** Report PDFs fetched one after another (each a different result). */
  reportPdfs: number;
  log?: (line: string) => void;
}

export interface ExportFigures {
  format: 'csv' | 'xlsx';
  /** From sending the request to the last byte read. */
  seconds: number;
  /** From sending the request to the first byte of the file (the count and the columns are read first). */
  firstByteSeconds: number;
  bytes: number;
  /** Data rows read back from the file (header left out), and the rows the server announced. */
  rows: number;
  announcedRows: number;
  /** The server's resident memory just before the export, its highest while it ran, and the difference (MB). */
  memory: { beforeMb: number; peakMb: number; addedMb: number; samples: number };
  /** getquestion while the export ran. */
  getquestion: LoadResult;
}

export interface PdfFigures {
  count: number;
  /** The first report read (not counted): it counts the cohort and loads the font. */
  firstMs: number;
  bytes: number;
  latencyMs: { p50: number; p95: number; max: number };
  /** `GET admin/getquizresult/:id` of the same results, one before each PDF. */
  json: { p50: number; p95: number; max: number };
}

export interface DataOutResult {
  expectedRows: number;
  /** getquestion alone at the same connections, just before the exports. */
  getquestionAlone: LoadResult;
  csv: ExportFigures;
  xlsx: ExportFigures;
  pdf: PdfFigures;
}

/** The load's warm-up beside an export, and how long after starting it the export is asked for (its thread starts first). */
const loadWarmupSeconds = 0.5;
const loadLeadMs = 600;

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The process's resident memory in bytes (`VmRSS` of /proc/<pid>/status). */
export function residentBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`/proc/${pid}/status has no VmRSS line`);
  return Number(match[1]) * 1024;
}

/** Samples the process's resident memory every `everyMs` until stopped; the highest reading. */
function sampleMemory(pid: number, everyMs = 100) {
  let peak = residentBytes(pid);
  let samples = 1;
  const timer = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid));
    samples += 1;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, residentBytes(pid));
      return { peak, samples: samples + 1 };
    },
  };
}

/** Counts CSV records as the bytes arrive: line feeds outside quoted fields (a doubled quote toggles twice). */
export class CsvRecordCounter {
  records = 0;
  bytes = 0;
  private quoted = false;
  private last = -1;
  private first: number[] = [];

  push(chunk: Uint8Array): void {
    if (this.first.length < 3) this.first.push(...chunk.subarray(0, 3 - this.first.length));
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (byte === 0x22) this.quoted = !this.quoted;
      else if (byte === 0x0a && !this.quoted) this.records += 1;
    }
    if (chunk.length > 0) this.last = chunk[chunk.length - 1]!;
    this.bytes += chunk.length;
  }

  /** Records in the file (a last one without its line break counted too). */
  total(): number {
    return this.records + (this.bytes > 0 && this.last !== 0x0a ? 1 : 0);
  }

  /** Whether the file starts with UTF-8's byte order mark. */
  hasBom(): boolean {
    return this.first[0] === 0xef && this.first[1] === 0xbb && this.first[2] === 0xbf;
  }
}

/** One entry of a ZIP read from its central directory: where its compressed bytes are. */
interface ZipEntry {
  name: string;
  method: number;
  data: Buffer;
}

/** The entries of a ZIP (no ZIP64: an export's file stays far below 4 GB and 65,535 entries). */
export function zipEntries(zip: Buffer): ZipEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a ZIP: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`ZIP central directory entry ${n} is damaged`);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({ name, method, data: zip.subarray(dataAt, dataAt + size) });
    at += 46 + skip;
  }
  return entries;
}

/** How many `<row` elements a worksheet holds, inflated as a stream (a sheet of 100,000 rows is hundreds of MB). */
export async function countSheetRows(entry: ZipEntry): Promise<number> {
  if (entry.method !== 8) throw new Error(`${entry.name} is not deflated (method ${entry.method})`);
  const tag = Buffer.from('<row');
  let rows = 0;
  let carry = Buffer.alloc(0);
  const inflate = createInflateRaw();
  inflate.end(entry.data);
  for await (const piece of inflate as AsyncIterable<Buffer>) {
    const text = carry.length > 0 ? Buffer.concat([carry, piece]) : piece;
    let at = text.indexOf(tag);
    while (at >= 0 && at + tag.length < text.length) {
      const next = text[at + tag.length];
      if (next === 0x20 || next === 0x3e) rows += 1;
      at = text.indexOf(tag, at + tag.length);
    }
    // A tag cut by the chunk's end is looked for again with the next one.
    carry = Buffer.from(text.subarray(Math.max(0, text.length - tag.length)));
  }
  return rows;
}

/** The data rows of each sheet of an XLSX (its header row left out), by the sheet's file name. */
export async function xlsxSheetRows(xlsx: Buffer): Promise<Record<string, number>> {
  const sheets = zipEntries(xlsx).filter((entry) => /^xl\/worksheets\/sheet\d+\.xml$/.test(entry.name));
  const rows: Record<string, number> = {};
  for (const sheet of sheets) rows[sheet.name] = (await countSheetRows(sheet)) - 1;
  return rows;
}

async function getJson<T>(url: string, token: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * One export, timed from the request to its last byte, read as a client saving the file would:
 * the server's memory sampled meanwhile, getquestion loaded beside it for exactly as long.
 */
async function measureExport(format: 'csv' | 'xlsx', options: DataOutOptions): Promise<ExportFigures> {
  const query = new URLSearchParams({ ...options.filter, format });
  const stop = new AbortController();
  // Longer than any export may take: the load ends when the file has arrived. Its connections are
  // open and past their warm-up before the export is asked for.
  const load = runLoad(options.url, options.getquestion, {
    connections: options.loadConnections,
    seconds: 600,
    warmupSeconds: loadWarmupSeconds,
    stop: stop.signal,
  });
  await new Promise((resolve) => setTimeout(resolve, loadLeadMs));
  // The baseline: the server as it is just before the export, getquestion's load already on it.
  const before = residentBytes(options.serverPid);
  const memory = sampleMemory(options.serverPid);
  const started = performance.now();
  let seconds = 0;
  let firstByteSeconds = 0;
  let announcedRows = Number.NaN;
  const counter = new CsvRecordCounter();
  const kept: Buffer[] = [];
  try {
    const response = await fetch(`${options.url}/api/admin/results/export?${query}`, {
      headers: { authorization: `Bearer ${options.adminToken}` },
    });
    if (!response.ok || !response.body) {
      throw new Error(`the ${format} export answered ${response.status}: ${await response.text()}`);
    }
    announcedRows = Number(response.headers.get('x-export-rows'));
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      const chunk = read.value;
      if (counter.bytes === 0) firstByteSeconds = (performance.now() - started) / 1000;
      if (format === 'csv') counter.push(chunk);
      else {
        kept.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        counter.bytes += chunk.byteLength;
      }
    }
    seconds = (performance.now() - started) / 1000;
  } catch (error) {
    stop.abort();
    memory.stop();
    await load.catch(() => undefined);
    throw error;
  }
  stop.abort();
  const { peak, samples } = memory.stop();
  const getquestion = await load;
  let rows: number;
  if (format === 'csv') {
    if (!counter.hasBom()) throw new Error('the CSV export does not start with a byte order mark');
    rows = counter.total() - 1;
  } else {
    const sheets = await xlsxSheetRows(Buffer.concat(kept));
    const results = sheets['xl/worksheets/sheet1.xml'];
    if (results === undefined) throw new Error(`the XLSX export has no first sheet: ${Object.keys(sheets).join(', ')}`);
    rows = results;
  }
  return {
    format,
    seconds: round(seconds, 2),
    firstByteSeconds: round(firstByteSeconds, 2),
    bytes: counter.bytes,
    rows,
    announcedRows,
    memory: { beforeMb: mb(before), peakMb: mb(peak), addedMb: mb(Math.max(0, peak - before)), samples },
    getquestion,
  };
}

/** Times one GET to its last byte; checks it with `check`. */
async function timed(url: string, token: string, check: (response: Response, body: Buffer) => string | undefined) {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  const problem = response.ok ? check(response, body) : `answered ${response.status}: ${body.toString('utf8', 0, 300)}`;
  if (problem) throw new Error(`GET ${url} ${problem}`);
  return { ms, bytes: body.length };
}

const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 0.5)),
    p95: round(percentile(sorted, 0.95)),
    max: round(sorted[sorted.length - 1] ?? 0),
  };
};

/**
 * Report PDFs of different results, one after another on one connection, each after the same
 * result's JSON (`admin/getquizresult/:id`, the same rows read and serialised without drawing a
 * page), so both see the machine in the same moments.
 */
async function measurePdfs(options: DataOutOptions): Promise<PdfFigures> {
  const query = new URLSearchParams({ ...options.filter, page: '1', limit: String(options.reportPdfs + 1) });
  const { results } = await getJson<{ results: { _id: string }[] }>(
    `${options.url}/api/admin/getquizresult?${query}`,
    options.adminToken,
  );
  if (results.length < options.reportPdfs + 1) {
    throw new Error(
      `${options.reportPdfs + 1} results are needed for the report PDFs, the list gave ${results.length}`,
    );
  }
  const isPdf = (response: Response, body: Buffer) =>
    body.subarray(0, 5).toString('latin1') !== '%PDF-'
      ? 'is not a PDF'
      : !response.headers.get('content-type')?.startsWith('application/pdf')
        ? `has the type ${response.headers.get('content-type')}`
        : undefined;
  const isJson = (response: Response) =>
    response.headers.get('content-type')?.includes('json') ? undefined : 'is not JSON';
  const pdfUrl = (id: string) => `${options.url}/api/admin/reports/${encodeURIComponent(id)}/pdf`;
  const jsonUrl = (id: string) => `${options.url}/api/admin/getquizresult/${encodeURIComponent(id)}`;
  const [first, ...measured] = results.map((result) => result._id);
  await timed(jsonUrl(first!), options.adminToken, isJson);
  const firstPdf = await timed(pdfUrl(first!), options.adminToken, isPdf);
  const pdf: number[] = [];
  const json: number[] = [];
  let bytes = 0;
  for (const id of measured.slice(0, options.reportPdfs)) {
    json.push((await timed(jsonUrl(id), options.adminToken, isJson)).ms);
    const one = await timed(pdfUrl(id), options.adminToken, isPdf);
    pdf.push(one.ms);
    bytes += one.bytes;
  }
  return {
    count: pdf.length,
    firstMs: round(firstPdf.ms),
    bytes: Math.round(bytes / pdf.length),
    latencyMs: spread(pdf),
    json: spread(json),
  };
}

/** The exports and the report PDFs, against a server holding the seeded results. */
export async function measureDataOut(options: DataOutOptions): Promise<DataOutResult> {
  const log = options.log ?? (() => {});
  const getquestionAlone = await runLoad(options.url, options.getquestion, {
    connections: options.loadConnections,
    seconds: options.aloneSeconds,
    warmupSeconds: 0.5,
  });
  log(`getquestion alone at ${options.loadConnections} conn: p99 ${getquestionAlone.latencyMs.p99} ms`);
  const exports: ExportFigures[] = [];
  for (const format of ['csv', 'xlsx'] as const) {
    const figures = await measureExport(format, options);
    log(
      `${format} export of ${figures.rows} rows (${mb(figures.bytes)} MB) in ${figures.seconds} s, the first byte ` +
        `after ${figures.firstByteSeconds} s; server memory ` +
        `${figures.memory.beforeMb} → ${figures.memory.peakMb} MB (+${figures.memory.addedMb}); getquestion p99 ` +
        `${figures.getquestion.latencyMs.p99} ms (${figures.getquestion.requests} requests)`,
    );
    exports.push(figures);
  }
  const pdf = await measurePdfs(options);
  log(
    `report PDF p95 ${pdf.latencyMs.p95} ms (${pdf.count}, about ${Math.round(pdf.bytes / 1024)} KB each; the first ` +
      `${pdf.firstMs} ms); the result's JSON p95 ${pdf.json.p95} ms`,
  );
  return { expectedRows: options.expectedRows, getquestionAlone, csv: exports[0]!, xlsx: exports[1]!, pdf };
}
