import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { resultExportQuerySchema } from '@prometrica/shared-api/contract';
import { serverActor } from '../../src/modules/audit/service';
import { exportBatchSizes, exportResults } from '../../src/modules/exports/service';
import { parseCsv } from '../../src/lib/csv';
import { appForTests } from '../helpers/build';
import { newParticipant, submitAll } from '../helpers/api';
import { copyResults } from '../helpers/bulk-results';

// The export is written while the client reads it: the first bytes leave before the last batch is
// read, a client that stops reading holds the export back (backpressure) instead of the whole file
// piling up in memory, and a client that goes away ends it.

const subject = appForTests({ signIn: 'admin' });
/** Enough results for several batches. */
const resultCount = Math.max(exportBatchSizes.csv.sqlite, exportBatchSizes.csv.postgres) * 4 + 17;

beforeAll(async () => {
  const first = await newParticipant(subject.app, { name: 'Template Person' });
  expect((await submitAll(subject.app, first.token, (_, index) => index % 3 === 0)).statusCode).toBe(201);
  await copyResults(subject.app, first.id, resultCount - 1);
});

const query = (text: Record<string, string>) => resultExportQuerySchema.parse(text);

/** The next chunk the stream gives, leaving it paused. */
const nextChunk = (body: Readable) =>
  new Promise<Buffer>((resolve, reject) => {
    body.once('data', (chunk: Buffer) => {
      body.pause();
      resolve(chunk);
    });
    body.once('error', reject);
    body.resume();
  });

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readRest(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('a streamed export', () => {
  it.each(['csv', 'xlsx'] as const)(
    '%s: sends its first bytes long before the file is whole, and writes no further ahead than the reader takes',
    async (format) => {
      const file = await exportResults(subject.app, serverActor, query({ format }), subject.app.log);
      expect(file.file.headers).toEqual({ 'x-export-rows': String(resultCount) });
      const body = file.file.body as Readable;
      const first = await nextChunk(body);
      // The reader stops: the writer fills the buffer up to its mark and waits.
      await settle(400);
      const held = body.readableLength + first.length;
      const rest = await readRest(body);
      const total = first.length + rest.length;
      // About one batch (CSV: the batch written when the reader stopped) of four and more.
      expect(held).toBeLessThan(total / 3);
      if (format === 'csv') {
        const records = parseCsv(Buffer.concat([first, rest]).toString('utf8'));
        expect(records).toHaveLength(resultCount + 1);
        // Oldest first: the bulk ones (2025), then the one submitted through the API today.
        expect(records[1]!.fields[2]).toBe('Bulk Person 1');
        expect(records.at(-2)!.fields[2]).toBe(`Bulk Person ${resultCount - 1}`);
        expect(records.at(-1)!.fields[2]).toBe('Template Person');
      }
    },
  );

  it('stops writing and counts as done once the client goes away', async () => {
    await subject.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = subject.app.server.address() as AddressInfo;
    const received = await new Promise<number>((resolve, reject) => {
      const request = http.get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/admin/results/export?format=csv',
          headers: { authorization: `Bearer ${subject.token}` },
        },
        (response) => {
          expect(response.statusCode).toBe(200);
          expect(response.headers['x-export-rows']).toBe(String(resultCount));
          response.once('data', (chunk: Buffer) => {
            request.destroy();
            resolve(chunk.length);
          });
        },
      );
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
    });
    expect(received).toBeGreaterThan(0);
    // The stream was counted in flight while it ran; it ends when the client goes.
    const deadline = Date.now() + 5000;
    while (subject.app.inFlight.size > 0 && Date.now() < deadline) await settle(20);
    expect(subject.app.inFlight.size).toBe(0);
  });
});
