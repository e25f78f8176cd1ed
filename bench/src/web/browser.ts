// Debian's Chromium through playwright-core, launched exactly as the end-to-end tests launch it.
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions } from '../../../e2e/support/chromium';

// The lab profile is the end-to-end tests' throttled one.
export { cpuSlowdown, slow4g } from '../../../e2e/support/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions);
}
