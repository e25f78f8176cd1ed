import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, useServer } from '../support/server';
import { adminApi, participantApi } from '../support/api';
import { goToSection, signInAsAdmin } from '../support/admin';
import { enterDetails } from '../support/participant';

const server = useServer();

/** Markup, script and SQL metacharacters that must come back exactly as typed and never run. */
const payloads = [
  `<script>window.__pwned = 'script'</script>`,
  `<img src=x onerror="window.__pwned='img'">`,
  `'; DROP TABLE participants; --`,
  `" OR "1"="1`,
  `100% _done_ \\ back\\slash`,
];

async function expectNothingRan(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  // No markup from the payloads became elements.
  expect(await page.locator('img[src="x"]').count()).toBe(0);
}

test('participant names with markup and SQL are shown as typed, stored as typed and never run', async ({ page }) => {
  page.on('dialog', (d) => void d.dismiss());
  const admin = await adminApi(server.url);
  for (const [i, payload] of payloads.entries()) {
    const name = `${payload} ${i}`;
    const email = `inject${i}.${Date.now()}@example.com`;
    await page.goto(server.url + '/');
    await page.evaluate(() => localStorage.clear());
    await page.goto(server.url + '/');
    await enterDetails(page, { name, email, phone: '03001234567' });
    await page.getByRole('link', { name: 'Begin' }).click();
    await expect(page.getByLabel('Full name')).toHaveValue(name);
    await expect(page.getByRole('img', { name: `Signature of ${name}` })).toBeVisible();
    await expectNothingRan(page);

    // The admin's search with the same text finds exactly this participant's submission later;
    // here the participant record is looked up through a concern submission.
    const participant = await participantApi(server.url, { name, email, phone: '03001234567' });
    const { complaints: concerns } = await participant.get<{ complaints: { _id: string }[] }>(
      'complaint-bother/get-all',
    );
    await participant.post('complaint-bother/add-complaint', [
      { complaintId: concerns[0]!._id, botherOptions: ['A little'] },
    ]);
    const submissions = await admin.get<{ data: { user: { name: string; email: string } }[] }>(
      'complaint-bother/get-all-complaints',
    );
    expect(submissions.data.find((s) => s.user.email === email)?.user.name).toBe(name);
  }
});

test('admin text fields and search boxes treat markup and SQL as plain text', async ({ page }) => {
  page.on('dialog', (d) => void d.dismiss());
  const admin = await adminApi(server.url);
  const payload = payloads[0]!;
  const sql = payloads[2]!;
  const category = (await admin.post<{ category: { name: string } }>('category', { name: `${payload} cat` })).category;
  expect(category.name).toBe(`${payload} cat`);
  const question = await admin.post<{ question: { question: string; options: string[] } }>('admin/addquestion', {
    question: `${sql} question ${payload}`,
    questionType: 'mcq',
    category: category.name,
    options: [payloads[1], payloads[3], payloads[4], 'plain'],
    correctAnswer: 'plain',
  });
  expect(question.question.options).toEqual([payloads[1], payloads[3], payloads[4], 'plain']);
  await admin.post('complaint/create-complaint', [
    { title: `${payload} title`, description: `${sql} description`, botherOptions: [payloads[1]] },
  ]);

  await signInAsAdmin(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await goToSection(page, 'Categories');
  await expect(page.getByRole('cell', { name: `${payload} cat`, exact: true })).toBeVisible();
  await page.getByLabel('Search categories').fill(payload);
  await expect(page.getByRole('cell', { name: `${payload} cat`, exact: true })).toBeVisible();
  await expectNothingRan(page);

  await goToSection(page, 'Questions');
  await page.getByLabel('Search questions').fill(sql);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'View question' }).first().click();
  await expect(page.getByRole('dialog', { name: 'View Question' })).toContainText(payload);
  await expectNothingRan(page);
  await page.keyboard.press('Escape');
  // A search made only of LIKE wildcards matches literally, not everything.
  await page.getByLabel('Search questions').fill('%_%');
  await expect(page.getByText('No Questions Found')).toBeVisible();

  await goToSection(page, 'Complaints');
  await page.getByLabel('Search complaints').fill(payload);
  await expect(page.getByRole('row').filter({ hasText: `${payload} title` })).toBeVisible();
  await expectNothingRan(page);

  // Everything is still there (no statement was cut short by the quotes).
  const stats = await admin.get<{ totals: { questions: number } }>('admin/stats');
  expect(stats.totals.questions).toBeGreaterThanOrEqual(13);
});
