import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { useServer } from '../support/server';
import { answerCurrent, enterDetails, newParticipant, progress } from '../support/participant';

const server = useServer();

for (const width of [1280, 375]) {
  test(`every participant screen has no serious or critical WCAG 2.2 AA violations at ${width} px`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const me = newParticipant('axe');
    await page.goto(server.url + '/');
    await expect(page.getByRole('heading', { name: 'Account information' })).toBeVisible();
    await expectAccessible(page, `details ${width}`, testInfo);
    // Errors shown, too.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expectAccessible(page, `details with errors ${width}`, testInfo);

    await enterDetails(page, me);
    await expect(page.getByRole('heading', { name: 'Welcome to Prometrica' })).toBeVisible();
    await expectAccessible(page, `welcome ${width}`, testInfo);
    await page.getByRole('link', { name: 'Begin' }).click();
    await expect(page.getByRole('img', { name: `Signature of ${me.name}` })).toBeVisible();
    await expectAccessible(page, `consent ${width}`, testInfo);
    await page.getByRole('button', { name: /Sign and continue/ }).click();
    await expect(page.getByText('Test Progress')).toBeVisible();
    await expectAccessible(page, `question ${width}`, testInfo);
    const { total } = await progress(page);
    for (let i = 0; i < total; i++) {
      if (await page.getByLabel('Enter your answer:').isVisible())
        await expectAccessible(page, `fill-in question ${width}`, testInfo);
      await answerCurrent(page);
    }
    await expect(page).toHaveURL(/\/submit$/);
    await expectAccessible(page, `submit ${width}`, testInfo);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Your responses have been submitted' })).toBeVisible();
    await expectAccessible(page, `submitted ${width}`, testInfo);
    await page.getByRole('link', { name: 'Continue to final assessment' }).click();
    await expect(page.getByRole('group', { name: 'Clarity of Expectations' })).toBeVisible();
    await expectAccessible(page, `concerns ${width}`, testInfo);
    await page
      .getByRole('group', { name: 'Clarity of Expectations' })
      .getByRole('button', { name: 'A little' })
      .click();
    await page.getByRole('button', { name: 'Submit Assessment' }).click();
    await expect(page).toHaveURL(/\/thankyou$/);
    await expectAccessible(page, `thank-you ${width}`, testInfo);
    await page.getByRole('link', { name: 'View my summary' }).click();
    await expect(page.getByText('Clarity of Expectations')).toBeVisible();
    await expectAccessible(page, `reports ${width}`, testInfo);
  });
}

test('the admin login has no serious or critical WCAG 2.2 AA violations', async ({ page }, testInfo) => {
  await page.goto(server.url + '/admin');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page, 'admin login', testInfo);
});
