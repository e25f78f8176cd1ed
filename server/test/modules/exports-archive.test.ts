import { inflateRawSync } from 'node:zlib';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { reportArchiveQuerySchema } from '@prometrica/shared-api/contract';
import { serverActor } from '../../src/modules/audit/service';
import { reportArchive, reportArchiveLimit } from '../../src/modules/exports/archive';
import { appForTests } from '../helpers/build';
import { call, newParticipant, signedIn, submitAll } from '../helpers/api';
import { copyResults } from '../helpers/bulk-results';
import { pdfText } from '../helpers/pdf-text';
import { rebuildAggregates } from '../../src/modules/insights/service';

// GET /api/admin/reports/archive: the admin's report PDF of every result under the list's filters,
// in one ZIP, stored (PDFs are compressed already), one uniquely named entry per result.

const people = [
  { name: 'Zoë Ñúñez Ωμέγα Юлия', email: 'zoe@archive.org', wrong: 0, at: '2025-07-01T08:00:00.000Z' },
  { name: 'Same Name', email: 'same1@archive.org', wrong: 9, at: '2025-07-02T08:00:00.000Z' },
  { name: 'Same Name', email: 'same2@archive.org', wrong: 1, at: '2025-07-02T09:00:00.000Z' },
];

const subject = appForTests({ signIn: 'admin' });
const ids = new Map<string, string>();

beforeAll(async () => {
  for (const person of people) {
    const participant = await newParticipant(subject.app, { name: person.name, email: person.email });
    expect((await submitAll(subject.app, participant.token, (_, index) => index < person.wrong)).statusCode).toBe(201);
    const result = await subject.app.db
      .updateTable('results')
      .set({ created_at: person.at })
      .where('participant_id', '=', participant.id)
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(person.email, result.id);
  }
  // Submission days moved behind the submissions' back: the aggregates are counted again.
  await rebuildAggregates(subject.app.db);
});

interface ZipEntry {
  name: string;
  method: number;
  data: Buffer;
}

/** A ZIP's entries, read from its central directory (no ZIP64: a test archive is small). */
function zipEntries(zip: Buffer): ZipEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(-1);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(dataAt, dataAt + size);
    entries.push({ name, method, data: method === 8 ? inflateRawSync(raw) : raw });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const archive = (query: string, token: string | null = subject.token) =>
  subject.app.inject({
    method: 'GET',
    url: `/api/admin/reports/archive${query ? `?${query}` : ''}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('GET /api/admin/reports/archive', () => {
  it("holds every result's report as a stored PDF, oldest first, each named by participant, day and result", async () => {
    const response = await archive('');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toContain(`filename="reports-${day}.zip"`);
    expect(response.headers['x-export-rows']).toBe('3');
    const entries = zipEntries(response.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual([
      `report-Zoë-Ñúñez-Ωμέγα-Юлия-2025-07-01-${ids.get('zoe@archive.org')}.pdf`,
      `report-Same-Name-2025-07-02-${ids.get('same1@archive.org')}.pdf`,
      `report-Same-Name-2025-07-02-${ids.get('same2@archive.org')}.pdf`,
    ]);
    for (const [index, entry] of entries.entries()) {
      // Stored: a PDF is compressed already.
      expect(entry.method).toBe(0);
      expect(entry.data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = pdfText(entry.data).replace(/\s+/g, ' ');
      expect(text).toContain(people[index]!.name);
      expect(text).toContain(people[index]!.email);
    }
    // The same bytes as the report's own PDF.
    const single = await call(subject.app, 'GET', `/api/admin/reports/${ids.get('same2@archive.org')}/pdf`, {
      token: subject.token,
    });
    expect(pdfText(entries[2]!.data)).toBe(pdfText(single.rawPayload));
  });

  it('takes the list filters, refuses bad ones naming the field, and says when nothing matches', async () => {
    const passed = zipEntries((await archive('passed=true')).rawPayload);
    expect(passed.map((entry) => entry.name)).toEqual([
      `report-Zoë-Ñúñez-Ωμέγα-Юлия-2025-07-01-${ids.get('zoe@archive.org')}.pdf`,
      `report-Same-Name-2025-07-02-${ids.get('same2@archive.org')}.pdf`,
    ]);
    const days = zipEntries((await archive('from=2025-07-02&to=2025-07-02&search=same1')).rawPayload);
    expect(days.map((entry) => entry.name)).toEqual([
      `report-Same-Name-2025-07-02-${ids.get('same1@archive.org')}.pdf`,
    ]);
    expect((await archive('report=released')).json()).toEqual({
      message: 'No results match these filters, so there are no reports to download',
    });
    const backwards = await archive('from=2025-07-03&to=2025-07-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ message: 'from: from must be on or before to', error: 'from' });
    expect((await archive('report=maybe')).json().error).toBe('report');
  });

  it('is for admins only, and each archive is recorded in the audit log', async () => {
    expect((await archive('', null)).statusCode).toBe(401);
    const user = await signedIn(subject.app, 'user');
    expect((await archive('', user.token)).statusCode).toBe(403);
    await archive('search=same');
    const entry = await subject.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'reports.archive')
      .orderBy('at', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.after!)).toEqual({ search: 'same', reports: 2 });
  });

  it('stops when the client goes away, and the next archive is served whole', async () => {
    await subject.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = subject.app.server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) => {
      const request = http.get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/admin/reports/archive',
          headers: { authorization: `Bearer ${subject.token}` },
        },
        (response) => {
          expect(response.statusCode).toBe(200);
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        },
      );
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
    });
    const deadline = Date.now() + 10_000;
    while (subject.app.inFlight.size > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(subject.app.inFlight.size).toBe(0);
    expect(zipEntries((await archive('')).rawPayload)).toHaveLength(3);
  });

  it(`refuses more than ${reportArchiveLimit} reports with a message saying how to narrow them`, async () => {
    const template = await subject.app.db
      .selectFrom('results')
      .select('participant_id')
      .where('id', '=', ids.get('zoe@archive.org')!)
      .executeTakeFirstOrThrow();
    await copyResults(subject.app, template.participant_id, reportArchiveLimit);
    const response = await archive('');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: `filters: ${(reportArchiveLimit + 3).toLocaleString('en')} results match these filters; one archive holds at most ${reportArchiveLimit.toLocaleString('en')} reports. Narrow the filters (a range of submission days, say) and download each part.`,
      error: 'filters',
    });
    // Narrowed to the days of the three above: served.
    expect((await archive('from=2025-07-01')).headers['x-export-rows']).toBe('3');
  });
});

describe('GET /api/admin/reports/archive, paced by its reader', () => {
  // A database of its own: ten results of one template, more PDFs than the stream buffers hold.
  const paced = appForTests({ signIn: 'admin' });
  const copies = 10;

  beforeAll(async () => {
    const participant = await newParticipant(paced.app, { name: 'Paced Template', email: 'paced@archive.org' });
    expect((await submitAll(paced.app, participant.token, () => false)).statusCode).toBe(201);
    await copyResults(paced.app, participant.id, copies);
  });

  it('renders each PDF only when the ZIP has been taken up to it', async () => {
    const query = reportArchiveQuerySchema.parse({ search: 'bulk person' });
    const file = await reportArchive(paced.app, serverActor, query, paced.app.log);
    const body = file.file.body as Readable & { writableLength: number };
    expect(file.file.headers?.['x-export-rows']).toBe(String(copies));
    // Take the first bytes, then stop reading.
    const chunks: Buffer[] = [];
    await new Promise<void>((resolve) => {
      const take = (chunk: Buffer) => {
        chunks.push(chunk);
        if (Buffer.concat(chunks).length < 4096) return;
        body.off('data', take);
        body.pause();
        resolve();
      };
      body.on('data', take);
    });
    // Wait until nothing more is produced: rendering stops once the stream's buffers are full.
    let produced = -1;
    for (let unchanged = 0; unchanged < 5;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = body.readableLength + body.writableLength;
      unchanged = now === produced ? unchanged + 1 : 0;
      produced = now;
    }
    const producedWhilePaused = Buffer.concat(chunks).length + produced;
    for await (const chunk of body) chunks.push(chunk as Buffer);
    const whole = Buffer.concat(chunks);
    const entries = zipEntries(whole);
    expect(entries).toHaveLength(copies);
    // While the reader waited, what was made is bounded by the stream's buffers (a PDF or two
    // ahead), not the whole archive: the PDFs after it were rendered once the reader came back.
    const smallest = Math.min(...entries.map((entry) => entry.data.length));
    expect(producedWhilePaused).toBeLessThan(whole.length - 2 * smallest);
  });
});
