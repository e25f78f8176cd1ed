import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/admin';
import { ADMIN_EMAIL, ADMIN_PASSWORD, useServer } from '../support/server';

// A signed-in dashboard address arrives with its frame painted (server/src/plugins/first-paint.ts):
// the sidebar and, for the results, the section's heading show before any script has run. Scripts
// are held back here to look at the page as it arrives.

const server = useServer();
const scripts = /\.js(?:\?|$)/;

const addresses = [
  {
    path: '/dashboard/result',
    link: 'Results',
    heading: 'Quiz Results',
    text: 'How participants did, overall and per category.',
  },
  { path: '/dashboard/user-list', link: 'Users', heading: 'Users', text: 'Staff accounts that sign in' },
];

for (const { path, link, heading, text } of addresses) {
  for (const width of [1280, 375]) {
    test(`${path} shows the dashboard's frame before its scripts, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await signInAsAdmin(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
      await page.route(scripts, (route) => route.abort());
      await page.goto(`${server.url}${path}`);
      const frame = page.locator('[data-first-paint]');
      await expect(frame.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      await expect(frame.getByText(text)).toBeVisible();
      const sidebar = frame.getByRole('navigation', { name: 'Dashboard sections' });
      if (width >= 768) {
        await expect(sidebar.getByRole('link', { name: link, exact: true })).toHaveAttribute('href', path);
        await expect(sidebar.getByRole('button', { name: 'Logout' })).toBeVisible();
      } else {
        // On a phone the sidebar waits off screen behind the menu button, as in the live layout.
        await expect(frame.getByRole('button', { name: 'Open navigation' })).toBeVisible();
        const box = await sidebar.boundingBox();
        expect(box && box.x + box.width).toBeLessThanOrEqual(0);
      }
      const name = `${path.split('/').pop()}-${width}`;
      await page.screenshot({ path: test.info().outputPath(`paint-${name}.png`) });

      // With the scripts, the live layout takes the frame's place.
      await page.unroute(scripts);
      await page.reload();
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      await expect(page.locator('[data-first-paint]')).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath(`live-${name}.png`) });
    });
  }
}

test('a browser without an account token is not shown the frame', async ({ page }) => {
  await page.route(scripts, (route) => route.abort());
  await page.goto(`${server.url}/dashboard/result`);
  await expect(page.locator('#root')).toBeAttached();
  await expect(page.locator('[data-first-paint]')).toHaveCount(0);
  await expect(page.getByText('Quiz Results')).toHaveCount(0);
});
