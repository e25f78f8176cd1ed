import { expect, type Page } from '@playwright/test';

export interface Details {
  name: string;
  email: string;
  phone: string;
}

let counter = 0;
/** Details of a participant no other test uses. */
export function newParticipant(label = 'p'): Details {
  counter += 1;
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return { name: `Participant ${label} ${id}`, email: `${label}.${id}@example.com`, phone: '03001234567' };
}

export async function enterDetails(page: Page, details: Details) {
  await page.getByLabel('Full name').fill(details.name);
  await page.getByLabel('Email').fill(details.email);
  await page.getByLabel('Phone number').fill(details.phone);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Details → welcome → consent, ending on the first question. */
export async function reachQuiz(page: Page, baseUrl: string, details: Details) {
  await page.goto(baseUrl + '/');
  await enterDetails(page, details);
  await expect(page.getByRole('heading', { name: 'Welcome to Prometrica' })).toBeVisible();
  await page.getByRole('link', { name: 'Begin' }).click();
  await expect(page).toHaveURL(/\/consent-form$/);
  await expect(page.getByLabel('Full name')).toHaveValue(details.name);
  await expect(page.getByRole('img', { name: `Signature of ${details.name}` })).toBeVisible();
  await page.getByRole('button', { name: /Sign and continue/ }).click();
  await expect(page.getByText('Thank you! Your consent has been recorded successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/question$/);
  await expect(page.getByText('Test Progress')).toBeVisible();
}

/** The "n of total" counter of the quiz. */
export async function progress(page: Page): Promise<{ n: number; total: number }> {
  const text = await page.getByText(/^Question \d+ of \d+$/).innerText();
  const [, n, total] = /Question (\d+) of (\d+)/.exec(text)!;
  return { n: Number(n), total: Number(total) };
}

/** Answers the question on screen by mouse; returns the answer given. */
export async function answerCurrent(page: Page, fillText = 'resilience'): Promise<string> {
  const fill = page.getByLabel('Enter your answer:');
  if (await fill.isVisible().catch(() => false)) {
    await fill.fill(fillText);
    await page.getByRole('button', { name: 'Submit Answer' }).click();
    return fillText;
  }
  const choices = page.getByRole('group', { name: 'Answer options' }).getByRole('button');
  const first = choices.first();
  const label = (await first.innerText()).replace(/^[A-D]\s*/, '').trim();
  await first.click();
  return label;
}

/** Answers every question from the one on screen to the last, by mouse; returns how many the quiz has. */
export async function answerAll(page: Page): Promise<number> {
  const { n, total } = await progress(page);
  for (let i = n; i <= total; i++) await answerCurrent(page);
  return total;
}
