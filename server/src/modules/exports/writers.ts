import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { neutralizeFormula, toCsv } from '../../lib/csv';
import type { FileSink } from '../../lib/file-reply';
import type { Cell } from './table';

// The two file formats, each written a batch of rows at a time into a `FileSink`: each batch waits
// for the client to take the bytes before the next is read (backpressure) and lets other requests
// run in between.

/** A sheet of the file: its name (XLSX), its header and its rows, a batch at a time. */
export interface SheetSource {
  name: string;
  header: readonly string[];
  batches: AsyncIterable<Cell[][]>;
}

/** CSV (UTF-8 with a byte order mark, RFC 4180, CRLF): one sheet, the header first. */
export async function writeCsv(sink: FileSink, sheet: SheetSource): Promise<void> {
  await sink.write(toCsv([sheet.header], { bom: true }));
  for await (const rows of sheet.batches) {
    if (rows.length > 0) await sink.write(toCsv(rows));
    await sink.pause();
  }
}

/**
 * A cell as the XLSX holds it: text neutralised as in the CSV (Excel stores an XLSX string cell as
 * text and never evaluates it, but a file copied out of it, or opened by another program, should
 * hold what the CSV holds), numbers as numbers.
 */
const xlsxCell = (cell: Cell) => (typeof cell === 'string' ? neutralizeFormula(cell) : cell);

/**
 * The streams a sheet's XML is written into. exceljs's streaming writer hands each sheet's bytes to
 * its ZIP's deflater without waiting for it (it ignores what `write` returns): rows are made faster
 * than they are compressed, and at 100,000 rows the backlog held a few hundred MB. Waiting for
 * these to drain after each batch holds the writer to the deflater's pace. (`stream.pipes` is the
 * writer's own: the deflater the ZIP pipes the sheet into once it reaches the sheet's entry.)
 */
const sheetTargets = (sheet: ExcelJS.Worksheet): Writable[] =>
  (sheet as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes ?? [];

/**
 * XLSX through exceljs's streaming writer: inline strings (no shared-strings table held in memory
 * until the end) and no styles, each row committed as soon as it is added; the sheets one after
 * the other (a ZIP holds one entry at a time).
 */
export async function writeXlsx(sink: FileSink, sheets: readonly SheetSource[]): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink.stream,
    useStyles: false,
    useSharedStrings: false,
  });
  for (const source of sheets) {
    const sheet = workbook.addWorksheet(source.name);
    sheet.addRow(source.header.map(xlsxCell)).commit();
    for await (const rows of source.batches) {
      for (const row of rows) sheet.addRow(row.map(xlsxCell)).commit();
      for (const target of sheetTargets(sheet)) await sink.drainedStream(target);
      await sink.drained();
      await sink.pause();
    }
    sheet.commit();
  }
  await workbook.commit();
}
