import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/**
 * Waits for running animations and transitions to finish (a notice sliding in or fading out, the
 * navigation sliding away after a width change): measured mid-way, a half-transparent notice fails
 * a contrast check and a sliding panel widens the page.
 */
export async function animationsSettled(page: Page) {
  // Endless ones (a spinner) never settle and change nothing being measured: only finite ones count.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    null,
    { timeout: 5000 },
  );
}

/**
 * `shoot(page, name)` for a spec: full-page screenshots at each size, as
 * test-results/screens/<folder>/<name>-<width>.png, then back to the first size.
 */
export function screenshots(
  folder: string,
  sizes: [{ width: number; height: number }, ...{ width: number; height: number }[]],
  settleMs = 0,
) {
  const dir = join(__dirname, '..', 'test-results', 'screens', folder);
  return async function shoot(page: Page, name: string) {
    mkdirSync(dir, { recursive: true });
    for (const size of sizes) {
      await page.setViewportSize(size);
      if (settleMs > 0) await page.waitForTimeout(settleMs);
      await page.screenshot({ path: join(dir, `${name}-${size.width}.png`), fullPage: true });
    }
    await page.setViewportSize(sizes[0]);
  };
}
