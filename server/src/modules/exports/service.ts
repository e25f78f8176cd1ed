import { resultExportSheets, type resultExportQuerySchema } from '@prometrica/shared-api/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Executor, Store } from '../../db/types';
import { isPostgres } from '../../db/postgres/postgres';
import { FileReply, producedStream } from '../../lib/file-reply';
import { badRequest } from '../../lib/http-errors';
import { record, type AuditActor } from '../audit/service';
import { countResults, resultFilterOf, type ResultFilter } from '../results/service';
import {
  countConcernRatings,
  readConcernBatch,
  readResultBatch,
  type ExportedResultRow,
  type ResultCursor,
} from './repository';
import { concernHeader, concernRow, resultTable, type Cell } from './table';
import { writeCsv, writeXlsx, type SheetSource } from './writers';

/**
 * Results read per query while exporting, by format. Each batch holds its results' answers (about
 * 5 kB of JSON each) while its rows are written; the batch must be gone before the garbage
 * collector's young generation fills a couple of times, or it is promoted and the heap grows (by
 * 100 MB and more at 100,000 results, measured). On SQLite a query runs on the event loop, so its
 * size is how long other requests wait behind it: 100 a query, where 250 (as before) took the
 * export as long and left getquestion beside it at a p99 of 9.3-13.4 ms instead of 6.7-10.6 (10
 * connections, `bench/src/dev/data-out.ts`); 500 had added 114 MB, against 67 MB at 250. On
 * PostgreSQL, where each query is a round trip to another process, 500 a query took a CSV export
 * from 8.8 s to 7.1 s and added 45 MB, not 40 (with the server's heap setting,
 * lib/heap-growth.ts). XLSX rows cost several times more (exceljs builds each row and its XML): 50
 * a query on both.
 */
export const exportBatchSizes = { csv: { sqlite: 100, postgres: 500 }, xlsx: { sqlite: 50, postgres: 50 } } as const;

/** The batch size of a format on the store's engine. */
const batchSizeOf = (db: Executor, format: keyof typeof exportBatchSizes) =>
  exportBatchSizes[format][isPostgres(db) ? 'postgres' : 'sqlite'];

/** Rows made and handed to the writer at once. */
const rowsPerWrite = 50;

/**
 * The results under the filter, oldest first, as rows of the results sheet, a batch at a time.
 *
 * On PostgreSQL the next batch is asked for before this one's rows are made: the query runs in
 * PostgreSQL's process while the event loop writes, instead of the event loop waiting for it (a
 * round trip and the join of 500 results each time). Two batches are then alive at once. On SQLite
 * a statement runs on the event loop, so reading ahead would gain nothing, and the next batch is
 * read only once this one is written: read ahead there, it lived on through the garbage collector's
 * young generation, was promoted, and the heap grew by over 100 MB at 100,000 results (measured;
 * without, it stays flat).
 */
async function* resultRows(
  db: Executor,
  filter: ResultFilter,
  batchSize: number,
  row: (result: ExportedResultRow) => Cell[],
): AsyncGenerator<Cell[][]> {
  const readAhead = isPostgres(db);
  const read = (cursor: ResultCursor | undefined) => {
    const batch = readResultBatch(db, filter, cursor, batchSize);
    // A batch read ahead may be left unread when the client goes away: its failure is not unhandled.
    batch.catch(() => undefined);
    return batch;
  };
  let next = read(undefined);
  for (;;) {
    const batch = await next;
    if (batch.length === 0) return;
    const last = batch.at(-1)!;
    const more = batch.length === batchSize;
    const cursor = { createdAt: last.created_at, id: last.id };
    if (more && readAhead) next = read(cursor);
    // Rows are made a few at a time, as the writer takes them: made all at once, a batch's cells
    // outlived the garbage collector's young generation while the XLSX writer worked through them,
    // and the heap grew by tens of MB.
    for (let start = 0; start < batch.length; start += rowsPerWrite)
      yield batch.slice(start, start + rowsPerWrite).map(row);
    if (!more) return;
    if (!readAhead) next = read(cursor);
  }
}

/** The concern ratings of the participants of the results under the filter, a batch at a time. */
async function* concernRows(db: Executor, filter: ResultFilter, batchSize: number): AsyncGenerator<Cell[][]> {
  let cursor: ResultCursor | undefined;
  for (;;) {
    const { rows, last } = await readConcernBatch(db, filter, cursor, batchSize);
    if (!last) return;
    yield rows.map(concernRow);
    cursor = last;
  }
}

export const exportMediaTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** The filters as the audit entries of exports and archives record them (only those given). */
export const givenFilters = (query: Readonly<Record<string, unknown>>) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ''));

/**
 * `GET admin/results/export`: the results under the list's filters as CSV or XLSX, streamed. The
 * row count (`X-Export-Rows`, also in the audit entry) is counted first, so the client can show
 * progress; the columns are read next; then the rows, a batch at a time as the client takes them.
 * An XLSX has two sheets (results, concerns); a CSV holds one, `part`.
 */
export async function exportResults(
  store: Store,
  actor: AuditActor,
  query: z.output<typeof resultExportQuerySchema>,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<FileReply> {
  if (query.format === 'xlsx' && query.part === 'concerns') {
    throw badRequest(
      'part: an XLSX holds the results and the concerns as two sheets; part chooses between them for CSV only',
      'part',
    );
  }
  const filter = resultFilterOf(query);
  const concernsOnly = query.part === 'concerns';
  const rows = concernsOnly ? await countConcernRatings(store.db, filter) : await countResults(store.db, filter);
  const table = concernsOnly ? undefined : await resultTable(store, filter);
  await record(store.db, actor, {
    action: 'results.export',
    targetType: 'results',
    after: { ...givenFilters(query), rows },
  });

  const concerns: SheetSource = {
    name: resultExportSheets.concerns,
    header: concernHeader,
    batches: concernRows(store.db, filter, batchSizeOf(store.db, query.format)),
  };
  const results: SheetSource | undefined = table && {
    name: resultExportSheets.results,
    header: table.header,
    batches: resultRows(store.db, filter, batchSizeOf(store.db, query.format), (result) => table.row(result)),
  };
  const body = producedStream(
    (sink) => (query.format === 'csv' ? writeCsv(sink, results ?? concerns) : writeXlsx(sink, [results!, concerns])),
    (error) => log.error({ err: error }, 'the results export failed while it was being sent'),
  );
  const day = now.toISOString().slice(0, 10);
  return new FileReply({
    contentType: exportMediaTypes[query.format],
    filename: `${concernsOnly ? 'concerns' : 'results'}-${day}.${query.format}`,
    body,
    headers: { 'x-export-rows': String(rows) },
  });
}
