import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// The production topology test (topology/): nginx with TLS and HTTP/2 in front of two server
// processes on PostgreSQL. Run on its own by `pnpm test` when nginx and DATABASE_URL are there.
export default defineConfig({
  ...base,
  testDir: './topology',
  outputDir: './test-results/topology',
  workers: 1,
  timeout: 120_000,
  // The certificate is made for the test; no CA of the machine signed it.
  use: { ...base.use, ignoreHTTPSErrors: true },
});
