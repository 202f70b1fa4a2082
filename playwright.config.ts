// End-to-end tests: Debian's Chromium (never a downloaded browser) against the app started by
// scripts/e2e-server from the built client, on a phone and a desktop viewport.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
// The browser's flags, shared with bench/lighthouse.mjs: no sandbox (root), no traffic but the site.
import chromiumFlags from './scripts/chromium-flags.json';

const port = process.env.E2E_PORT ?? '8765';
const baseURL = `http://127.0.0.1:${port}`;
// The server's database and instance folder (mails land in instance/outbox/); tests read it too.
process.env.E2E_WORKDIR ??= join(tmpdir(), `bff-e2e-${port}`);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // A journey's budget on a busy 2-core host: Playwright's 30 s and 5 s were met on a quiet one,
  // and missed by journeys that were right (Swagger UI drawing the whole API document, a reset
  // by mail) with every core taken by other work.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    // The service worker serves answers from its caches once the network fails: journeys that
    // make the BFF fail on purpose must reach it. installable-app.spec.ts turns it on.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Headless mode comes from Playwright's own `headless` option so that --headed still works.
      args: chromiumFlags,
    },
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 5'] } },
    { name: 'desktop', use: { ...devices['Desktop Chrome'] } },
  ],
  webServer: {
    command: 'bash scripts/e2e-server',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: port, E2E_WORKDIR: process.env.E2E_WORKDIR },
  },
});
