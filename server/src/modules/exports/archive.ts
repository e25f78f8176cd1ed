import { Readable, type PassThrough } from 'node:stream';
import type { reportArchiveQuerySchema } from '@prometrica/shared-api/contract';
import type { FastifyBaseLogger } from 'fastify';
import yazl from 'yazl';
import type { z } from 'zod';
import { FileReply } from '../../lib/file-reply';
import { badRequest, notFound } from '../../lib/http-errors';
import { record, type AuditActor } from '../audit/service';
import { adminReportPdf, reportFileName, type ReportDeps } from '../reports/service';
import { countResults, resultFilterOf } from '../results/service';
import { readArchiveEntries } from './repository';
import { givenFilters } from './service';

// "Download all reports": a ZIP of the admin's PDF of every result under the list's filters. Each
// PDF costs tens of milliseconds of CPU, so an archive holds at most `reportArchiveLimit` of them,
// and each is rendered only when the ZIP has been taken up to it: one PDF at a time in memory, the
// event loop free between two.

/** The most reports one archive holds; more under the filters is refused (400) with a way out. */
export const reportArchiveLimit = 2000;

export const noReportsMessage = 'No results match these filters, so there are no reports to download';

/** Waits while the ZIP's output holds more than its mark (the client has not taken it yet). */
function drained(stream: PassThrough): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/**
 * `GET admin/reports/archive`: the ZIP, streamed. Entries are stored, not deflated (a PDF is
 * compressed already), named `report-<name>-<submission day>-<result id>.pdf` (the PDF's own name
 * and the id, so two participants of one name and day never collide), oldest result first.
 */
export async function reportArchive(
  deps: ReportDeps,
  actor: AuditActor,
  query: z.output<typeof reportArchiveQuerySchema>,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<FileReply> {
  const filter = resultFilterOf(query);
  const count = await countResults(deps.db, filter);
  if (count === 0) throw notFound(noReportsMessage);
  if (count > reportArchiveLimit) {
    throw badRequest(
      `filters: ${count.toLocaleString('en')} results match these filters; one archive holds at most ${reportArchiveLimit.toLocaleString('en')} reports. Narrow the filters (a range of submission days, say) and download each part.`,
      'filters',
    );
  }
  const entries = (await readArchiveEntries(deps.db, filter, reportArchiveLimit)).map((entry) => ({
    ...entry,
    name: reportFileName({ participant: { name: entry.name }, dates: { submittedAt: entry.createdAt } }).replace(
      /\.pdf$/,
      `-${entry.resultId}.pdf`,
    ),
  }));
  await record(deps.db, actor, {
    action: 'reports.archive',
    targetType: 'reports',
    after: {
      ...givenFilters(query),
      reports: entries.length,
    },
  });

  const zip = new yazl.ZipFile();
  // yazl's output is a PassThrough (its types say only a readable stream).
  const output = zip.outputStream as unknown as PassThrough;
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { compress: false, mtime: new Date(entry.createdAt) }, (done) => {
      void (async () => {
        await drained(output);
        // The client went away: the rest is not rendered (yazl's writes to the closed stream are dropped).
        if (output.destroyed) return done(null, Readable.from([]));
        const pdf = await adminReportPdf(deps, entry.resultId);
        done(null, Readable.from([pdf.file.body as Buffer]));
      })().catch((error: unknown) =>
        done(error instanceof Error ? error : new Error(String(error)), Readable.from([])),
      );
    });
  }
  zip.on('error', (error: Error) => {
    log.error({ err: error }, 'the reports archive failed while it was being sent');
    output.destroy(error);
  });
  // Writes that land after the client has gone fail on the closed stream; there is nobody to tell.
  output.on('error', () => undefined);
  zip.end();
  return new FileReply({
    contentType: 'application/zip',
    filename: `reports-${now.toISOString().slice(0, 10)}.zip`,
    body: output,
    headers: { 'x-export-rows': String(entries.length) },
  });
}
