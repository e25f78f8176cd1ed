import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { animationsSettled } from './screens';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe on the page as it is now and fails on any serious or critical violation. Every count
 * is attached to the test report, so the figures per screen can be read off a run.
 */
export async function expectAccessible(page: Page, screen: string, testInfo: TestInfo) {
  const results = await analyzeStill(page);
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = {
    screen,
    violations: results.violations.length,
    seriousOrCritical: severe.length,
    ids: results.violations.map((v) => `${v.id} (${v.impact})`),
  };
  await testInfo.attach(`axe ${screen}`, { body: JSON.stringify(summary), contentType: 'application/json' });
  console.log(`axe ${screen}: ${results.violations.length} violations, ${severe.length} serious or critical`);
  expect(
    severe.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    })),
    `serious or critical accessibility violations on ${screen}`,
  ).toEqual([]);
}

/** What `analyzeStill` keeps on the page: whether a transition or an animation began since it last looked. */
type Watched = { moved?: boolean; watching?: boolean };

/**
 * Axe's results for the page once nothing moves, measured again (at most twice more) when something
 * began to move while axe read it: a notice that closes on its own timer starts fading out at any
 * moment, and its text read half-transparent fails the contrast check (as it once did in the admin's
 * users test: the notice of the user just deleted faded out over the next screen).
 */
async function analyzeStill(page: Page) {
  for (let attempt = 1; ; attempt += 1) {
    await animationsSettled(page);
    await page.evaluate(() => {
      const watched = window as unknown as Watched;
      watched.moved = false;
      if (watched.watching) return;
      watched.watching = true;
      for (const type of ['transitionrun', 'animationstart'])
        document.addEventListener(type, () => (watched.moved = true), { capture: true });
    });
    const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
    const moved = await page.evaluate(() => (window as unknown as Watched).moved === true);
    if (!moved || attempt === 3) return results;
    console.log(`axe: something began to move while axe read the page (reading ${attempt}); reading it again`);
  }
}
