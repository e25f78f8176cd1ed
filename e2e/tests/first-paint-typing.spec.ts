import { expect, test, type Page } from '@playwright/test';
import { useServer } from '../support/server';

// The details form of `/` is painted with the page, before any script runs, and takes typing at
// once. On a slow phone (the bench's lab profile: a 4× slower CPU and slow 4G) the live form takes
// its place a second or more later; whatever was typed meanwhile must be in the live form, once.

/** Slow 4G as the bench's lab emulates it: 150 ms RTT, 1.6 Mbps down, 750 kbps up. */
const slow4g = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/** Records, in the page, whether the first character typed went to the painted form, and when that was replaced. */
const takeoverRecorder = `(() => {
  window.__typing = { firstInPaint: null, typedAt: 0, replacedAt: 0 };
  document.addEventListener('input', (event) => {
    if (window.__typing.firstInPaint !== null) return;
    window.__typing.firstInPaint = Boolean(event.target.closest('[data-first-paint]'));
    window.__typing.typedAt = performance.now();
  }, true);
  new MutationObserver(() => {
    if (!window.__typing.replacedAt && window.__typing.firstInPaint !== null && !document.querySelector('[data-first-paint]'))
      window.__typing.replacedAt = performance.now();
  }).observe(document, { subtree: true, childList: true });
})();`;

interface Typing {
  firstInPaint: boolean | null;
  typedAt: number;
  replacedAt: number;
}

async function throttled(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', slow4g);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

const typing = (page: Page) => page.evaluate(() => (globalThis as unknown as { __typing: Typing }).__typing);
const live = (page: Page) => page.locator('form[aria-label="Account information"]:not([data-first-paint] *)');

test.describe('the details form painted with the page, on a slow phone', () => {
  const server = useServer();

  test('takes typing the moment it is visible, and every character is in the live form after it takes over', async ({
    page,
  }) => {
    await page.addInitScript(takeoverRecorder);
    await throttled(page);
    await page.goto(server.url + '/', { waitUntil: 'commit' });
    const name = page.locator('input[name=name]');
    await name.waitFor({ state: 'visible' });
    await name.click();
    // Slow typing, so the live form takes over part-way; Tab moves on as a person would.
    await page.keyboard.type('Ada Lovelace', { delay: 60 });
    await page.keyboard.press('Tab');
    await page.keyboard.type('ada@example.com', { delay: 60 });
    await page.keyboard.press('Tab');
    await page.keyboard.type('03001234567', { delay: 60 });

    await expect(page.locator('[data-first-paint]')).toHaveCount(0, { timeout: 30_000 });
    await expect(live(page)).toBeVisible();
    const form = live(page);
    await expect(form.getByLabel('Full name')).toHaveValue('Ada Lovelace');
    await expect(form.getByLabel('Email')).toHaveValue('ada@example.com');
    await expect(form.getByLabel('Phone number')).toHaveValue('03001234567');
    // The caret stayed where the typing was.
    await expect(form.getByLabel('Phone number')).toBeFocused();
    const recorded = await typing(page);
    // The test means something only when the typing began in the painted form.
    expect(recorded.firstInPaint).toBe(true);
    expect(recorded.replacedAt).toBeGreaterThan(recorded.typedAt);
  });

  test('a Continue pressed on the painted form is sent once the live form takes over', async ({ page }) => {
    await page.addInitScript(takeoverRecorder);
    await throttled(page);
    await page.goto(server.url + '/', { waitUntil: 'commit' });
    const paint = page.locator('[data-first-paint]');
    await paint.locator('input[name=name]').fill('Grace Hopper');
    await paint.locator('input[name=email]').fill(`grace.${Date.now().toString(36)}@example.com`);
    await paint.locator('input[name=phone]').fill('03001234567');
    // A real click where the button is painted (without waiting for it to hold still over two
    // frames: the live form may take over by then).
    await paint.getByRole('button', { name: 'Continue' }).click({ force: true });
    expect((await typing(page)).firstInPaint).toBe(true);
    // Held back in the page (the browser's own submit would have put the details in the address).
    expect(new URL(page.url()).search).toBe('');
    await expect(page).toHaveURL(/\/welcome$/, { timeout: 30_000 });
    expect((await typing(page)).replacedAt).toBeGreaterThan(0);
  });
});
