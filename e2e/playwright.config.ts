import { defineConfig, devices } from '@playwright/test';

import { GUARDED_URL, MAIN_URL } from './ports';

const baseURL = MAIN_URL;

// Debian's Chromium (installed by scripts/test.sh when missing); Playwright never downloads a browser here.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  reporter: [['list']],
  // Two cores run both servers, PostgreSQL, two browsers and the live sandbox feed: under that
  // load a first visit to the market pages can take well over 10 s on a busy day. These are
  // ceilings for waits, not durations: a passing run is no slower for them.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    launchOptions: chromium,
    // A failed journey keeps its trace: every action with the page's DOM before and after it, the
    // network and the console. Without the screencast's filmstrip: encoding a frame at every
    // repaint (the live market pages repaint all the time) made each journey 40 to 70% slower,
    // and the DOM snapshots show more than those thumbnails did.
    trace: { mode: 'retain-on-failure', screenshots: false },
    locale: 'en-US',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium }, testIgnore: /mobile/ },
    {
      name: 'mobile',
      use: {
        ...devices['iPhone 13'],
        browserName: 'chromium',
        defaultBrowserType: 'chromium',
        launchOptions: chromium,
      },
      testMatch: /mobile.*\.spec\.ts/,
    },
  ],
  // Each server counts as started when /readyz answers 200: migrated, listening, and the
  // sandbox's simulated day written (charts need it). That takes about 3 s after a build, 4.5 s
  // with a CPU-bound process beside it (docs/BENCHMARKS.md, issue 13); 120 s is a ceiling for
  // a machine far busier than that, not a duration.
  webServer: [
    {
      command: 'node ../scripts/e2e-server.mjs main',
      url: `${baseURL}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'node ../scripts/e2e-server.mjs guarded',
      url: `${GUARDED_URL}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
