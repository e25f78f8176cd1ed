import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium';

// The production topology test (topology/): nginx with TLS and HTTP/2 in front of two server
// processes on PostgreSQL. Run on its own by `pnpm test` when nginx and DATABASE_URL are there.
export default defineConfig({
  testDir: './topology',
  outputDir: './test-results/topology',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    launchOptions: chromiumLaunchOptions,
    viewport: { width: 1280, height: 900 },
    actionTimeout: 10_000,
    // The certificate is made for the test; no CA of the machine signed it.
    ignoreHTTPSErrors: true,
    trace: 'off',
    screenshot: 'off',
  },
});
