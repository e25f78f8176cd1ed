import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import type { SendReportBody } from '@prometrica/shared-api';
import { anAdminReport, aReportLink, aReportState, signInAs } from '../../../../testing/fixtures';
import { clipboardText } from '../../../../testing/clipboard';
import { ReportScreen } from './report-screen';

beforeEach(() => {
  signInAs('admin');
  // Text a test left unsaved is kept in the tab's storage: each test starts without it.
  sessionStorage.clear();
});

const route = { route: '/dashboard/result/r1/report', path: '/dashboard/result/:resultId/report' };
const link = 'https://prometrica.example/report/Zx9-Abc_123';
const released = aReportState({
  status: 'released',
  releasedAt: '2026-03-05T10:00:00.000Z',
  links: [aReportLink({ mailedTo: null })],
});

/** `POST admin/reports/r1/send`'s answer, mailed or not. */
const sentReply = (mailed: boolean) => ({
  body: {
    message: mailed ? 'The report was released and mailed.' : 'The report was released.',
    link,
    expiresAt: '2026-04-04T10:00:00.000Z',
    mailed,
    report: released,
  },
});

const sends = (calls: ReturnType<typeof mockApi>['calls']) => calls.filter((c) => c.path === 'admin/reports/r1/send');

async function openSend() {
  await userEvent.click(await screen.findByRole('button', { name: 'Send report' }));
  return screen.getByRole('dialog', { name: 'Send report' });
}

test('with mail configured: mailed by default, the PDF attached when chosen, the link shown after', async () => {
  const { calls } = mockApi({
    'GET admin/reports/r1': { body: anAdminReport() },
    'POST admin/reports/r1/send': sentReply(true),
  });
  renderWithProviders(<ReportScreen />, route);
  const dialog = await openSend();
  expect(within(dialog).getByRole('radio', { name: 'Mail' })).toBeChecked();
  expect(dialog).toHaveTextContent('The link is mailed to zoe.nunez.a.rather.long.address@example-hospital.org.');
  await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Attach the PDF' }));
  expect(within(dialog).getByRole('spinbutton', { name: 'Link valid for (days)' })).toHaveValue(30);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Mail report' }));

  const done = await screen.findByRole('dialog', { name: 'Report sent' });
  expect(sends(calls)[0]!.body).toEqual<SendReportBody>({
    delivery: 'mail',
    attachPdf: true,
    showCorrectAnswers: false,
    expiresInDays: 30,
  });
  expect(within(done).getByText(/The participant was mailed the link\./)).toBeInTheDocument();
  expect(within(done).getByRole('textbox', { name: 'Link to the report' })).toHaveValue(link);
  await userEvent.click(within(done).getByRole('button', { name: 'Done' }));
  // The report's state follows: released, with its link listed.
  expect(screen.getByRole('status', { name: 'Report status' })).toHaveTextContent('Released at 5 Mar 2026');
  expect(within(screen.getByRole('region', { name: 'Delivery' })).getByText('Active')).toBeInTheDocument();
});

test('a link to copy: no PDF to attach, the correct answers shown when chosen, the days given, and Copy', async () => {
  const user = userEvent.setup();
  const { calls } = mockApi({
    'GET admin/reports/r1': { body: anAdminReport() },
    'POST admin/reports/r1/send': sentReply(false),
  });
  renderWithProviders(<ReportScreen />, route);
  await user.click(await screen.findByRole('button', { name: 'Send report' }));
  const dialog = screen.getByRole('dialog', { name: 'Send report' });
  await user.click(within(dialog).getByRole('checkbox', { name: 'Attach the PDF' }));
  await user.click(within(dialog).getByRole('radio', { name: 'Copy link' }));
  expect(within(dialog).queryByRole('checkbox', { name: 'Attach the PDF' })).not.toBeInTheDocument();
  await user.click(within(dialog).getByRole('checkbox', { name: 'Show the correct answers to the participant' }));
  const days = within(dialog).getByRole('spinbutton', { name: 'Link valid for (days)' });
  await user.clear(days);
  await user.type(days, '7');
  await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

  const done = await screen.findByRole('dialog', { name: 'Report sent' });
  expect(sends(calls)[0]!.body).toEqual<SendReportBody>({
    delivery: 'link',
    attachPdf: false,
    showCorrectAnswers: true,
    expiresInDays: 7,
  });
  expect(within(done).getByText(/It was not mailed: copy the link/)).toBeInTheDocument();
  await user.click(within(done).getByRole('button', { name: 'Copy' }));
  expect(await clipboardText()).toBe(link);
  expect(await screen.findByText('The report link is on the clipboard.')).toBeInTheDocument();
});

test('without outgoing mail only a link is offered', async () => {
  const { calls } = mockApi({
    'GET admin/reports/r1': { body: anAdminReport({}, { mailConfigured: false }) },
    'POST admin/reports/r1/send': sentReply(false),
  });
  renderWithProviders(<ReportScreen />, route);
  const dialog = await openSend();
  expect(within(dialog).getByText(/Outgoing mail is not configured/)).toBeInTheDocument();
  expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
  expect(within(dialog).queryByRole('checkbox', { name: 'Attach the PDF' })).not.toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
  await screen.findByRole('dialog', { name: 'Report sent' });
  expect(sends(calls)[0]!.body).toMatchObject({ delivery: 'link', attachPdf: false });
});

test('days outside 1 to 365 are refused before sending; a refusal of the server is shown in the dialog', async () => {
  const { calls } = mockApi({
    'GET admin/reports/r1': { body: anAdminReport() },
    'POST admin/reports/r1/send': { status: 502, body: { message: 'The mail server refused the message.' } },
  });
  renderWithProviders(<ReportScreen />, route);
  const dialog = await openSend();
  const days = within(dialog).getByRole('spinbutton', { name: 'Link valid for (days)' });
  await userEvent.clear(days);
  await userEvent.type(days, '400');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Mail report' }));
  expect(within(dialog).getByText('Enter a whole number of days from 1 to 365')).toBeInTheDocument();
  expect(sends(calls)).toHaveLength(0);

  await userEvent.clear(days);
  await userEvent.type(days, '365');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Mail report' }));
  const alert = await within(dialog).findByRole('alert');
  expect(alert).toHaveTextContent('Not sent');
  expect(alert).toHaveTextContent('The mail server refused the message.');
  expect(sends(calls)[0]!.body).toMatchObject({ expiresInDays: 365 });
});

test('comments typed but not saved yet are saved before the report is sent', async () => {
  const order: string[] = [];
  mockApi({
    'GET admin/reports/r1': { body: anAdminReport() },
    'PUT admin/reports/r1/comments': () => {
      order.push('save');
      return { body: { report: aReportState({ comments: { overall: 'Last words.', categories: {} }, version: 1 }) } };
    },
    'POST admin/reports/r1/send': () => {
      order.push('send');
      return sentReply(true);
    },
  });
  renderWithProviders(<ReportScreen />, route);
  await userEvent.type(await screen.findByRole('textbox', { name: 'Overall comment' }), 'Last words.');
  const dialog = await openSend();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Mail report' }));
  await screen.findByRole('dialog', { name: 'Report sent' });
  expect(order).toEqual(['save', 'send']);
});

test('Revoke links asks first; Cancel keeps them, confirming revokes every active link', async () => {
  const { calls } = mockApi({
    'GET admin/reports/r1': { body: anAdminReport(released) },
    'POST admin/reports/r1/revoke': {
      body: {
        message: '1 link was revoked.',
        revoked: 1,
        report: { ...released, links: [aReportLink({ status: 'revoked', revokedAt: '2026-03-06T10:00:00.000Z' })] },
      },
    },
  });
  renderWithProviders(<ReportScreen />, route);
  await userEvent.click(await screen.findByRole('button', { name: 'Revoke links' }));
  let dialog = screen.getByRole('dialog', { name: 'Revoke links' });
  expect(dialog).toHaveTextContent('Every active link to this report stops working at once');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(calls.filter((c) => c.path === 'admin/reports/r1/revoke')).toHaveLength(0);

  await userEvent.click(screen.getByRole('button', { name: 'Revoke links' }));
  dialog = screen.getByRole('dialog', { name: 'Revoke links' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke links' }));
  expect(await screen.findByText('1 link was revoked.')).toBeInTheDocument();
  expect(calls.filter((c) => c.path === 'admin/reports/r1/revoke')).toHaveLength(1);
  expect(within(screen.getByRole('region', { name: 'Delivery' })).getByText('Revoked')).toBeInTheDocument();
  // No active link is left to revoke.
  expect(screen.getByRole('button', { name: 'Revoke links' })).toBeDisabled();
});
