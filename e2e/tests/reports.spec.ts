import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { createDatabase, type BenchDatabase } from '../../bench/src/api/database';
import { seedDatabase } from '../../bench/src/api/seed';
import { openWriter } from '../../bench/src/api/writer';
import { parseCsv } from '../../server/src/lib/csv';
import { flattened, pdfText } from '../../server/test/helpers/pdf-text';
import { startSmtpServer, type Received, type TestSmtpServer } from '../../server/test/helpers/smtp';
import { adminApi, participantWithResult } from '../support/api';
import { signInAsAdmin } from '../support/admin';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from '../support/server';

// The doctor's report and the exports in Chromium, on one server for the file: 10,000 results
// bulk-inserted before it starts (the bench's loader, straight into its database: through the API
// they would take minutes), all submitted before today, and outgoing mail to an SMTP server in this
// process. Each report test makes a participant of its own through the API.

const seededResults = 10_000;
/** A name a spreadsheet would run as a formula, stored on one seeded participant. */
const formulaName = '=HYPERLINK("http://x","y")';

let server: RunningServer;
let smtp: TestSmtpServer;
let database: BenchDatabase;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  database = await createDatabase('sqlite');
  // Every seeded result submitted before today (UTC): a filter "to yesterday" holds exactly them.
  const today = new Date(new Date().toISOString().slice(0, 10));
  const seeded = await seedDatabase(database, { participants: seededResults, fresh: 0, now: today });
  const writer = await openWriter(database, { durable: true });
  try {
    const quoted = formulaName.replace(/'/g, "''");
    await writer.exec(
      `update participants set name = '${quoted}', name_lower = '${quoted.toLowerCase()}' where id = '${seeded.submitted[0]!.id}'`,
    );
  } finally {
    await writer.close();
  }
  smtp = await startSmtpServer();
  server = await startServer({
    dataDir: database.dataDir,
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Prometrica <reports@prometrica.test>' },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await database?.drop();
});

const yesterday = () => new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** The mail the SMTP server received for `to`, once it has arrived. */
async function mailTo(to: string, after: number): Promise<Received> {
  let found: Received | undefined;
  await expect
    .poll(() => (found = smtp.received.slice(after).find((mail) => mail.rcptTo.includes(to))), { timeout: 15_000 })
    .toBeTruthy();
  return found!;
}

/** Opens the link in a context of its own (no admin token, nothing shared with the admin's page). */
async function openAsParticipant(browser: Browser, link: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(link);
  return { context, page };
}

/** Sends the report from the open Send report dialog; returns the link the dialog shows. */
async function send(page: Page, choose: (dialog: Locator) => Promise<void>, button: string) {
  await page.getByRole('button', { name: 'Send report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send report' });
  await expect(dialog).toBeVisible();
  await choose(dialog);
  await dialog.getByRole('button', { name: button }).click();
  const sent = page.getByRole('dialog', { name: 'Report sent' });
  await expect(sent).toBeVisible();
  const link = await sent.getByLabel('Link to the report').inputValue();
  expect(link).toMatch(new RegExp(`^${server.url}/report/[A-Za-z0-9_-]{40,}$`));
  return { sent, link };
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
] as const) {
  test(`at ${viewport.width} px the doctor writes, prints, downloads, sends and revokes a report the participant opens by its link`, async ({
    page,
    browser,
    context,
  }) => {
    test.setTimeout(120_000);
    const wide = viewport.width >= 1000;
    const name = `Zoë Ñúñez Ωμέγα Юлия ${viewport.width}`;
    const email = `report.${viewport.width}.${Date.now().toString(36)}@example.com`;
    await participantWithResult(server.url, { name, email, phone: '03001234567' });
    const overall = `Steady work under pressure, ${viewport.width}: keep the habits that got you here.`;
    const onCategory = `Read the questions on this area twice (${viewport.width}).`;

    await page.setViewportSize(viewport);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await signInAsAdmin(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);

    // From the result's details to its report.
    await page.goto(`${server.url}/dashboard/result`);
    await page.getByLabel('Search results').fill(name);
    await page.getByRole('button', { name: `View result of ${name}` }).click();
    const detail = page.getByRole('dialog', { name: 'Result Details' });
    await expect(detail).toBeVisible();
    await detail.getByRole('link', { name: 'Open report' }).click();
    await expect(page).toHaveURL(/\/dashboard\/result\/[^/]+\/report$/);
    const resultId = /\/dashboard\/result\/([^/]+)\/report$/.exec(page.url())![1]!;
    await expect(page.getByRole('heading', { name: `Report on ${name}`, level: 1 })).toBeVisible();
    // The admin's copy carries the correct answers.
    await expect(page.locator('th', { hasText: 'Correct answer' })).not.toHaveCount(0);

    // Comments, saved as a draft while typing: a reload shows them.
    await page.getByRole('textbox', { name: 'Overall comment' }).fill(overall);
    const categoryBox = page.getByRole('textbox', { name: /^Comment on / }).first();
    const categoryLabel = (
      await page
        .locator('label', { hasText: /^Comment on / })
        .first()
        .innerText()
    ).trim();
    const category = categoryLabel.replace(/^Comment on /, '');
    await categoryBox.fill(onCategory);
    await expect(page.getByRole('status', { name: 'Draft status' })).toHaveText(/^Draft saved at/, { timeout: 15_000 });
    const admin = await adminApi(server.url);
    const saved = await admin.get<{
      mailConfigured: boolean;
      report: { comments: { overall: string; categories: Record<string, string> } };
    }>(`admin/reports/${resultId}`);
    expect(saved.mailConfigured).toBe(true);
    expect(saved.report.comments.overall).toBe(overall);
    expect(saved.report.comments.categories[category]).toBe(onCategory);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Overall comment' })).toHaveValue(overall);
    await expect(page.getByRole('textbox', { name: `Comment on ${category}` })).toHaveValue(onCategory);

    // Print preview: the report and the comments' text, no navigation, buttons or editors.
    if (wide) await expect(page.getByRole('navigation', { name: 'Dashboard sections' })).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('article', { name: `Report on ${name}` })).toBeVisible();
    await expect(page.getByRole('note').filter({ hasText: overall })).toBeVisible();
    await expect(page.getByRole('note', { name: new RegExp(`comment on ${category}$`) })).toContainText(onCategory);
    await expect(page.getByRole('navigation', { name: 'Dashboard sections' })).toBeHidden();
    await expect(page.locator('.mantine-AppShell-header')).toBeHidden();
    await expect(page.locator('button:visible')).toHaveCount(0);
    await expect(page.locator('textarea:visible')).toHaveCount(0);
    await expect(page.getByRole('link', { name: '← Results' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    // Download PDF: a real PDF with the name (its scripts intact) and the comments.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = flattened(pdfText(pdf));
    expect(text).toContain(name);
    expect(text).toContain(overall);

    // Send by a link to copy.
    const copied = await send(
      page,
      async (dialog) => {
        await dialog
          .locator('label')
          .filter({ hasText: /^Copy link$/ })
          .click();
        await expect(dialog.getByText('You copy the link and send it to the participant yourself.')).toBeVisible();
      },
      'Create link',
    );
    await copied.sent.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(copied.link);
    await copied.sent.getByRole('button', { name: 'Done' }).click();

    // And by mail, the PDF attached at one width, not at the other, the correct answers shown.
    const before = smtp.received.length;
    const mailed = await send(
      page,
      async (dialog) => {
        await expect(dialog.getByText(`The link is mailed to ${email}.`)).toBeVisible();
        if (wide) await dialog.getByLabel('Attach the PDF').check();
        await dialog.getByLabel('Show the correct answers to the participant').check();
      },
      'Mail report',
    );
    await expect(mailed.sent.getByText('The participant was mailed the link.', { exact: false })).toBeVisible();
    await mailed.sent.getByRole('button', { name: 'Done' }).click();
    const mail = await mailTo(email, before);
    expect(mail.message.text).toContain(mailed.link);
    const pdfs = mail.message.attachments.filter((file) => file.contentType === 'application/pdf');
    expect(pdfs).toHaveLength(wide ? 1 : 0);
    if (wide) expect(flattened(pdfText(pdfs[0]!.content))).toContain(name);

    // The participant's copy, in another context: the comments, no correct answers.
    const reader = await openAsParticipant(browser, copied.link, viewport);
    try {
      const other = reader.page;
      await expect(other.getByRole('heading', { name: 'Your assessment report' })).toBeVisible();
      await expect(other.getByRole('article', { name: `Report on ${name}` })).toBeVisible();
      await expect(other.getByRole('note').filter({ hasText: overall })).toBeVisible();
      await expect(other.getByRole('note', { name: new RegExp(`comment on ${category}$`) })).toContainText(onCategory);
      await expect(other.locator('th', { hasText: 'Correct answer' })).toHaveCount(0);
      await expect(other.locator('[data-label="Correct answer"]')).toHaveCount(0);
      // The mailed link was sent with the correct answers shown.
      await other.goto(mailed.link);
      await expect(other.getByRole('article', { name: `Report on ${name}` })).toBeVisible();
      await expect(other.locator('th', { hasText: 'Correct answer' })).toHaveCount(1);
      await other.goto(copied.link);
      await expect(other.getByRole('article', { name: `Report on ${name}` })).toBeVisible();

      // Revoked: both links answer 410, and the page says so with no report.
      await page.reload();
      await page.getByRole('button', { name: 'Revoke links' }).click();
      const confirm = page.getByRole('dialog', { name: 'Revoke links' });
      await confirm.getByRole('button', { name: 'Revoke links' }).click();
      await expect(confirm).toBeHidden();
      for (const link of [copied.link, mailed.link]) {
        const token = link.split('/').pop()!;
        const gone = await fetch(`${server.url}/api/reports/link/${token}`);
        expect(gone.status).toBe(410);
      }
      const token = copied.link.split('/').pop()!;
      const { message } = (await (await fetch(`${server.url}/api/reports/link/${token}`)).json()) as {
        message: string;
      };
      await other.reload();
      await expect(other.getByText('This report link no longer works')).toBeVisible();
      await expect(other.getByText(message)).toBeVisible();
      await expect(other.getByRole('article')).toHaveCount(0);
    } finally {
      await reader.context.close();
    }

    // The results list shows the report's status (opened by the participant) and filters by it.
    await page.getByRole('link', { name: '← Results' }).click();
    await page.getByLabel('Search results').fill(name);
    const entry = page.getByRole('button', { name: `View result of ${name}` });
    await expect(entry).toBeVisible();
    // The row (a table's at 1280 px, a card at 375) of this result: opened by the participant.
    await expect(
      page
        .locator('tr, li')
        .filter({ has: entry })
        .getByText(/^Opened /),
    ).toBeVisible();
    await page.getByLabel('Report', { exact: true }).selectOption('opened');
    await expect(page).toHaveURL(/report=opened/);
    await expect(entry).toBeVisible();
    await page.getByLabel('Report', { exact: true }).selectOption('draft');
    await expect(page.getByText('No Results Found')).toBeVisible();
    await expect(entry).toBeHidden();
  });
}

test('10,000 results exported from the results screen as CSV and XLSX, a formula in a name neutralised', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  // The seeded results only: submitted up to yesterday (the report tests' results are today's).
  await page.goto(`${server.url}/dashboard/result?to=${yesterday()}`);
  await expect(page.getByLabel('Submitted to')).toHaveValue(yesterday());
  await expect(page.getByText(/^10,?000$/).first()).toBeVisible();

  const [csvDownload] = await Promise.all([
    page.waitForEvent('download', { timeout: 45_000 }),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = readFileSync((await csvDownload.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const records = parseCsv(csv);
  expect(records.filter((record) => record.error)).toEqual([]);
  const [header, ...rows] = records.map((record) => record.fields);
  expect(rows).toHaveLength(seededResults);
  const nameAt = header!.indexOf('Name');
  expect(nameAt).toBeGreaterThanOrEqual(0);
  expect(rows.every((row) => row.length === header!.length)).toBe(true);
  expect(rows.filter((row) => row[nameAt] === `'${formulaName}`)).toHaveLength(1);
  expect(rows.filter((row) => /^[=+\-@\t\r]/.test(row[nameAt]!))).toEqual([]);

  const [xlsxDownload] = await Promise.all([
    page.waitForEvent('download', { timeout: 45_000 }),
    page.getByRole('button', { name: 'Export XLSX' }).click(),
  ]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await xlsxDownload.path())!);
  const sheet = workbook.getWorksheet('Results');
  expect(sheet).toBeDefined();
  expect(sheet!.actualRowCount).toBe(seededResults + 1);
  const sheetHeader = (sheet!.getRow(1).values as unknown[]).slice(1);
  expect(sheetHeader).toEqual(header);
  const names: unknown[] = [];
  sheet!.getColumn(sheetHeader.indexOf('Name') + 1).eachCell((cell) => names.push(cell.value));
  expect(names.filter((value) => value === `'${formulaName}`)).toHaveLength(1);
  expect(names.filter((value) => typeof value !== 'string' || /^[=+\-@\t\r]/.test(value))).toEqual([]);
  expect(workbook.getWorksheet('Concerns')).toBeDefined();
});
