import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { animationsSettled } from './screens';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe on the page as it is now and fails on any serious or critical violation. Every count
 * is attached to the test report, so the figures per screen can be read off a run.
 */
export async function expectAccessible(page: Page, screen: string, testInfo: TestInfo) {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
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
