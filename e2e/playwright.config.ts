import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium';

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    launchOptions: chromiumLaunchOptions,
    viewport: { width: 1280, height: 900 },
    actionTimeout: 10_000,
    trace: 'off',
    screenshot: 'off',
  },
});
