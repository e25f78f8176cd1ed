// Debian's Chromium through playwright-core, launched exactly as the end-to-end tests launch it.
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions } from '../../../e2e/support/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions);
}

/** Slow 4G as Lighthouse uses it: 150 ms RTT, 1.6 Mbps down, 750 kbps up. */
export const slow4g = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
export const cpuSlowdown = 4;
