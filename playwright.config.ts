import { defineConfig } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PORT } from './e2e/support/env';
import { chromiumLaunchOptions } from './scripts/chromium';

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    // A failed test keeps its trace (each action's page snapshot, console, network) and a picture
    // of the page as it failed. The trace's screencast is left out: filming every test cost about
    // a quarter of the run's time (Chromium encoding frames on this 2-core machine).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // A fresh data directory each run: migrations and the demo seed run at start.
    command: `rm -rf ${E2E_DATA_DIR} && node scripts/start.mjs`,
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      NODE_ENV: 'production',
      PUBLIC_URL_PATTERN: `http://{host}.localhost:${E2E_PORT}`,
      LOG_LEVEL: 'warn',
      // The tests give each visitor an address of their own in X-Forwarded-For (e2e/support/fixtures.ts).
      TRUST_PROXY: 'loopback',
    },
  },
});
