// Development aid: the CSV and XLSX writers an export could use, alone (no database, no HTTP), on
// ROWS rows (100,000 unless set) shaped like an export's (19 leading cells, 4 categories x 4 figures,
// 30 answers: 65 cells), written in batches of 500 into a stream that counts the bytes and lets the
// writer wait for it as a client would. Each writer runs in a process of its own, so its resident
// memory is its own: seconds, rows a second, bytes, and resident memory before and at its highest.
//
//   node --import tsx src/dev/export-writers.ts
//
// Writers: `csv-stringify` (the export's CSV writer, lib/csv.ts), `csv-hand` (the RFC 4180 writer
// lib/csv.ts had before), `exceljs` (the export's XLSX writer: exceljs's streaming WorkbookWriter), `xlsx-write-stream`
// (another streaming writer; not a dependency of the project: install it apart with
// `npm i --prefix /tmp/alt xlsx-write-stream` and set ALT_MODULES=/tmp/alt/node_modules).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { neutralizeFormula } from '../../../server/src/lib/csv';
import { FileSink } from '../../../server/src/lib/file-reply';
import { writeCsv, writeXlsx, type SheetSource } from '../../../server/src/modules/exports/writers';

const rowCount = Number(process.env.ROWS ?? 100_000);
const batchSize = 500;
const writers = ['csv-lib', 'csv-stringify', 'exceljs', 'xlsx-write-stream'] as const;
type WriterName = (typeof writers)[number];

type Cell = string | number | null;

const answers = ['Concentrating on, understanding and responding', 'true', 'false', 'paraphrasing', 'SWOT', 'servant'];

function row(n: number): Cell[] {
  const at = new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString();
  const cells: Cell[] = [
    `0195${n.toString(16).padStart(8, '0')}-4f37-7000-acb7-fa78e474d148`,
    `adfa7279-bbfd-4ae7-9bfd-${n.toString(16).padStart(12, '0')}`,
    `Participant Number ${n}`,
    `participant${n}@example.com`,
    '+923001234567',
    at,
    null,
    at,
    at,
    n % 2 ? at : null,
    1,
    20,
    10,
    30,
    67,
    'yes',
    'draft',
    null,
    null,
  ];
  for (let category = 0; category < 4; category += 1) cells.push(5, 8, 63, 'Average');
  for (let question = 0; question < 30; question += 1) cells.push(answers[(n + question) % answers.length]!);
  return cells;
}

const header = Array.from({ length: 65 }, (_, index) => `Column ${index + 1}`);

/** Batches of rows, made as they are asked for (as the database would give them). */
async function* batches(): AsyncGenerator<Cell[][]> {
  for (let start = 0; start < rowCount; start += batchSize) {
    yield Array.from({ length: Math.min(batchSize, rowCount - start) }, (_, offset) => row(start + offset));
    await nextTurn();
  }
}

/** A client reading as fast as it can: counts the bytes. */
class Counter extends Writable {
  bytes = 0;
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.bytes += chunk.length;
    setImmediate(done);
  }
}

const write = (stream: Writable, chunk: string) =>
  stream.write(chunk) ? Promise.resolve() : new Promise<void>((resolve) => stream.once('drain', () => resolve()));

/** A module installed apart (ALT_MODULES), for comparison only. */
function alternative<T>(name: string): T {
  const modules = process.env.ALT_MODULES;
  if (!modules) throw new Error(`${name} is not a dependency: install it apart and set ALT_MODULES`);
  return createRequire(join(modules, 'noop.js'))(name) as T;
}

async function run(name: WriterName, out: Counter): Promise<void> {
  const sheet: SheetSource = { name: 'Results', header, batches: batches() };
  switch (name) {
    case 'csv-lib':
      await writeCsv(new FileSink(out), sheet);
      out.end();
      return;
    case 'csv-stringify': {
      const { stringify } = alternative<{ stringify: (rows: Cell[][], options: object) => string }>(
        'csv-stringify/sync',
      );
      const options = {
        record_delimiter: 'windows',
        // Quoting a line break through `cast` is quicker than through `quoted_match`.
        cast: {
          string: (cell: string) => {
            const value = neutralizeFormula(cell);
            return /[\r\n]/.test(value) ? { value, quote: true } : value;
          },
        },
      };
      await write(out, stringify([header], { ...options, bom: true }));
      for await (const rows of batches()) await write(out, stringify(rows, options));
      out.end();
      return;
    }
    case 'exceljs':
      await writeXlsx(new FileSink(out), [sheet]);
      return;
    case 'xlsx-write-stream': {
      // A CommonJS module whose export is the transform's class.
      const XlsxTransform = alternative<new () => Writable>('xlsx-write-stream');
      async function* rows() {
        yield header;
        for await (const batch of batches()) yield* batch.map((cells) => cells.map((cell) => cell ?? ''));
      }
      await pipeline(Readable.from(rows()), new XlsxTransform(), out);
      return;
    }
  }
}

async function measureOne(name: WriterName) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const out = new Counter();
  const started = performance.now();
  await run(name, out);
  if (!out.writableFinished) await new Promise((resolve) => out.once('finish', resolve));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(
    JSON.stringify({
      writer: name,
      rows: rowCount,
      cells: rowCount * header.length,
      megabytes: Math.round(out.bytes / 1024 / 102.4) / 10,
      seconds: Math.round(seconds * 10) / 10,
      rowsPerSecond: Math.round(rowCount / seconds),
      rssBeforeMb: Math.round(before / 1024 / 1024),
      rssAddedMb: Math.round((peak - before) / 1024 / 1024),
    }),
  );
}

const only = process.env.WRITER as WriterName | undefined;
if (only) {
  measureOne(only).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  for (const name of writers) {
    const child = spawnSync(process.execPath, ['--import', 'tsx', __filename], {
      env: { ...process.env, WRITER: name },
      encoding: 'utf8',
    });
    process.stdout.write(child.stdout || `${name}: ${child.stderr.split('\n').slice(0, 3).join(' ')}\n`);
  }
}
