import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import userEvent from '@testing-library/user-event';
import { adminToken } from '@prometrica/shared-api';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { aListedResult, anAdminReport, aReportState, resultListOf, signInAs } from '../../../../testing/fixtures';
import { catchDownloads } from '../../../../testing/downloads';
import { clipboardText } from '../../../../testing/clipboard';
import { onFakeTimers } from '../../../../testing/lists';
import { formatTime } from '../../../../lib/format-date';
import { AUTOSAVE_DELAY_MS } from '../../hooks/use-comment-autosave';
import { ResultsScreen } from '../results-screen';
import { ReportScreen } from './report-screen';

beforeEach(() => {
  signInAs('admin');
  // Text a test left unsaved is kept in the tab's storage: each test starts without it.
  sessionStorage.clear();
});

const route = { route: '/dashboard/result/r1/report', path: '/dashboard/result/:resultId/report' };

/** Where the router is, to check where a link went. */
function Address() {
  const { pathname, search } = useLocation();
  return <div data-testid="address">{pathname + search}</div>;
}
const savedAt = '2026-03-05T14:07:00.000Z';
const puts = (calls: ReturnType<typeof mockApi>['calls']) =>
  calls.filter((c) => c.method === 'PUT' && c.path === 'admin/reports/r1/comments');
const overall = () => screen.getByRole('textbox', { name: 'Overall comment' });

/** The PUT's answer: the comments saved as `version`. */
const savedAs = (version: number, body: unknown) => {
  const { baseVersion: _base, ...comments } = body as {
    baseVersion: number;
    overall: string;
    categories: Record<string, string>;
  };
  return { body: { report: aReportState({ comments, version, savedAt }) } };
};

test('the report shows the document with an editor for the overall comment and each category', async () => {
  mockApi({
    'GET admin/reports/r1': {
      body: anAdminReport({
        comments: { overall: 'Good work overall.', categories: { Ethics: 'Strong.' } },
        version: 2,
        savedAt,
      }),
    },
  });
  renderWithProviders(<ReportScreen />, route);
  expect(screen.getByLabelText('Loading report')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Report on Zoë Ñúñez Ωμέγα Юлия' })).toBeInTheDocument();
  expect(screen.getByRole('article', { name: 'Report on Zoë Ñúñez Ωμέγα Юлия' })).toBeInTheDocument();
  expect(overall()).toHaveValue('Good work overall.');
  expect(screen.getByRole('textbox', { name: 'Comment on Ethics' })).toHaveValue('Strong.');
  expect(screen.getByRole('textbox', { name: 'Comment on Anatomy' })).toHaveValue('');
  expect(screen.getByRole('textbox', { name: 'Comment on Triage' })).toHaveValue('');
  expect(screen.getByRole('status', { name: 'Draft status' })).toHaveTextContent(
    `Draft saved at ${formatTime(savedAt)}`,
  );
  expect(screen.getByRole('status', { name: 'Report status' })).toHaveTextContent(
    'Draft: not released to the participant yet',
  );
  expect(screen.getByText('No links yet')).toBeInTheDocument();
  // On paper each comment is its text, as the participant's copy has it; the boxes and buttons are left off.
  expect(screen.getByRole('note', { name: "Doctor's comment on Ethics" })).toHaveTextContent('Strong.');
  expect(screen.getByRole('button', { name: 'Print' }).closest('[data-print="hide"]')).not.toBeNull();
  expect(overall().closest('[data-print="hide"]')).not.toBeNull();
  expect(screen.getByRole('region', { name: 'Delivery' }).closest('[data-print="hide"]')).not.toBeNull();
  expect(screen.getByRole('link', { name: '← Results' })).toHaveAttribute('data-print', 'hide');
  expect(
    screen.getByRole('heading', { name: 'Report on Zoë Ñúñez Ωμέγα Юлия' }).closest('[data-print="hide"]'),
  ).toBeNull();
  expect(screen.getByRole('note', { name: "Doctor's comment" }).closest('[data-print="only"]')).not.toBeNull();
});

test('near the longest comment the server keeps, the box counts the characters', async () => {
  mockApi({ 'GET admin/reports/r1': { body: anAdminReport() } });
  renderWithProviders(<ReportScreen />, route);
  const box = await screen.findByRole('textbox', { name: 'Overall comment' });
  expect(box).toHaveAttribute('maxlength', '5000');
  fireEvent.change(box, { target: { value: 'x'.repeat(4499) } });
  expect(screen.queryByText(/of 5000 characters/)).not.toBeInTheDocument();
  fireEvent.change(box, { target: { value: 'x'.repeat(4500) } });
  expect(screen.getByText('4500 of 5000 characters')).toBeInTheDocument();
});

test('a report that could not be loaded says why, and Retry loads it', async () => {
  let attempts = 0;
  mockApi({
    'GET admin/reports/r1': () =>
      ++attempts === 1
        ? { status: 500, body: { message: 'The database is not answering' } }
        : { body: anAdminReport() },
  });
  renderWithProviders(<ReportScreen />, route);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The report could not be loaded');
  expect(alert).toHaveTextContent('The database is not answering');
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('textbox', { name: 'Overall comment' })).toBeInTheDocument();
});

test('typing is saved once it pauses for a second, as a version on top of the one loaded', () =>
  onFakeTimers(async (user) => {
    const { calls } = mockApi({
      'GET admin/reports/r1': {
        body: anAdminReport({ version: 4, comments: { overall: '', categories: { Ethics: 'Kept.' } } }),
      },
      'PUT admin/reports/r1/comments': ({ body }) => savedAs(5, body),
    });
    renderWithProviders(<ReportScreen />, route);
    await user.type(await screen.findByRole('textbox', { name: 'Overall comment' }), 'Well done');
    expect(screen.getByRole('status', { name: 'Draft status' })).toHaveTextContent('Unsaved changes');
    await act(() => jest.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1));
    expect(puts(calls)).toHaveLength(0);
    await act(() => jest.advanceTimersByTimeAsync(1));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({ overall: 'Well done', categories: { Ethics: 'Kept.' }, baseVersion: 4 });
    expect(await screen.findByText(`Draft saved at ${formatTime(savedAt)}`)).toBeInTheDocument();

    // The next edit builds on the version just saved.
    await user.type(screen.getByRole('textbox', { name: 'Comment on Anatomy' }), 'Revise');
    await act(() => jest.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]!.body).toEqual({
      overall: 'Well done',
      categories: { Ethics: 'Kept.', Anatomy: 'Revise' },
      baseVersion: 5,
    });
  }));

test('leaving a comment box saves at once', async () => {
  const { calls } = mockApi({
    'GET admin/reports/r1': { body: anAdminReport() },
    'PUT admin/reports/r1/comments': ({ body }) => savedAs(1, body),
  });
  renderWithProviders(<ReportScreen />, route);
  const box = await screen.findByRole('textbox', { name: 'Comment on Triage' });
  fireEvent.change(box, { target: { value: 'Quick and careful.' } });
  fireEvent.blur(box);
  await waitFor(() => expect(puts(calls)).toHaveLength(1));
  expect(puts(calls)[0]!.body).toEqual({ overall: '', categories: { Triage: 'Quick and careful.' }, baseVersion: 0 });
  expect(await screen.findByText(`Draft saved at ${formatTime(savedAt)}`)).toBeInTheDocument();
});

test('a failed save keeps the text and says why; Retry saves it', async () => {
  let attempts = 0;
  const { calls } = mockApi({
    'GET admin/reports/r1': { body: anAdminReport() },
    'PUT admin/reports/r1/comments': ({ body }) =>
      ++attempts === 1 ? { status: 503, body: { message: 'The server is restarting.' } } : savedAs(1, body),
  });
  renderWithProviders(<ReportScreen />, route);
  const box = await screen.findByRole('textbox', { name: 'Overall comment' });
  fireEvent.change(box, { target: { value: 'Do not lose this.' } });
  fireEvent.blur(box);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Draft not saved');
  expect(alert).toHaveTextContent('The server is restarting.');
  expect(overall()).toHaveValue('Do not lose this.');
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText(`Draft saved at ${formatTime(savedAt)}`)).toBeInTheDocument();
  expect(puts(calls).map((c) => (c.body as { overall: string }).overall)).toEqual([
    'Do not lose this.',
    'Do not lose this.',
  ]);
  expect(overall()).toHaveValue('Do not lose this.');
});

test('a save refused as stale (409) stops saving, loads the latest on request and keeps the text typed to copy', async () => {
  const user = userEvent.setup();
  let reads = 0;
  const { calls } = mockApi({
    'GET admin/reports/r1': () =>
      ++reads === 1
        ? { body: anAdminReport({ version: 2 }) }
        : {
            body: anAdminReport({
              version: 3,
              savedAt,
              comments: { overall: "A colleague's comment.", categories: {} },
            }),
          },
    'PUT admin/reports/r1/comments': ({ body }) =>
      (body as { baseVersion: number }).baseVersion === 2
        ? { status: 409, body: { message: 'The comments were saved by someone else since (version 3).' } }
        : savedAs(4, body),
  });
  renderWithProviders(<ReportScreen />, route);
  const box = await screen.findByRole('textbox', { name: 'Overall comment' });
  fireEvent.change(box, { target: { value: 'My careful words.' } });
  fireEvent.blur(box);
  const conflict = await screen.findByRole('alert');
  expect(conflict).toHaveTextContent('Someone else saved these comments');
  expect(overall()).toHaveValue('My careful words.');

  // Nothing more is sent until the user chooses.
  fireEvent.change(overall(), { target: { value: 'My careful words, and more.' } });
  fireEvent.blur(overall());
  await act(async () => {});
  expect(puts(calls)).toHaveLength(1);

  await user.click(within(conflict).getByRole('button', { name: 'Load the latest version' }));
  await waitFor(() => expect(overall()).toHaveValue("A colleague's comment."));
  const kept = screen.getByRole('alert', { name: 'Your text before the latest version was loaded' });
  expect(kept).toHaveTextContent('My careful words, and more.');
  await user.click(within(kept).getByRole('button', { name: 'Copy overall comment' }));
  expect(await clipboardText()).toBe('My careful words, and more.');
  expect(screen.getByRole('status', { name: 'Draft status' })).toHaveTextContent(
    `Draft saved at ${formatTime(savedAt)}`,
  );

  // Edits now build on the latest version.
  fireEvent.change(overall(), { target: { value: "A colleague's comment. Agreed." } });
  fireEvent.blur(overall());
  await waitFor(() => expect(puts(calls)).toHaveLength(2));
  expect(puts(calls)[1]!.body).toMatchObject({ overall: "A colleague's comment. Agreed.", baseVersion: 3 });
});

test('Versions lists the saved versions; one can be viewed and restored into the editor, saved as the newest', async () => {
  const { calls } = mockApi({
    'GET admin/reports/r1': {
      body: anAdminReport({ version: 2, savedAt, comments: { overall: 'Second thoughts.', categories: {} } }),
    },
    'GET admin/reports/r1/versions': {
      body: {
        versions: [
          { version: 2, comments: { overall: 'Second thoughts.', categories: {} }, savedAt, savedBy: 'Dr Lee' },
          {
            version: 1,
            comments: { overall: 'First draft.', categories: { Ethics: 'Sound judgement.' } },
            savedAt: '2026-03-04T08:30:00.000Z',
            savedBy: null,
          },
        ],
      },
    },
    'PUT admin/reports/r1/comments': ({ body }) => savedAs(3, body),
  });
  renderWithProviders(<ReportScreen />, route);
  await userEvent.click(await screen.findByRole('button', { name: 'Versions' }));
  const dialog = await screen.findByRole('dialog', { name: 'Versions' });
  const first = await within(dialog).findByRole('listitem', { name: 'Version 1' });
  expect(within(dialog).getByRole('listitem', { name: 'Version 2' })).toHaveTextContent('Version 2 (current)');
  expect(within(dialog).getByRole('listitem', { name: 'Version 2' })).toHaveTextContent('Dr Lee');
  expect(
    within(within(dialog).getByRole('listitem', { name: 'Version 2' })).getByRole('button', { name: 'Restore' }),
  ).toBeDisabled();

  await userEvent.click(within(first).getByRole('button', { name: 'View' }));
  expect(first).toHaveTextContent('First draft.');
  expect(first).toHaveTextContent('Sound judgement.');
  await userEvent.click(within(first).getByRole('button', { name: 'Restore' }));

  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Versions' })).not.toBeInTheDocument());
  expect(overall()).toHaveValue('First draft.');
  expect(screen.getByRole('textbox', { name: 'Comment on Ethics' })).toHaveValue('Sound judgement.');
  await waitFor(() => expect(puts(calls)).toHaveLength(1));
  expect(puts(calls)[0]!.body).toEqual({
    overall: 'First draft.',
    categories: { Ethics: 'Sound judgement.' },
    baseVersion: 2,
  });
});

test('Download PDF fetches the PDF with the token and saves it under its name', async () => {
  adminToken.set('tok');
  try {
    const { saved } = catchDownloads();
    const { calls } = mockApi({
      'GET admin/reports/r1': { body: anAdminReport() },
      'GET admin/reports/r1/pdf': {
        raw: '%PDF-1.7 test',
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': "attachment; filename*=UTF-8''report-Zo%C3%AB.pdf",
        },
      },
    });
    renderWithProviders(<ReportScreen />, route);
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('report-Zoë.pdf');
    expect(await saved[0]!.blob.text()).toBe('%PDF-1.7 test');
    expect(calls.find((c) => c.path === 'admin/reports/r1/pdf')!.headers.get('authorization')).toBe('Bearer tok');
  } finally {
    adminToken.set(null);
  }
});

test('Download PDF saves what was just typed first, so the PDF holds it', async () => {
  catchDownloads();
  const { calls } = mockApi({
    'GET admin/reports/r1': { body: anAdminReport() },
    'PUT admin/reports/r1/comments': ({ body }) => savedAs(1, body),
    'GET admin/reports/r1/pdf': { raw: '%PDF-1.7', headers: { 'Content-Type': 'application/pdf' } },
  });
  renderWithProviders(<ReportScreen />, route);
  fireEvent.change(await screen.findByRole('textbox', { name: 'Overall comment' }), {
    target: { value: 'Final word' },
  });
  await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
  await waitFor(() => expect(calls.some((c) => c.path === 'admin/reports/r1/pdf')).toBe(true));
  expect(calls.filter((c) => c.path !== 'admin/reports/r1').map((c) => c.path)).toEqual([
    'admin/reports/r1/comments',
    'admin/reports/r1/pdf',
  ]);
});

test('Print opens the browser print dialog', async () => {
  mockApi({ 'GET admin/reports/r1': { body: anAdminReport() } });
  const print = jest.spyOn(window, 'print').mockImplementation(() => {});
  renderWithProviders(<ReportScreen />, route);
  await userEvent.click(await screen.findByRole('button', { name: 'Print' }));
  expect(print).toHaveBeenCalledTimes(1);
});

test('following a link with text not saved asks first; staying keeps the page', async () => {
  mockApi({ 'GET admin/reports/r1': { body: anAdminReport() } });
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
  renderWithProviders(<ReportScreen />, route);
  fireEvent.change(await screen.findByRole('textbox', { name: 'Overall comment' }), { target: { value: 'Unsaved' } });
  await userEvent.click(screen.getByRole('link', { name: '← Results' }));
  expect(confirm).toHaveBeenCalledWith('Some of your comments are not saved yet. Leave this page anyway?');
  expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
  expect(overall()).toHaveValue('Unsaved');
});

test('leaving anyway saves the text on the way out', async () => {
  const { calls } = mockApi({
    'GET admin/reports/r1': { body: anAdminReport() },
    'PUT admin/reports/r1/comments': ({ body }) => savedAs(1, body),
  });
  jest.spyOn(window, 'confirm').mockReturnValue(true);
  renderWithProviders(<ReportScreen />, route);
  fireEvent.change(await screen.findByRole('textbox', { name: 'Overall comment' }), {
    target: { value: 'Parting words' },
  });
  await userEvent.click(screen.getByRole('link', { name: '← Results' }));
  expect(await screen.findByTestId('elsewhere')).toBeInTheDocument();
  await waitFor(() => expect(puts(calls)).toHaveLength(1));
  expect(puts(calls)[0]!.body).toMatchObject({ overall: 'Parting words', baseVersion: 0 });
});

test('closing or reloading the tab with text not saved asks the browser to confirm', async () => {
  mockApi({ 'GET admin/reports/r1': { body: anAdminReport() } });
  renderWithProviders(<ReportScreen />, route);
  const box = await screen.findByRole('textbox', { name: 'Overall comment' });
  const leave = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };
  expect(leave()).toBe(false);
  fireEvent.change(box, { target: { value: 'Not yet saved' } });
  expect(leave()).toBe(true);
});

test('a report opened from the filtered list goes back to that list, filters kept', async () => {
  mockApi({
    'GET admin/getquizresult': resultListOf([aListedResult()]),
    'GET admin/reports/r1': { body: anAdminReport() },
  });
  render(
    <MantineProvider env="test">
      <MemoryRouter initialEntries={['/dashboard/result?report=draft&from=2026-01-01']}>
        <Routes>
          <Route path="/dashboard/result" element={<ResultsScreen />} />
          <Route path="/dashboard/result/:resultId/report" element={<ReportScreen />} />
        </Routes>
        <Address />
      </MemoryRouter>
    </MantineProvider>,
  );
  await userEvent.click(await screen.findByRole('link', { name: 'Open report of Grace Hopper' }));
  expect(await screen.findByRole('textbox', { name: 'Overall comment' })).toBeInTheDocument();
  expect(screen.getByTestId('address')).toHaveTextContent('/dashboard/result/r1/report');
  await userEvent.click(screen.getByRole('link', { name: '← Results' }));
  expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
  expect(screen.getByTestId('address')).toHaveTextContent('/dashboard/result?report=draft&from=2026-01-01');
  expect(screen.getByRole('combobox', { name: 'Report' })).toHaveValue('draft');
});

test('text left unsaved in this tab is put back when the report is opened again, and saved', async () => {
  const { calls } = mockApi({
    'GET admin/reports/r1': { body: anAdminReport({ version: 2, comments: { overall: 'Saved.', categories: {} } }) },
    'PUT admin/reports/r1/comments': { status: 503, body: { message: 'The server is restarting.' } },
  });
  const first = renderWithProviders(<ReportScreen />, route);
  fireEvent.change(await screen.findByRole('textbox', { name: 'Overall comment' }), {
    target: { value: 'Saved. And then some.' },
  });
  fireEvent.blur(overall());
  expect(await screen.findByText('Draft not saved')).toBeInTheDocument();
  first.unmount();

  mockApi({
    'GET admin/reports/r1': { body: anAdminReport({ version: 2, comments: { overall: 'Saved.', categories: {} } }) },
    'PUT admin/reports/r1/comments': ({ body }) => savedAs(3, body),
  });
  renderWithProviders(<ReportScreen />, route);
  expect(await screen.findByRole('textbox', { name: 'Overall comment' })).toHaveValue('Saved. And then some.');
  expect(screen.getByRole('alert', { name: 'Unsaved text put back' })).toBeInTheDocument();
  expect(await screen.findByText(`Draft saved at ${formatTime(savedAt)}`)).toBeInTheDocument();
  expect(puts(calls).length).toBeGreaterThan(0);
  expect(sessionStorage.getItem('report-draft:r1')).toBeNull();
});

test('unsaved text typed on an older version is not put in the editor but kept to copy', async () => {
  sessionStorage.setItem(
    'report-draft:r1',
    JSON.stringify({ baseVersion: 1, comments: { overall: 'Typed on version 1.', categories: {} } }),
  );
  mockApi({
    'GET admin/reports/r1': {
      body: anAdminReport({ version: 2, comments: { overall: 'Version 2.', categories: {} } }),
    },
  });
  renderWithProviders(<ReportScreen />, route);
  expect(await screen.findByRole('textbox', { name: 'Overall comment' })).toHaveValue('Version 2.');
  expect(screen.getByRole('alert', { name: 'Your text before the latest version was loaded' })).toHaveTextContent(
    'Typed on version 1.',
  );
  expect(sessionStorage.getItem('report-draft:r1')).toBeNull();
});
