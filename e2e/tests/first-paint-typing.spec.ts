import { expect, test, type Page } from '@playwright/test';
import { cpuSlowdown, slow4g } from '../support/chromium';
import { useServer } from '../support/server';

// The details form of `/` is painted with the page, before any script runs, and takes typing at
// once. On a slow phone (the bench's lab profile: a 4× slower CPU and slow 4G) the live form takes
// its place a second or more later; whatever was typed meanwhile must be in the live form, once.

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
  // The participant remote's entry held back a little longer than the network takes, so that the
  // typing begins on the painted form even on a machine busy with other work, and the live form
  // takes over part-way through it.
  await page.route(/\/remotes\/participant\/remoteEntry\.js(?:\?|$)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', slow4g);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
}

/**
 * The centres of the painted form's fields and Continue, once it is on screen with its styles: the
 * tests tap there with raw input events (a locator's click first waits for the element to hold
 * still over animation frames, which the busy start of a slow phone delays past the takeover).
 */
async function paintedBoxes(page: Page) {
  const handle = await page.waitForFunction(
    () => {
      const doc = (globalThis as unknown as { document: Document }).document;
      const form = doc.querySelector('[data-first-paint] form');
      const styled = [...doc.querySelectorAll('link[rel=stylesheet]')].every((link) => (link as HTMLLinkElement).sheet);
      if (!form || !styled) return null;
      const centre = (selector: string) => {
        // On slow 4G the form arrives in pieces: its later fields may not be parsed yet.
        const rect = form.querySelector(selector)?.getBoundingClientRect();
        return rect && rect.width > 0 ? { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 } : null;
      };
      const boxes = {
        name: centre('input[name=name]'),
        email: centre('input[name=email]'),
        phone: centre('input[name=phone]'),
        submit: centre('button[type=submit]'),
      };
      return Object.values(boxes).every(Boolean) ? boxes : null;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as Record<'name' | 'email' | 'phone' | 'submit', { x: number; y: number }>;
}

/** Fills the painted form by tapping each field and typing into it; returns what was typed. */
async function fillPainted(page: Page, boxes: Awaited<ReturnType<typeof paintedBoxes>>, label: string) {
  const values = {
    name: 'Grace Hopper',
    email: `${label}.${Date.now().toString(36)}@example.com`,
    phone: '03001234567',
  };
  for (const field of ['name', 'email', 'phone'] as const) {
    await page.mouse.click(boxes[field].x, boxes[field].y);
    await page.keyboard.insertText(values[field]);
  }
  return values;
}

const typing = (page: Page) => page.evaluate(() => (globalThis as unknown as { __typing: Typing }).__typing);
const live = (page: Page) => page.locator('form[aria-label="Account information"]:not([data-first-paint] *)');

test.describe('the details form painted with the page', () => {
  const server = useServer();

  test('takes typing the moment it is visible, and every character is in the live form after it takes over', async ({
    page,
  }) => {
    await page.addInitScript(takeoverRecorder);
    await throttled(page);
    await page.goto(server.url + '/', { waitUntil: 'commit' });
    const boxes = await paintedBoxes(page);
    await page.mouse.click(boxes.name.x, boxes.name.y);
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
    const boxes = await paintedBoxes(page);
    await fillPainted(page, boxes, 'grace');
    await page.mouse.click(boxes.submit.x, boxes.submit.y);
    expect((await typing(page)).firstInPaint).toBe(true);
    // Held back in the page (the browser's own submit would have put the details in the address).
    expect(new URL(page.url()).search).toBe('');
    await expect(page).toHaveURL(/\/welcome$/, { timeout: 30_000 });
    expect((await typing(page)).replacedAt).toBeGreaterThan(0);
  });

  for (const by of ['tap', 'Space'] as const) {
    test(`a ${by} on Continue that the takeover splits (pressed on the painted form, released on the live one) is sent`, async ({
      page,
    }) => {
      // The scripts are held until the press, so the takeover falls between press and release for certain.
      let release!: () => void;
      const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/*.js', async (route) => {
        await scriptsHeld;
        await route.continue();
      });
      await page.goto(server.url + '/', { waitUntil: 'commit' });
      const boxes = await paintedBoxes(page);
      const values = await fillPainted(page, boxes, `split-${by}`);
      if (by === 'tap') {
        await page.mouse.move(boxes.submit.x, boxes.submit.y);
        await page.mouse.down();
      } else {
        await page.keyboard.press('Tab');
        await page.keyboard.down(' ');
      }
      release();
      await expect(page.locator('[data-first-paint]')).toHaveCount(0, { timeout: 30_000 });
      await expect(live(page).getByLabel('Email')).toHaveValue(values.email);
      if (by === 'tap') await page.mouse.up();
      else {
        // The focus stayed on Continue (a Space there types nothing into a field).
        await expect(live(page).getByRole('button', { name: 'Continue' })).toBeFocused();
        await page.keyboard.up(' ');
      }
      await expect(page).toHaveURL(/\/welcome$/);
    });
  }
});
