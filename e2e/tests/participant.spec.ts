import { expect, test } from '@playwright/test';
import { useServer } from '../support/server';
import { adminApi } from '../support/api';
import { answerAll, answerCurrent, enterDetails, newParticipant, progress, reachQuiz } from '../support/participant';
import { screenshots } from '../support/screens';

const server = useServer();

const shoot = screenshots('participant', [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]);

interface ResultList {
  results: {
    _id: string;
    user: { email: string };
    userTotals: { correctAnswer: number; wrongAnswer: number; totalAnswers: number; percent: number };
  }[];
}
interface ResultDetail {
  agreement: { date: string; imageBase64: string } | null;
  result: {
    answers: { question: string; userAnswer: string; isCorrect: boolean }[];
    categories: { categoryName: string; totalAnswers: number }[];
  };
}
interface Submissions {
  data: {
    user: { email: string; name: string; phoneNumber: string };
    bothers: { complaintId: { title: string }; botherOptions: string[] }[];
  }[];
}

test('a new participant completes the whole journey and the admin API shows what they sent', async ({ page }) => {
  test.setTimeout(120_000);
  const me = newParticipant('journey');
  await page.goto(server.url + '/');
  await shoot(page, '01-details');
  await enterDetails(page, me);
  await expect(page.getByRole('heading', { name: 'Welcome to Prometrica' })).toBeVisible();
  await shoot(page, '02-welcome');
  await page.getByRole('link', { name: 'Begin' }).click();
  await expect(page.getByRole('img', { name: `Signature of ${me.name}` })).toBeVisible();
  await shoot(page, '03-consent');
  await page.getByRole('button', { name: /Sign and continue/ }).click();
  await expect(page.getByText('Thank you! Your consent has been recorded successfully.')).toBeVisible();
  await expect(page.getByText('Test Progress')).toBeVisible();

  const { total } = await progress(page);
  expect(total).toBeGreaterThanOrEqual(3);
  const kinds = new Set<string>();
  const given: string[] = [];
  for (let i = 1; i <= total; i++) {
    await expect(page.getByText(`Question ${i} of ${total}`)).toBeVisible();
    await expect(page.getByText(`${Math.round(((i - 1) / total) * 100)}% Complete`)).toBeVisible();
    if (await page.getByLabel('Enter your answer:').isVisible()) kinds.add('fill');
    else if (await page.getByRole('button', { name: 'True' }).isVisible()) kinds.add('truefalse');
    else kinds.add('mcq');
    if (i === 1) await shoot(page, '04-question');
    given.push(await answerCurrent(page));
  }
  expect([...kinds].sort()).toEqual(['fill', 'mcq', 'truefalse']);

  await expect(page).toHaveURL(/\/submit$/);
  await shoot(page, '05-submit');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Your responses have been submitted' })).toBeVisible();
  await shoot(page, '06-submitted');
  await page.getByRole('link', { name: 'Continue to final assessment' }).click();

  await expect(page).toHaveURL(/\/complaint-list$/);
  const submit = page.getByRole('button', { name: 'Submit Assessment' });
  await expect(submit).toHaveAttribute('aria-disabled', 'true');
  const clarity = page.getByRole('group', { name: 'Clarity of Expectations' });
  await clarity.getByRole('button', { name: 'Quite a Bit' }).click();
  await page.getByRole('group', { name: 'Team & Culture' }).getByRole('button', { name: 'A great deal' }).click();
  await expect(page.getByRole('button', { name: 'Clear All Selections' })).toBeVisible();
  await shoot(page, '07-concerns');
  await submit.click();
  await expect(
    page.getByText('Thank you! Your workplace concerns assessment has been recorded successfully.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/thankyou$/);
  await shoot(page, '08-thankyou');
  await page.getByRole('link', { name: 'View my summary' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByText('Clarity of Expectations')).toBeVisible();
  await shoot(page, '09-reports');

  const admin = await adminApi(server.url);
  const list = await admin.get<ResultList>(
    `admin/getquizresult?page=1&limit=25&search=${encodeURIComponent(me.email)}`,
  );
  expect(list.results).toHaveLength(1);
  const result = list.results[0]!;
  expect(result.userTotals.totalAnswers).toBe(total);
  expect(result.userTotals.correctAnswer + result.userTotals.wrongAnswer).toBe(total);
  const detail = await admin.get<ResultDetail>(`admin/getquizresult/${result._id}`);
  expect(detail.result.answers.map((a) => a.userAnswer.toLowerCase())).toEqual(given.map((g) => g.toLowerCase()));
  expect(detail.result.categories.reduce((sum, c) => sum + c.totalAnswers, 0)).toBe(total);
  // The signed consent: today's date and a PNG signature.
  expect(detail.agreement?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(
    Buffer.from(detail.agreement?.imageBase64 ?? '', 'base64')
      .subarray(1, 4)
      .toString(),
  ).toBe('PNG');

  const submissions = await admin.get<Submissions>('complaint-bother/get-all-complaints');
  const mine = submissions.data.find((s) => s.user.email === me.email);
  // The number as typed (03001234567), kept in E.164.
  expect(mine?.user).toMatchObject({ name: me.name, phoneNumber: '+923001234567' });
  expect(mine?.bothers.map((rating) => [rating.complaintId.title, rating.botherOptions]).sort()).toEqual([
    ['Clarity of Expectations', ['Quite a Bit']],
    ['Team & Culture', ['A great deal']],
  ]);
});

test('a reload in the middle of the quiz resumes on the same question with the answers kept', async ({ page }) => {
  const me = newParticipant('reload');
  await reachQuiz(page, server.url, me);
  await answerCurrent(page);
  await answerCurrent(page);
  const before = await progress(page);
  expect(before.n).toBe(3);
  await page.reload();
  await expect(page.getByText(`Question 3 of ${before.total}`)).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText(`Question 2 of ${before.total}`)).toBeVisible();
  // The earlier answer is still chosen.
  const chosen = page.locator('[aria-pressed="true"]');
  const fill = page.getByLabel('Enter your answer:');
  if (await fill.isVisible()) await expect(fill).not.toHaveValue('');
  else await expect(chosen).toHaveCount(1);
});

test('closing the tab mid-quiz and opening the product again resumes', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const me = newParticipant('tab');
  await reachQuiz(page, server.url, me);
  await answerCurrent(page);
  const { total } = await progress(page);
  await page.close();
  const again = await context.newPage();
  await again.goto(server.url + '/question');
  await expect(again.getByText(`Question 2 of ${total}`)).toBeVisible();
  await context.close();
});

test('a second visit with the same email goes straight to the thank-you page', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const me = newParticipant('again');
  await reachQuiz(page, server.url, me);
  await answerAll(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Your responses have been submitted' })).toBeVisible();

  const fresh = await browser.newContext();
  const second = await fresh.newPage();
  await second.goto(server.url + '/');
  await enterDetails(second, me);
  await expect(second).toHaveURL(/\/thankyou$/);
  await fresh.close();
});

test('the quiz can be done with the keyboard alone', async ({ page }) => {
  test.setTimeout(90_000);
  const me = newParticipant('keys');
  await page.goto(server.url + '/');
  await page.getByLabel('Full name').focus();
  await page.keyboard.type(me.name);
  await page.keyboard.press('Tab');
  await page.keyboard.type(me.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(me.phone);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Welcome to Prometrica' })).toBeVisible();
  await page.getByRole('link', { name: 'Begin' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Full name')).toHaveValue(me.name);
  await page.getByRole('button', { name: /Sign and continue/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Test Progress')).toBeVisible();

  const { total } = await progress(page);
  for (let i = 1; i <= total; i++) {
    await expect(page.getByText(`Question ${i} of ${total}`)).toBeVisible();
    const fill = page.getByLabel('Enter your answer:');
    if (await fill.isVisible()) {
      // Tab from the question to the text box, type, Enter submits.
      await fill.focus();
      await page.keyboard.type('courage');
      await page.keyboard.press('Enter');
    } else {
      // Tab reaches the first answer button; Space chooses it.
      let guard = 0;
      while (
        !(await page.evaluate(
          () => document.activeElement?.closest('[role="group"][aria-label="Answer options"]') !== null,
        )) &&
        guard++ < 15
      ) {
        await page.keyboard.press('Tab');
      }
      expect(guard).toBeLessThan(15);
      await page.keyboard.press('Space');
    }
  }
  await expect(page).toHaveURL(/\/submit$/);
  // Tab from wherever the last answer left the focus to Submit, once the screen is there.
  await expect(page.getByRole('heading', { name: 'Submit your answers' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Submit' });
  for (let guard = 0; guard < 20 && !(await submit.evaluate((el) => el === document.activeElement)); guard++)
    await page.keyboard.press('Tab');
  await expect(submit).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Your responses have been submitted' })).toBeVisible();
});
