import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium with the flags this network needs (no browser download, ever). */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** Slow 4G as Lighthouse uses it: 150 ms RTT, 1.6 Mbps down, 750 kbps up (the bench's lab profile). */
export const slow4g = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
/** The lab profile's CPU: four times slower. */
export const cpuSlowdown = 4;
