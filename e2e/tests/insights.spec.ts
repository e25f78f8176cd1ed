import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parseCsv } from '../../server/src/lib/csv';
import { adminApi, participantApi } from '../support/api';
import { expectAccessible } from '../support/axe';
import { goToSection, signInAsAdmin } from '../support/admin';
import { newParticipant } from '../support/participant';
import { animationsSettled, screenshots } from '../support/screens';
import { ADMIN_EMAIL, ADMIN_PASSWORD, useServer } from '../support/server';

// The Insights section on a seeded cohort: sixteen participants of spread ability answer the demo
// questions and one more, keyed wrong on purpose (the key says Sydney): the stronger half choose
// Canberra, which the key calls wrong, the weaker half the key. The section must flag it "check the
// key", at a laptop's width and a phone's.

const server = useServer();
const shoot = screenshots(
  'insights',
  [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ],
  150,
);

const MISKEYED = 'Which city is the capital of Australia?';
const COHORT = 16;

interface AdminQuestion {
  _id: string;
  question: string;
  correctAnswer: string;
  questionType: 'mcq' | 'truefalse' | 'fill_in_the_blanks';
  options: string[];
  category: { name: string } | null;
}

/** An answer the key scores wrong. */
function wrongAnswer(question: AdminQuestion): string {
  if (question.questionType === 'truefalse') return question.correctAnswer.toLowerCase() === 'true' ? 'false' : 'true';
  if (question.questionType === 'fill_in_the_blanks') return 'not this';
  return question.options.find((o) => o.toLowerCase() !== question.correctAnswer.toLowerCase())!;
}

/**
 * Adds the miskeyed question, then sends the cohort through the API: details, consent, each answer
 * saved with a time (for the median time), then the submission. Participant i gets right the share
 * i / (COHORT - 1) of the other questions (rotated, so no question is right for everyone).
 */
async function seedCohort(baseUrl: string) {
  const admin = await adminApi(baseUrl);
  const bank = await admin.get<{ questions: AdminQuestion[] }>('admin/getquestions?limit=100');
  await admin.post('admin/addquestion', {
    question: MISKEYED,
    questionType: 'mcq',
    options: ['Canberra', 'Sydney', 'Melbourne', 'Perth'],
    correctAnswer: 'Sydney',
    category: bank.questions[0]!.category!.name,
  });
  const { questions: keyed } = await admin.get<{ questions: AdminQuestion[] }>('admin/getquestions?limit=100');
  const keyOf = new Map(keyed.map((q) => [q._id, q]));

  for (let i = 0; i < COHORT; i++) {
    const details = newParticipant('insights');
    const participant = await participantApi(baseUrl, details);
    const { questionSetVersion } = await participant.get<{ questionSetVersion: number }>('user/progress');
    const { questions } = await participant.get<{ questions: { _id: string }[] }>('user/getquestion');
    const others = questions.filter((q) => keyOf.get(q._id)!.question !== MISKEYED);
    const rightCount = Math.round((i / (COHORT - 1)) * others.length);
    const strong = i >= COHORT / 2;
    const answers = questions.map(({ _id }) => {
      const question = keyOf.get(_id)!;
      if (question.question === MISKEYED) return { questionId: _id, userAnswer: strong ? 'Canberra' : 'Sydney' };
      const j = others.findIndex((q) => q._id === _id);
      const right = (j + i) % others.length < rightCount;
      return { questionId: _id, userAnswer: right ? question.correctAnswer : wrongAnswer(question) };
    });
    for (const [j, answer] of answers.entries()) {
      await participant.post('user/answer', { ...answer, questionSetVersion, timeMs: 3_000 + 1_000 * j + 100 * i });
    }
    await participant.post('user/submitanswer', {
      name: details.name,
      email: details.email,
      contactno: details.phone,
      answers,
    });
  }
}

/** The question table's row (or, on a phone, card) of the miskeyed question. */
const miskeyedRow = (page: Page) => page.getByRole('row').filter({ hasText: MISKEYED });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await seedCohort(server.url);
});

test('the API flags the miskeyed question "check the key" with a negative discrimination', async () => {
  const admin = await adminApi(server.url);
  const insights = await admin.get<any>('admin/insights');
  expect(insights.cohort.participants).toBe(COHORT);
  const row = insights.questions.find((q: any) => q.question === MISKEYED);
  expect(row.flags).toContain('check_key');
  expect(row.discrimination).toBeLessThan(0);
  expect(row.facility).toBeCloseTo(0.5, 9);
});

test('at 1280 px the section shows the cohort, the categories and the question flagged "Check the key"', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await goToSection(page, 'Insights');
  await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/insights$/);
  await expect(page.getByRole('group', { name: 'Participants' })).toContainText(String(COHORT));
  await expect(page.getByRole('heading', { name: 'Score Distribution' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Internal Consistency' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();

  const row = miskeyedRow(page);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Check the key');
  await expect(row).toContainText('50%');
  await expect(row.getByRole('cell').nth(3)).toHaveText(/^\u2212\d\.\d\d$/);

  // Its answers, opened from the keyboard: Canberra's choosers did better on the rest than the key's.
  // Named Show answers, then Hide answers once open.
  const toggle = row.getByRole('button', { name: /^(Show|Hide) answers of question \d+$/ });
  await expect(toggle).toHaveAccessibleName(/^Show/);
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const answers = page.getByRole('table', { name: /^Answers of question \d+$/ });
  const restOf = async (option: string) =>
    Number(
      (await answers.getByRole('row').filter({ hasText: option }).getByRole('cell').nth(3).innerText()).replace(
        '%',
        '',
      ),
    );
  expect(await restOf('Canberra')).toBeGreaterThan(await restOf('Sydney'));
  await expect(answers.getByRole('row').filter({ hasText: 'Sydney' })).toContainText('Key');

  // A column's definition on hover.
  await page.getByRole('table', { name: 'Questions' }).getByRole('button', { name: 'Discrimination' }).hover();
  await expect(page.getByRole('tooltip')).toContainText('separates stronger from weaker participants');
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toBeHidden();

  await page.waitForLoadState('networkidle');
  await animationsSettled(page);
  await shoot(page, 'insights');
  await expectAccessible(page, 'insights', testInfo);

  // The CSV of the question table: a row per question, the miskeyed one flagged.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const records = parseCsv(readFileSync((await download.path())!, 'utf8'));
  expect(records.filter((record) => record.error)).toEqual([]);
  const [header, ...rows] = records.map((record) => record.fields);
  expect(header!.map((h) => h.replace(/^\uFEFF/, ''))[0]).toBe('Position');
  const questionAt = header!.indexOf('Question');
  const flagsAt = header!.indexOf('Flags');
  const flagged = rows.find((r) => r[questionAt] === MISKEYED)!;
  expect(flagged[flagsAt]).toMatch(/check/i);

  // Edit opens the question in the question bank.
  await row.getByRole('link', { name: /^Edit question \d+$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Question' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Question', exact: true })).toHaveValue(MISKEYED);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Days with no submissions: the empty state.
  await page.goto(`${server.url}/dashboard/insights?to=2020-01-01`);
  await expect(page.getByText('No Submissions Yet')).toBeVisible();
  await expect(page.getByLabel('Submitted to')).toHaveValue('2020-01-01');
});

test('at 375 px the questions are cards without sideways scrolling, the miskeyed one flagged', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInAsAdmin(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto(`${server.url}/dashboard/insights`);
  await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Questions' });
  await expect(cards).toBeVisible();
  const card = cards.getByRole('listitem').filter({ hasText: MISKEYED });
  await expect(card).toContainText('Check the key');
  await card.getByRole('button', { name: /^Show answers of question \d+$/ }).click();
  await expect(card.getByRole('list', { name: /^Answers of question \d+$/ })).toContainText('Canberra');
  await page.waitForLoadState('networkidle');
  await animationsSettled(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
  await page.screenshot({ path: 'test-results/screens/insights/insights-cards-375.png', fullPage: true });
});
