// Journeys in Strapi's admin panel: Debian's Chromium against a CMS started by `make cms`
// (scripts/cms), on a desktop viewport; run by `make cms-e2e`, never by the e2e stage of
// scripts/test, which starts no CMS. CMS_E2E_URL is its address, CMS_E2E_EMAIL and
// CMS_E2E_PASSWORD its admin account (printed by make cms; the password in its secrets folder).
import { defineConfig, devices } from '@playwright/test';
import chromiumFlags from '../../scripts/chromium-flags.json';

export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/cms',
  fullyParallel: false,
  retries: 0,
  timeout: 300_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.CMS_E2E_URL ?? 'http://127.0.0.1:1337',
    actionTimeout: 45_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumFlags },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 1000 } } }],
});
