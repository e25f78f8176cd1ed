import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, removeDir, repoRoot, useServer, withServer } from '../support/server';
import { startStaticHost } from '../support/static-server';
import { buildAdminRelease } from '../support/release';

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('the federated product on the default server', () => {
  const server = useServer();

  test('both remotes render through the shell, sharing one React, one Mantine and one shared-api', async ({ page }) => {
    // React DOM announces each copy of itself to the DevTools hook as it loads.
    await page.addInitScript(() => {
      const renderers: string[] = [];
      Object.assign(window, {
        __renderers: renderers,
        __REACT_DEVTOOLS_GLOBAL_HOOK__: {
          supportsFiber: true,
          renderers: new Map(),
          inject: (renderer: { version?: string }) => renderers.push(renderer.version ?? '?'),
          onCommitFiberRoot: () => {},
          onCommitFiberUnmount: () => {},
          onPostCommitFiberRoot: () => {},
          checkDCE: () => {},
        },
      });
    });
    // What each remote's origin sent: its entry and screens, never a library the shell shares.
    const fromRemotes: Array<Promise<{ url: string; body: string }>> = [];
    page.on('response', (response) => {
      if (response.url().includes('/remotes/') && response.url().endsWith('.js'))
        fromRemotes.push(response.text().then((body) => ({ url: response.url(), body })));
    });
    await page.goto(server.url + '/');
    await expect(page.getByRole('heading', { name: 'Account information' })).toBeVisible();
    await page.goto(server.url + '/admin');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

    expect(await page.evaluate(() => (window as unknown as { __renderers: string[] }).__renderers)).toHaveLength(1);
    const scripts = await Promise.all(fromRemotes);
    expect(scripts.some(({ url }) => url.includes('/remotes/participant/'))).toBe(true);
    expect(scripts.some(({ url }) => url.includes('/remotes/admin/'))).toBe(true);
    const libraries = {
      react: '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE',
      mantine: 'MantineProvider was not found',
      sharedApi: 'Request failed with status code',
    };
    for (const [library, marker] of Object.entries(libraries)) {
      expect({ library, from: scripts.filter(({ body }) => body.includes(marker)).map(({ url }) => url) }).toEqual({
        library,
        from: [],
      });
    }
  });

  test('a first visit to the participant and admin screens asks for nothing the server lacks and logs no error', async ({
    page,
  }) => {
    const problems: string[] = [];
    // Chromium reports a failed load (the /favicon.ico it asks for when the page names no icon, say)
    // as a console error.
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(server.url + '/');
    await expect(page.locator('form[aria-label="Account information"]:not([data-first-paint] *)')).toBeVisible();
    await page.goto(server.url + '/admin');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    // Late requests (an icon is asked for after the page has loaded) have had their turn.
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });

  test('/ is painted from the page itself before any script runs, styled and taking typing, and the live form then takes its place', async ({
    page,
  }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    // No script at all: what shows is the page's own first paint.
    await page.route(/\.js(?:\?|$)/, (route) => route.abort());
    await page.goto(server.url + '/');
    const paint = page.locator('[data-first-paint]');
    await expect(paint.getByRole('heading', { name: 'Account information' })).toBeVisible();
    await expect(paint.locator('input[name=email]')).toBeVisible();
    // Styled as the live screen is: the theme's colours and the header's own (CSS module) rules.
    const looks = await page.evaluate(() => {
      const header = document.querySelector('[data-first-paint] header')!;
      const button = document.querySelector('[data-first-paint] button[type=submit]')!;
      return { border: getComputedStyle(header).borderBottomStyle, button: getComputedStyle(button).backgroundColor };
    });
    expect(looks).toEqual({ border: 'solid', button: 'rgb(15, 106, 51)' });
    // Its fields take typing (the live form carries it over when it takes their place), and a
    // Continue is held back for the live form: the page stays, with nothing typed in its address.
    await paint.locator('input[name=name]').click();
    await page.keyboard.type('kept');
    await expect(paint.locator('input[name=name]')).toHaveValue('kept');
    await paint.getByRole('button', { name: 'Continue' }).click();
    await expect(paint.locator('form')).toHaveAttribute('data-submit-queued', '');
    expect(new URL(page.url()).search).toBe('');
    await expect(paint.locator('input[name=name]')).toHaveValue('kept');

    // With the scripts: the live form replaces it, and it works.
    await page.unroute(/\.js(?:\?|$)/);
    await page.goto(server.url + '/');
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await expect(page.getByLabel('Full name')).toHaveValue('Ada Lovelace');
    await expect(page.locator('[data-first-paint]')).toHaveCount(0);
    await expect(page.locator('form[aria-label="Account information"]')).toHaveCount(1);
    // The page's one inline script (it holds a submit back, and hides the first paint from a
    // signed-in account) is allowed.
    expect(refused).toEqual([]);
  });

  test('a browser with a signed-in account is not shown the first paint of /', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('token', 'a stored token'));
    await page.route(/\.js(?:\?|$)/, (route) => route.abort());
    await page.goto(server.url + '/');
    // The page came with it, and its script took it out: only the script is left.
    expect(await page.locator('#root').evaluate((root) => [...root.children].map((child) => child.tagName))).toEqual([
      'SCRIPT',
    ]);
    await expect(page.getByText('Account information')).toHaveCount(0);
  });

  test("signing in inside the admin remote changes the shell's guard without a reload", async ({ page }) => {
    await page.goto(server.url + '/admin');
    await page.evaluate(() => ((window as unknown as { noReloadMarker: boolean }).noReloadMarker = true));
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { noReloadMarker?: boolean }).noReloadMarker)).toBe(true);
    // The shell's guard now sends the signed-in admin away from the public screens.
    await page.goto(server.url + '/admin');
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
  });

  test("a wrong password shows the server's message in an error notification", async ({ page }) => {
    await page.goto(server.url + '/admin');
    await signIn(page, ADMIN_EMAIL, 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('the dashboard is refused to visitors and logout lands on /login', async ({ page }) => {
    await page.goto(server.url + '/dashboard/overview');
    await expect(page).toHaveURL(/\/admin$/);
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Logging out...' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('participant screens need the stored details', async ({ page }) => {
    await page.goto(server.url + '/welcome');
    await expect(page).toHaveURL(server.url + '/');
    await expect(page.getByRole('heading', { name: 'Account information' })).toBeVisible();
  });
});

test('the admin remote loads from another host when ADMIN_REMOTE_URL points there', async ({ page }) => {
  const host = await startStaticHost(join(repoRoot, 'admin-app/dist'));
  try {
    await withServer({ env: { ADMIN_REMOTE_URL: `${host.url}/mf-manifest.json` } }, async (server) => {
      await page.goto(server.url + '/admin');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      expect(host.requests).toContain('/mf-manifest.json');
      expect(host.requests).toContain('/remoteEntry.js');
    });
  } finally {
    await host.close();
  }
});

test('an unreachable admin remote shows Retry while the participant side keeps working', async ({ page }) => {
  const host = await startStaticHost(join(repoRoot, 'admin-app/dist'));
  host.setDown(true);
  try {
    await withServer({ env: { ADMIN_REMOTE_URL: `${host.url}/mf-manifest.json` } }, async (server) => {
      await page.goto(server.url + '/admin');
      await expect(page.getByText('The management area could not be loaded')).toBeVisible();
      const retry = page.getByRole('button', { name: 'Retry' });
      await expect(retry).toBeVisible();

      await page.goto(server.url + '/');
      await expect(page.getByRole('heading', { name: 'Account information' })).toBeVisible();

      await page.goto(server.url + '/admin');
      await expect(retry).toBeVisible();
      await retry.click();
      await expect(page.getByText('The management area could not be loaded')).toBeVisible();
      host.setDown(false);
      await retry.click();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    });
  } finally {
    await host.close();
  }
});

test('a rebuilt admin remote is picked up on reload; the shell and participant remote are untouched', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const adminDir = mkdtempSync(join(tmpdir(), 'prometrica-admin-release-'));
  cpSync(join(repoRoot, 'admin-app/dist'), adminDir, { recursive: true });
  try {
    await withServer({ env: { ADMIN_DIST: adminDir } }, async (server) => {
      const scripts: string[] = [];
      page.on('response', (r) => {
        if (r.url().endsWith('.js')) scripts.push(new URL(r.url()).pathname);
      });
      await page.goto(server.url + '/admin');
      await expect(page.getByText(/^Release /)).toBeVisible();
      const before = await page.getByText(/^Release /).innerText();
      const shellBefore = scripts.filter((s) => !s.startsWith('/remotes/admin/'));

      // Release a new admin remote: build it with another release label and copy it over the served folder.
      const label = `e2e-${Date.now()}`;
      const built = buildAdminRelease(label);
      try {
        cpSync(built, adminDir, { recursive: true });
      } finally {
        removeDir(built);
      }

      scripts.length = 0;
      await page.reload();
      await expect(page.getByText(`Release ${label}`)).toBeVisible();
      expect(before).not.toContain(label);
      const shellAfter = scripts.filter((s) => !s.startsWith('/remotes/admin/'));
      // The shell's own files are the same ones as before the release.
      expect(shellAfter.filter((s) => s.startsWith('/main.'))).toEqual(
        shellBefore.filter((s) => s.startsWith('/main.')),
      );
    });
  } finally {
    removeDir(adminDir);
  }
});
