import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminToken } from '@prometrica/shared-api';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { aListedResult, resultListOf, signInAs } from '../../../testing/fixtures';
import { catchDownloads } from '../../../testing/downloads';
import { queryOf } from '../../../testing/lists';
import { ResultExports } from './result-exports';
import { ResultsScreen } from './results-screen';

beforeEach(() => {
  signInAs('admin');
  // The API client sends the stored token, as after a sign-in.
  adminToken.set('tok');
});
afterEach(() => adminToken.set(null));

/** A body the test feeds chunk by chunk, as a server streams a large file. */
function controlledBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  const encoder = new TextEncoder();
  return {
    stream,
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

/** Longer than the progress is drawn at most once in (lib/use-download.ts). */
const nextDraw = () => act(() => new Promise((resolve) => setTimeout(resolve, 200)));

const exportCalls = (calls: ReturnType<typeof mockApi>['calls']) =>
  calls.filter((c) => c.path === 'admin/results/export');

test('Export CSV streams the file with the token and the filters, shows its progress, then saves it', async () => {
  const { saved } = catchDownloads();
  const body = controlledBody();
  const { calls } = mockApi({
    'GET admin/results/export': {
      raw: body.stream,
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="results-2026-03-01.csv"',
        'X-Export-Rows': '4',
      },
    },
  });
  renderWithProviders(
    <ResultExports filter={{ search: 'grace', passed: 'true', report: 'released', from: '2026-01-01' }} />,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

  const status = await screen.findByRole('status', { name: 'Export CSV in progress' });
  const call = exportCalls(calls)[0]!;
  expect(call.headers.get('authorization')).toBe('Bearer tok');
  expect(queryOf(call)).toEqual({
    search: 'grace',
    passed: 'true',
    report: 'released',
    from: '2026-01-01',
    format: 'csv',
  });
  for (const name of ['Export CSV', 'Export XLSX', 'Export concerns CSV', 'Download all reports'])
    expect(screen.getByRole('button', { name })).toBeDisabled();

  // The heading line and two of four rows.
  body.send('name,email\nGrace,grace@example.com\nAlan,alan@example.com\n');
  await nextDraw();
  expect(within(status).getByText(/about 50%/)).toBeInTheDocument();
  expect(within(status).getByText(/4 rows/)).toBeInTheDocument();
  expect(within(status).getByRole('progressbar', { name: 'Export CSV progress' })).toHaveAttribute(
    'aria-valuenow',
    '50',
  );

  body.send('Ada,ada@example.com\nKate,kate@example.com\n');
  body.end();
  await waitFor(() => expect(saved).toHaveLength(1));
  expect(saved[0]!.name).toBe('results-2026-03-01.csv');
  expect(await saved[0]!.blob.text()).toBe(
    'name,email\nGrace,grace@example.com\nAlan,alan@example.com\nAda,ada@example.com\nKate,kate@example.com\n',
  );
  await waitFor(() => expect(screen.queryByRole('status', { name: /in progress/ })).not.toBeInTheDocument());
  expect(screen.getByRole('button', { name: 'Export XLSX' })).toBeEnabled();
});

test('without a size or a row count, the bytes received are shown; Cancel stops and saves nothing', async () => {
  const { saved } = catchDownloads();
  const body = controlledBody();
  const { calls } = mockApi({
    'GET admin/results/export': { raw: body.stream, headers: { 'Content-Type': 'application/octet-stream' } },
  });
  renderWithProviders(<ResultExports filter={{}} />);
  await userEvent.click(screen.getByRole('button', { name: 'Export XLSX' }));
  const status = await screen.findByRole('status', { name: 'Export XLSX in progress' });
  expect(queryOf(exportCalls(calls)[0])).toEqual({ format: 'xlsx' });
  body.send('x'.repeat(2048));
  await nextDraw();
  expect(within(status).getByText('2.0 KB received')).toBeInTheDocument();
  await userEvent.click(within(status).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('status', { name: /in progress/ })).not.toBeInTheDocument());
  expect(saved).toHaveLength(0);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Export XLSX' })).toBeEnabled();
});

test('Export concerns CSV asks for the ratings part of the export, with the filters', async () => {
  const { saved } = catchDownloads();
  const { calls } = mockApi({
    'GET admin/results/export': {
      raw: '\uFEFFparticipant,concern,rating\r\nGrace,Workload,Quite a Bit\r\n',
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="concerns-2026-03-01.csv"',
        'X-Export-Rows': '1',
      },
    },
  });
  renderWithProviders(<ResultExports filter={{ passed: 'false' }} />);
  await userEvent.click(screen.getByRole('button', { name: 'Export concerns CSV' }));
  await waitFor(() => expect(saved).toHaveLength(1));
  expect(saved[0]!.name).toBe('concerns-2026-03-01.csv');
  expect(queryOf(exportCalls(calls)[0])).toEqual({ passed: 'false', format: 'csv', part: 'concerns' });
});

test("a refused download shows the server's message, and can be dismissed", async () => {
  const { saved } = catchDownloads();
  mockApi({
    'GET admin/reports/archive': {
      status: 400,
      body: { message: 'At most 500 reports can be downloaded at once; narrow the filters (1,204 match).' },
    },
  });
  renderWithProviders(<ResultExports filter={{ report: 'draft' }} />);
  await userEvent.click(screen.getByRole('button', { name: 'Download all reports' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Download all reports failed');
  expect(alert).toHaveTextContent('At most 500 reports can be downloaded at once; narrow the filters (1,204 match).');
  expect(saved).toHaveLength(0);
  expect(screen.getByRole('button', { name: 'Download all reports' })).toBeEnabled();
  await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a dropped connection says the download could not start', async () => {
  mockApi({ 'GET admin/results/export': { networkError: true } });
  renderWithProviders(<ResultExports filter={{}} />);
  await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Network Error: the download could not start');
});

test('Download all reports from the results screen asks for the ZIP of what the list shows', async () => {
  const { saved } = catchDownloads();
  const { calls } = mockApi({
    'GET admin/getquizresult': resultListOf([aListedResult()]),
    'GET admin/reports/archive': {
      raw: new Uint8Array([80, 75, 5, 6]),
      headers: { 'Content-Type': 'application/zip', 'Content-Length': '4' },
    },
  });
  renderWithProviders(<ResultsScreen />, { route: '/dashboard/result?report=opened&to=2026-02-28' });
  await screen.findByText('Grace Hopper');
  await userEvent.click(screen.getByRole('button', { name: 'Download all reports' }));
  await waitFor(() => expect(saved).toHaveLength(1));
  expect(saved[0]!.name).toMatch(/^reports-\d{4}-\d{2}-\d{2}\.zip$/);
  expect(saved[0]!.blob.size).toBe(4);
  expect(queryOf(calls.find((c) => c.path === 'admin/reports/archive'))).toEqual({
    report: 'opened',
    to: '2026-02-28',
  });
});
