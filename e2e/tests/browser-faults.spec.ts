import { expect, test } from '@playwright/test';
import { useServer } from '../support/server';
import { adminApi } from '../support/api';
import { answerAll, enterDetails, newParticipant, reachQuiz } from '../support/participant';

const server = useServer();

const NETWORK_MESSAGE = 'Network error. Please check your internet connection and try again.';

test('going offline while signing the consent shows the network message and loses nothing', async ({
  page,
  context,
}) => {
  const me = newParticipant('offline-consent');
  await page.goto(server.url + '/');
  await enterDetails(page, me);
  await page.getByRole('link', { name: 'Begin' }).click();
  await expect(page.getByRole('img', { name: `Signature of ${me.name}` })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: /Sign and continue/ }).click();
  await expect(page.getByText(NETWORK_MESSAGE)).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue(me.name);
  await context.setOffline(false);
  await page.getByRole('button', { name: /Sign and continue/ }).click();
  await expect(page).toHaveURL(/\/question$/);
});

test('going offline while submitting answers shows the network message; back online, Submit succeeds once', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const me = newParticipant('offline-submit');
  await reachQuiz(page, server.url, me);
  const total = await answerAll(page);
  await expect(page).toHaveURL(/\/submit$/);
  // The submit screen's code is loaded on the way there: offline any earlier, that load fails instead.
  await expect(page.getByRole('heading', { name: 'Submit your answers' })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(NETWORK_MESSAGE).first()).toBeVisible();
  // The answers are on the server (or queued in this browser): Submit is offered again.
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Your responses have been submitted' })).toBeVisible();

  const admin = await adminApi(server.url);
  const list = await admin.get<{ results: { userTotals: { totalAnswers: number } }[]; totalResults: number }>(
    `admin/getquizresult?page=1&limit=25&search=${encodeURIComponent(me.email)}`,
  );
  expect(list.totalResults).toBe(1);
  expect(list.results[0]?.userTotals.totalAnswers).toBe(total);
});
