import { adminToken, useAuthStore } from '@prometrica/shared-api';
import { mockApi } from '@prometrica/shared-api/testing';
import { signInAs } from '../testing/fixtures';
import { fetchDownload, filenameOf, type DownloadProgress } from './streamed-download';

test("a file's name is read from Content-Disposition, the UTF-8 form first", () => {
  expect(filenameOf('attachment; filename="results-2026-03-01.csv"')).toBe('results-2026-03-01.csv');
  expect(filenameOf('attachment; filename="report.pdf"; filename*=UTF-8\'\'report-Zo%C3%AB%20%CE%A9.pdf')).toBe(
    'report-Zoë Ω.pdf',
  );
  expect(filenameOf('attachment; filename=plain.zip')).toBe('plain.zip');
  expect(filenameOf('attachment')).toBeUndefined();
  expect(filenameOf(null)).toBeUndefined();
});

/** A body sent in the chunks given, each its own read. */
function chunked(parts: Uint8Array[]) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

test("a ZIP's progress counts the entries received against the rows announced, an entry's header split between chunks too", async () => {
  const entry = (name: string) => [0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode(name)];
  const bytes = new Uint8Array([...entry('a.pdf'), 0x50, 0x4b, ...entry('b.pdf'), ...entry('c.pdf')]);
  // The second entry's signature starts in the first chunk and ends in the second.
  const cut = entry('a.pdf').length + 4;
  mockApi({
    'GET admin/reports/archive': {
      raw: chunked([bytes.slice(0, cut), bytes.slice(cut, cut + 8), bytes.slice(cut + 8)]),
      headers: { 'Content-Type': 'application/zip', 'X-Export-Rows': '4' },
    },
  });
  const seen: DownloadProgress[] = [];
  const file = await fetchDownload({
    path: 'admin/reports/archive',
    fallbackName: 'reports.zip',
    onProgress: (progress) => seen.push(progress),
  });
  expect(seen.map((p) => p.share)).toEqual([0.25, 0.5, 0.75, 1]);
  expect(file.filename).toBe('reports.zip');
  expect(file.blob.size).toBe(bytes.length);
});

test('with a Content-Length the share is exact', async () => {
  mockApi({
    'GET admin/reports/r1/pdf': {
      raw: chunked([new Uint8Array(30), new Uint8Array(70)]),
      headers: { 'Content-Type': 'application/pdf', 'Content-Length': '100' },
    },
  });
  const seen: DownloadProgress[] = [];
  await fetchDownload({ path: 'admin/reports/r1/pdf', fallbackName: 'r.pdf', onProgress: (p) => seen.push(p) });
  expect(seen.map((p) => [p.received, p.share])).toEqual([
    [30, 0.3],
    [100, 1],
    [100, 1],
  ]);
});

test("a refusal throws the server's message; a body that is not JSON gives the status", async () => {
  mockApi({
    'GET admin/results/export': { status: 400, body: { message: 'from must not be after to', error: 'from' } },
    'GET admin/reports/archive': {
      status: 502,
      raw: '<html>Bad gateway</html>',
      headers: { 'Content-Type': 'text/html' },
    },
  });
  await expect(fetchDownload({ path: 'admin/results/export', fallbackName: 'x' })).rejects.toMatchObject({
    status: 400,
    message: 'from must not be after to',
    error: 'from',
  });
  await expect(fetchDownload({ path: 'admin/reports/archive', fallbackName: 'x' })).rejects.toMatchObject({
    status: 502,
    message: 'Request failed with status code 502',
  });
});

test('a download refused for an expired session asks to sign in again, as any call does', async () => {
  signInAs('admin');
  adminToken.set('tok');
  try {
    mockApi({ 'GET admin/results/export': { status: 401, body: { message: 'Your session has expired' } } });
    await expect(fetchDownload({ path: 'admin/results/export', fallbackName: 'x' })).rejects.toMatchObject({
      status: 401,
    });
    expect(useAuthStore.getState().sessionExpired).toBe(true);
  } finally {
    adminToken.set(null);
  }
});
