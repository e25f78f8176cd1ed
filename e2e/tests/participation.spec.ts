import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { adminApi } from '../support/api';
import { answerCurrent, newParticipant, progress } from '../support/participant';
import { screenshots } from '../support/screens';
import { useServer } from '../support/server';

// Trustworthy participation in a real browser: a personal link resumes on another device at the same
// question with the same answers, two devices answering in turn keep every answer, going offline
// loses nothing, and the consent signature can be drawn with a finger on a phone.

const server = useServer();

const shoot = screenshots('participant', [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]);

interface Invited {
  participant: { _id: string; email: string; invitation: { link: string } | null };
}
interface Progress {
  stage: string;
  answers: { questionId: string; userAnswer: string }[];
  consent: { signedAt: string; textVersion: string } | null;
}

/** Invites a new participant through the admin API (no mail) and returns their personal link. */
async function invite(label: string): Promise<{ link: string; email: string; name: string }> {
  const admin = await adminApi(server.url);
  const me = newParticipant(label);
  const reply = await admin.post<Invited>('admin/invitations', {
    name: me.name,
    email: me.email,
    phone: me.phone,
    send: false,
  });
  const link = reply.participant.invitation?.link;
  if (!link) throw new Error('the invitation came back without a link');
  // The link names the server's public address; the tests reach it at their own.
  return { link: server.url + new URL(link).pathname, email: me.email, name: me.name };
}

/** The participant's progress as the server holds it, read with the token of `page`'s browser. */
async function serverProgress(page: Page): Promise<Progress> {
  const token = await page.evaluate(() => localStorage.getItem('participantToken'));
  const res = await fetch(`${server.url}/api/user/progress`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as Progress;
}

/** Opens the link and signs the consent from the typed name, ending on the first question. */
async function openAndConsent(page: Page, link: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Welcome to Prometrica' })).toBeVisible();
  await page.getByRole('link', { name: /Begin|Continue/ }).click();
  await expect(page).toHaveURL(/\/consent-form$/);
  await page.getByRole('button', { name: /Sign and continue/ }).click();
  await expect(page).toHaveURL(/\/question$/);
  await expect(page.getByText('Test Progress')).toBeVisible();
}

async function saved(page: Page) {
  await expect(page.locator('[data-save-state="saved"]')).toBeVisible();
}

async function newDevice(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  return { context, page: await context.newPage() };
}

test('an invitation opened on a second device resumes at the same question with the same answers', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { link } = await invite('resume');
  const first = await newDevice(browser);
  await openAndConsent(first.page, link);
  const given = [await answerCurrent(first.page, 'first device one'), await answerCurrent(first.page, 'first two')];
  await saved(first.page);
  const at = await progress(first.page);
  expect(at.n).toBe(3);
  await shoot(first.page, '20-quiz-saved');

  const second = await newDevice(browser);
  await second.page.goto(link);
  await expect(second.page).toHaveURL(/\/question$/);
  await expect(second.page.getByText(`Question 3 of ${at.total}`)).toBeVisible();
  // The answer to the question before is there, as given on the first device.
  await second.page.getByRole('button', { name: 'Previous' }).click();
  await expect(second.page.getByText(`Question 2 of ${at.total}`)).toBeVisible();
  const fill = second.page.getByLabel('Enter your answer:');
  if (await fill.isVisible()) await expect(fill).toHaveValue(given[1]!);
  else await expect(second.page.getByRole('button', { name: given[1], pressed: true })).toBeVisible();
  expect((await serverProgress(second.page)).answers).toHaveLength(2);
  await Promise.all([first.context.close(), second.context.close()]);
});

test('two devices answering in turn keep every answer, and the quiz submits from either', async ({ browser }) => {
  test.setTimeout(120_000);
  const { link, email } = await invite('tabs');
  const a = await newDevice(browser);
  await openAndConsent(a.page, link);
  const b = await newDevice(browser);
  await b.page.goto(link);
  await expect(b.page).toHaveURL(/\/question$/);
  const { total } = await progress(a.page);

  // A answers a question, then B answers the one it is on, and so on: each save is on the server.
  const devices = [a.page, b.page];
  for (let turn = 0; turn < total; turn++) {
    const page = devices[turn % 2]!;
    await page.reload();
    await expect(page.getByText('Test Progress')).toBeVisible();
    expect((await progress(page)).n).toBe(turn + 1);
    await answerCurrent(page, `turn ${turn}`);
    await expect.poll(async () => (await serverProgress(page)).answers.length).toBe(turn + 1);
  }
  const held = await serverProgress(a.page);
  expect(new Set(held.answers.map((answer) => answer.questionId)).size).toBe(total);
  expect(held.answers.every((answer) => answer.userAnswer !== '')).toBe(true);

  // The device that did not give the last answer submits them all.
  const last = devices[total % 2]!;
  await last.goto(server.url + '/submit');
  await expect(last.getByText(`You have answered ${total} of ${total} questions.`)).toBeVisible();
  await last.getByRole('button', { name: 'Submit' }).click();
  await expect(last.getByRole('heading', { name: 'Your responses have been submitted' })).toBeVisible();
  await expect(last.getByText(`Total questions answered: ${total}`)).toBeVisible();
  const admin = await adminApi(server.url);
  const listed = await admin.get<{ results: { user: { email: string }; userTotals: { totalAnswers: number } }[] }>(
    `admin/getquizresult?search=${encodeURIComponent(email)}`,
  );
  expect(listed.results.map((result) => [result.user.email, result.userTotals.totalAnswers])).toEqual([[email, total]]);
  await Promise.all([a.context.close(), b.context.close()]);
});

test('going offline mid-quiz and back loses nothing', async ({ browser }) => {
  test.setTimeout(120_000);
  const { link } = await invite('offline');
  const { context, page } = await newDevice(browser);
  await openAndConsent(page, link);
  await answerCurrent(page, 'online answer');
  await saved(page);

  await context.setOffline(true);
  await answerCurrent(page, 'offline one');
  await answerCurrent(page, 'offline two');
  // The quiz moved on without waiting; the header says the answers wait for the network.
  await expect(page.getByText(`Question 4 of`, { exact: false })).toBeVisible();
  await expect(page.getByText(/Offline — your answers will be sent when you are back online/)).toBeVisible();
  await shoot(page, '21-quiz-offline');

  await context.setOffline(false);
  await saved(page);
  expect((await serverProgress(page)).answers).toHaveLength(3);
  await context.close();
});

/** Draws a stroke across `box` with touch events, as a finger would. */
async function drawWithFinger(
  context: BrowserContext,
  page: Page,
  box: { x: number; y: number; width: number; height: number },
) {
  const session = await context.newCDPSession(page);
  const y = box.y + box.height / 2;
  const at = (fraction: number) => [
    { x: box.x + box.width * fraction, y: y + Math.sin(fraction * 9) * box.height * 0.3 },
  ];
  await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0.1) });
  for (let step = 1; step <= 12; step++) {
    await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(0.1 + (0.8 * step) / 12) });
  }
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test('the consent signature drawn with a finger on a 375 px touch screen is recorded', async ({ browser }) => {
  test.setTimeout(90_000);
  const { link } = await invite('touch');
  const { context, page } = await newDevice(browser, {
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
  });
  await page.goto(link);
  await page.getByRole('link', { name: /Begin|Continue/ }).click();
  await expect(page).toHaveURL(/\/consent-form$/);
  await page.getByRole('button', { name: 'Draw instead' }).click();
  const pad = page.getByRole('img', { name: /Signature pad, empty/ });
  await expect(pad).toBeVisible();
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad has no box');
  expect(box.width).toBeLessThanOrEqual(375);
  await drawWithFinger(context, page, box);
  await expect(page.getByRole('img', { name: 'Your drawn signature' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/participant/22-consent-drawn-375.png', fullPage: true });
  await page.getByRole('button', { name: /Sign and continue/ }).click();
  await expect(page).toHaveURL(/\/question$/);
  const held = await serverProgress(page);
  expect(held.consent).not.toBeNull();
  await context.close();
});
