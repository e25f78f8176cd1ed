import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, useServer } from '../support/server';
import { adminApi, participantApi } from '../support/api';
import { chooseSegment, confirmDelete, goToSection, signInAsAdmin } from '../support/admin';
import { expectAccessible } from '../support/axe';
import { screenshots } from '../support/screens';

const server = useServer();

const shoot = screenshots(
  'admin',
  [
    { width: 1440, height: 900 },
    { width: 375, height: 900 },
  ],
  150,
);

/** Takes the screenshots named `shot` and checks the screen (called `screen` in the report) for accessibility. */
async function shootAccessible(page: Page, shot: string, screen: string, testInfo: TestInfo) {
  await shoot(page, shot);
  await expectAccessible(page, screen, testInfo);
}

interface Stats {
  totals: { participants: number; accounts: number; users: number; questions: number; admins: number };
}
interface Question {
  _id: string;
  question: string;
  correctAnswer: string;
  questionType: string;
  options: string[];
  category: { _id: string; name: string } | null;
}

test.describe.configure({ mode: 'serial' });

test('the overview shows the figures in the database', async ({ page }, testInfo) => {
  const api = await adminApi(server.url);
  for (let i = 0; i < 3; i++)
    await participantApi(server.url, {
      name: `Overview ${i}`,
      email: `overview${i}@example.com`,
      phone: '03001234567',
    });
  const stats = await api.get<Stats>('admin/stats');
  await signInAsAdmin(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  const card = (label: string) =>
    page
      .locator('div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .filter({ hasText: /^\D*\d+/ })
      .last();
  await expect(card('Participants')).toContainText(String(stats.totals.participants));
  await expect(card('Total Questions')).toContainText(String(stats.totals.questions));
  await expect(card('Staff Accounts')).toContainText(String(stats.totals.accounts));
  await expect(card('Admin Users')).toContainText(String(stats.totals.admins));
  await expect(page.getByText('Growth Analytics')).toBeVisible();
  await expect(page.getByText('User Distribution')).toBeVisible();
  await shootAccessible(page, '01-overview', 'overview', testInfo);
});

test('an admin manages categories and questions of every type', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const api = await adminApi(server.url);
  const stamp = Date.now().toString(36);
  const category = `Wellbeing ${stamp}`;
  await signInAsAdmin(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);

  await goToSection(page, 'Categories');
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add Category' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await dialog.getByLabel('Category name').fill(category);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('cell', { name: category, exact: true })).toBeVisible();
  await shootAccessible(page, '02-categories', 'categories', testInfo);

  await goToSection(page, 'Questions');
  await page.getByRole('link', { name: 'Add Question' }).click();
  await expect(page.getByRole('heading', { name: 'Add Question' })).toBeVisible();
  await shootAccessible(page, '03-add-question', 'add question', testInfo);

  // Multiple choice.
  await page.getByLabel('Category').selectOption({ label: category });
  await page.getByRole('textbox', { name: /^Question\s*\*?$/ }).fill(`Which ${stamp} habit restores focus?`);
  await page.getByRole('button', { name: 'Save Question' }).click();
  await expect(page.getByText('This option is required').first()).toBeVisible();
  for (const [letter, text] of [
    ['A', 'Short breaks'],
    ['B', 'More meetings'],
    ['C', 'Skipping lunch'],
    ['D', 'Late nights'],
  ]) {
    await page.getByRole('textbox', { name: new RegExp(`^Option ${letter}`) }).fill(text!);
  }
  // The correct answer is picked from the options typed, not typed again.
  await page
    .getByRole('radiogroup', { name: /^Correct answer/ })
    .getByRole('radio', { name: 'A. Short breaks' })
    .check();
  await page.getByRole('button', { name: 'Save Question' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /added|created|saved/i })
      .first(),
  ).toBeVisible();

  // True/false.
  await chooseSegment(page, 'True/False');
  await page.getByLabel('Category').selectOption({ label: category });
  await page.getByRole('textbox', { name: /^Question\s*\*?$/ }).fill(`Rest ${stamp} improves decisions.`);
  await chooseSegment(page, 'True');
  await page.getByRole('button', { name: 'Save Question' }).click();
  await expect(page.getByRole('textbox', { name: /^Question\s*\*?$/ })).toHaveValue('');

  // Fill in the blanks.
  await chooseSegment(page, 'Fill in the Blanks');
  await page.getByLabel('Category').selectOption({ label: category });
  await page.getByRole('textbox', { name: /^Question\s*\*?$/ }).fill(`A ${stamp} ____ helps you recover from stress.`);
  await page.getByLabel('Correct answer').fill('routine');
  await page.getByRole('button', { name: 'Save Question' }).click();
  await expect(page.getByRole('textbox', { name: /^Question\s*\*?$/ })).toHaveValue('');

  const mine = (await api.get<{ questions: Question[] }>(`admin/getquestions?page=1&limit=100&search=${stamp}`))
    .questions;
  expect(mine.map((q) => q.questionType).sort()).toEqual(['fill_in_the_blanks', 'mcq', 'truefalse']);
  expect(mine.find((q) => q.questionType === 'truefalse')).toMatchObject({
    correctAnswer: 'true',
    options: ['true', 'false'],
  });
  expect(mine.find((q) => q.questionType === 'fill_in_the_blanks')).toMatchObject({
    correctAnswer: 'routine',
    options: [],
  });
  expect(mine.every((q) => q.category?.name === category)).toBe(true);

  // Search (server side, debounced) finds the three; edit one; delete one.
  await page
    .getByRole('link', { name: 'Back to questions' })
    .or(page.getByRole('button', { name: 'Back to questions' }))
    .first()
    .click();
  await page.getByLabel('Search questions').fill(stamp);
  await expect(page.getByRole('row')).toHaveCount(4);
  await shootAccessible(page, '04-questions', 'questions', testInfo);
  const tfRow = page.getByRole('row').filter({ hasText: `Rest ${stamp}` });
  await tfRow.getByRole('button', { name: 'Edit question' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Question' });
  await edit.getByRole('textbox', { name: /^Question\s*\*?$/ }).fill(`Rest ${stamp} rarely improves decisions.`);
  await chooseSegment(page, 'False');
  await edit.getByRole('button', { name: 'Update Question' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: `Rest ${stamp} rarely` })).toBeVisible();
  const edited = (
    await api.get<{ questions: Question[] }>(`admin/getquestions?search=${encodeURIComponent(`Rest ${stamp}`)}`)
  ).questions[0];
  expect(edited).toMatchObject({ question: `Rest ${stamp} rarely improves decisions.`, correctAnswer: 'false' });

  const fillRow = page.getByRole('row').filter({ hasText: `A ${stamp} ____` });
  await fillRow.getByRole('button', { name: 'View question' }).click();
  await expect(page.getByRole('dialog', { name: 'View Question' })).toContainText('routine');
  await page.getByRole('dialog', { name: 'View Question' }).getByRole('button', { name: 'Close' }).first().click();
  await fillRow.getByRole('button', { name: 'Delete question' }).click();
  await confirmDelete(page, 'Are you sure you want to delete this question?');
  await expect(page.getByRole('row')).toHaveCount(3);
  expect((await api.get<{ questions: Question[] }>(`admin/getquestions?search=${stamp}`)).questions).toHaveLength(2);
});

test("an admin opens a participant's result and sees the category figures", async ({ page }, testInfo) => {
  const api = await adminApi(server.url);
  const who = { name: 'Result Reader', email: `reader.${Date.now()}@example.com`, phone: '03001112223' };
  const participant = await participantApi(server.url, who);
  const { questions } = await participant.get<{
    questions: { _id: string; questionType: string; options: string[] }[];
  }>('user/getquestion');
  const bank = (await api.get<{ questions: Question[] }>('admin/getquestions?page=1&limit=100')).questions;
  // Right on even positions, wrong on odd ones (another of the options a choice question offers).
  const wrongAnswer = (q: (typeof questions)[number], right: string) => {
    if (q.questionType === 'fill_in_the_blanks') return `${right} not`;
    const offered = q.questionType === 'mcq' && q.options.length > 0 ? q.options : ['true', 'false'];
    return offered.find((option) => option.toLowerCase() !== right.toLowerCase())!;
  };
  const answers = questions.map((q, i) => {
    const full = bank.find((b) => b._id === q._id)!;
    return { questionId: q._id, userAnswer: i % 2 === 0 ? full.correctAnswer : wrongAnswer(q, full.correctAnswer) };
  });
  await participant.post('user/submitanswer', { name: who.name, email: who.email, contactno: who.phone, answers });
  const expected = new Map<string, { correct: number; total: number }>();
  questions.forEach((q, i) => {
    const name = bank.find((b) => b._id === q._id)!.category!.name;
    const figure = expected.get(name) ?? { correct: 0, total: 0 };
    figure.total += 1;
    if (i % 2 === 0) figure.correct += 1;
    expected.set(name, figure);
  });

  await signInAsAdmin(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await goToSection(page, 'Results');
  await page.getByLabel('Search results').fill(who.email);
  await page
    .getByRole('button', { name: `View result of ${who.name}` })
    .first()
    .click();
  const modal = page.getByRole('dialog', { name: 'Result Details' });
  await expect(modal).toBeVisible();
  for (const [name, figure] of expected) {
    const row = modal.getByRole('row', { name: new RegExp(`^${name} \\d`) });
    await expect(row).toContainText(`${Math.round((figure.correct / figure.total) * 100)}%`);
  }
  await shootAccessible(page, '05-result-detail', 'result detail', testInfo);
  await modal.getByRole('button', { name: 'Close' }).first().click();
  await shootAccessible(page, '06-results', 'results', testInfo);
});

test('an admin adds, edits and deletes a concern and sees a participant’s concern submission', async ({
  page,
}, testInfo) => {
  const stamp = Date.now().toString(36);
  const who = { name: `Rater ${stamp}`, email: `rater.${stamp}@example.com`, phone: '03004445556' };
  const participant = await participantApi(server.url, who);
  const { complaints: concerns } = await participant.get<{ complaints: { _id: string; title: string }[] }>(
    'complaint-bother/get-all',
  );
  await participant.post('complaint-bother/add-complaint', [
    { complaintId: concerns[0]!._id, botherOptions: ['A great deal'] },
  ]);

  await signInAsAdmin(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await goToSection(page, 'Complaints');
  await page.getByRole('button', { name: 'Add Complaint' }).click();
  const add = page.getByRole('dialog');
  await add.getByRole('button', { name: 'Add Complaint' }).click();
  await expect(add.getByText('Complaint title is required')).toBeVisible();
  await add.getByLabel('Title').fill(`Workload ${stamp}`);
  await add.getByLabel('Description').fill('How manageable the amount of work feels.');
  await add.getByRole('button', { name: 'Add Complaint' }).click();
  await expect(add).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: `Workload ${stamp}` });
  await expect(row).toBeVisible();
  await shootAccessible(page, '07-concerns', 'concerns', testInfo);

  await page.getByRole('button', { name: `Edit complaint Workload ${stamp}` }).click();
  const edit = page.getByRole('dialog');
  await edit.getByLabel('Title').fill(`Workload ${stamp} (edited)`);
  await edit.getByRole('button', { name: 'Update Complaint' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: `Workload ${stamp} (edited)` })).toBeVisible();
  await page.getByRole('button', { name: `Delete complaint Workload ${stamp} (edited)` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row').filter({ hasText: `Workload ${stamp}` })).toHaveCount(0);

  await page.getByRole('tab', { name: 'User Submissions' }).click();
  await page.getByLabel('Search submissions').fill(who.email);
  const submission = page.getByRole('row').filter({ hasText: who.name });
  await expect(submission).toContainText(concerns[0]!.title);
  await expect(submission).toContainText('A great deal');
  await shootAccessible(page, '08-submissions', 'user submissions', testInfo);
});

test('an admin adds, edits and deletes a user; a plain admin cannot grant the admin role; logout lands on /login', async ({
  page,
}, testInfo) => {
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await goToSection(page, 'Users');
  await page.getByRole('link', { name: 'Add User' }).click();
  await expect(page.getByRole('heading', { name: 'Add User' })).toBeVisible();
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await shootAccessible(page, '09-add-user', 'add user', testInfo);
  await page.getByLabel('Name').fill(`Helper ${stamp}`);
  await page.getByLabel('Email').fill(`helper.${stamp}@example.com`);
  await page.getByRole('textbox', { name: 'Password' }).fill('orchid-lantern-71');
  await page.getByLabel('Phone number').fill('03001234567');
  await page.getByLabel('Role').selectOption('admin');
  await page.getByRole('button', { name: 'Create User' }).click();
  const row = page.getByRole('row').filter({ hasText: `helper.${stamp}@example.com` });
  await expect(row).toBeVisible();
  await shootAccessible(page, '10-users', 'users', testInfo);

  await page.getByRole('button', { name: `Edit user Helper ${stamp}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await edit.getByLabel('Name').fill(`Helper ${stamp} Edited`);
  await edit.getByRole('button', { name: 'Update User' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: `Helper ${stamp} Edited` })).toBeVisible();

  // The new plain admin signs in: no Admin role on offer, and the API refuses it too.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(`helper.${stamp}@example.com`);
  await page.locator('input[name=password]').fill('orchid-lantern-71');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
  await goToSection(page, 'Users');
  await page.getByRole('link', { name: 'Add User' }).click();
  const roles = await page.getByLabel('Role').locator('option').allTextContents();
  expect(roles.map((r) => r.toLowerCase())).not.toContain('admin');
  const plain = await adminApi(server.url, `helper.${stamp}@example.com`, 'orchid-lantern-71');
  await expect(
    plain.post('admin/createuser', {
      name: 'X',
      email: `x.${stamp}@example.com`,
      password: 'granite-harbour-42',
      role: 'admin',
      phoneNumber: '03001234567',
    }),
  ).rejects.toThrow(/403/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Logging out...' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The superadmin deletes the helper.
  await signInAsAdmin(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await goToSection(page, 'Users');
  await page.getByRole('button', { name: `Delete user Helper ${stamp} Edited` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row').filter({ hasText: `helper.${stamp}@example.com` })).toHaveCount(0);

  await page.getByRole('link', { name: 'Change Password' }).click();
  await expect(page.getByRole('textbox', { name: 'Current password' })).toBeVisible();
  await shootAccessible(page, '11-account', 'change password', testInfo);
});

test('an admin invites a participant, imports a CSV with a bad row, and turns open entry off and on', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await goToSection(page, 'Participants');
  await expect(page.getByRole('heading', { name: 'Participants', level: 1 })).toBeVisible();

  // One by one: without mail, the modal gives the personal link to copy.
  await page.getByRole('button', { name: 'Invite participant' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite participant' });
  await invite.getByLabel('Name').fill(`Invited ${stamp}`);
  await invite.getByLabel('Email').fill('not-an-email');
  await invite.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(invite.getByText(/Email must be a valid email address/)).toBeVisible();
  await invite.getByLabel('Email').fill(`invited.${stamp}@example.com`);
  await invite.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(invite.getByLabel('Invitation link')).toHaveValue(/\/invite\/[A-Za-z0-9_-]{43}$/);
  await shootAccessible(page, '12-invite-link', 'invitation link', testInfo);
  await invite.getByRole('button', { name: 'Done' }).click();
  // The modal gives the focus back to the button that opened it as it closes: typing before then
  // would lose the keys to that button.
  await expect(invite).toBeHidden();
  await page.getByLabel('Search participants').fill(`invited.${stamp}`);
  const row = page.getByRole('row').filter({ hasText: `invited.${stamp}@example.com` });
  await expect(row.getByRole('cell', { name: 'Invited', exact: true })).toBeVisible();
  await expect(row).toContainText('Active');

  // From a CSV: the good rows are invited, the bad one is reported by its line.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const importing = page.getByRole('dialog', { name: /Import/ });
  await importing
    .getByLabel('CSV rows')
    .fill(
      [
        'name,email,phone',
        `Csv One ${stamp},csv1.${stamp}@example.com,03001234567`,
        `Csv Bad ${stamp},not-an-email,`,
        `Csv Two ${stamp},csv2.${stamp}@example.com,`,
      ].join('\n'),
    );
  await importing.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(importing.getByRole('status').filter({ hasText: '2 invited' })).toBeVisible();
  await expect(importing.getByRole('region', { name: 'Rows with errors' })).toContainText('Line 3: email');
  await shootAccessible(page, '13-import-outcome', 'import outcome', testInfo);
  await importing.getByRole('button', { name: 'Done' }).click();
  await expect(importing).toBeHidden();
  await page.getByLabel('Search participants').fill('');
  await expect(page.getByRole('row').filter({ hasText: `csv2.${stamp}@example.com` })).toBeVisible();
  await shootAccessible(page, '14-participants', 'participants', testInfo);

  // Open entry off: the home page says the assessment is by invitation; on again, the form is back.
  const openEntry = page.getByRole('switch', { name: 'Open entry' });
  // Mantine's switch input is hidden behind its track: a person clicks the label.
  const toggle = page.getByText('Open entry', { exact: true });
  await expect(openEntry).toBeChecked();
  await toggle.click();
  await expect(openEntry).not.toBeChecked();
  const visitor = await browser.newContext();
  const home = await visitor.newPage();
  await home.goto(server.url + '/');
  await expect(
    home.getByText('This assessment is by invitation. Please use the link in your invitation.'),
  ).toBeVisible();
  await toggle.click();
  await expect(openEntry).toBeChecked();
  await home.reload();
  await expect(home.getByRole('button', { name: 'Continue' })).toBeVisible();
  await visitor.close();
});
