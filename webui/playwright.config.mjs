// End-to-end tests (tests/e2e) against a running daemon: CAMP_TEST_URL, seeded demo accounts.
// Debian's chromium is used as is; no browser is ever downloaded.
import { chromiumArgs, chromiumPath } from './scripts/chromium-args.mjs';
import { defineConfig } from '@playwright/test';

// The test daemon believes X-Forwarded-For from loopback (config/test.yaml), so each run poses
// as its own client: login throttling caused by other suites never locks these tests out.
// 203.0.113.0/24 is a documentation range: only a header value, no traffic goes there.
const clientAddress = process.env.CAMP_E2E_CLIENT_ADDRESS ?? `203.0.113.${1 + Math.floor(Math.random() * 254)}`;

export default defineConfig({
  testDir: '../tests/e2e',
  outputDir: './test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.CAMP_TEST_URL ?? 'http://127.0.0.1:18080',
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddress },
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
