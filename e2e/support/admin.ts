import { expect, type Page } from '@playwright/test';

/** Signs in through the admin login screen and waits for the overview. */
export async function signInAsAdmin(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(baseUrl + '/admin');
  await page.getByLabel('Email').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
}

/** Opens the dashboard section named `name` from the sections navigation. */
export async function goToSection(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name }).click();
}

/** Clicks one segment of a Mantine SegmentedControl by its visible label. */
export async function chooseSegment(page: Page, label: string) {
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${label.replace(/[/]/g, '\\/')}$`) })
    .first()
    .click();
}

/** Confirms the open confirmation dialog. */
export async function confirmDelete(page: Page, question: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: question });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
}
