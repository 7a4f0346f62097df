import { defineConfig, devices } from '@playwright/test';
import { e2eLaunch } from './scripts/chromium';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.data-e2e';

function server(port: number, dataDir: string) {
  return {
    // npm test and test:e2e compile the server first and run it as npm start does; a direct
    // `npx playwright test` runs the sources, so a stale compiled copy is never tested by mistake.
    command: process.env.E2E_COMPILED_SERVER === '1' ? 'node dist-server/index.js' : 'tsx server/index.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every test's browser holds seats from 127.0.0.1: one address for the whole suite.
      HOLD_RATE_PER_MINUTE: '1000',
      // ...and asks for codes, signs in and looks orders up from it.
      CLIENT_RATE_FACTOR: '100',
      // ...and buys flash-sale cards from it as one guest, in both layouts and on every run.
      FLASH_SALE_PURCHASES_PER_CARD: '1000',
      ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}),
    },
  };
}

// Debian's Chromium (its headless shell when installed), never a downloaded browser; flags keep it
// off the closed network.
const launchOptions = e2eLaunch();

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  // One retry, traced: a test that fails twice is a failure with a trace to read; one that passes
  // on its retry is named as flaky in npm test's output. Tracing every first attempt cost CPU the
  // two-core CI machine needs for the tests themselves.
  retries: 1,
  forbidOnly: true,
  reporter: [['list']],
  // Parallel runs on one machine each keep their own artefacts.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    trace: 'on-first-retry',
    // Slides, pulses and shimmer cost the renderer and the compositor CPU the two-core machine
    // needs (about a tenth of a run's); the flow's own timings are the same either way, and
    // motion-and-titles.spec.ts, which tests the motion, turns it back on.
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'desktop',
      // Tests tagged @mobile-only exercise a mobile-only screen (the booking page's route cards).
      grepInvert: /@mobile-only/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        baseURL: `http://127.0.0.1:${PORT}`,
        launchOptions,
      },
    },
    {
      name: 'mobile',
      // Tests tagged @desktop-only exercise a desktop-only screen (the booking page's seat sheet).
      grepInvert: /@desktop-only/,
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        baseURL: `http://127.0.0.1:${PORT + 1}`,
        launchOptions,
      },
    },
  ],
  // The production build served by the real server, one per layout, each on a fresh embedded
  // database: seats one layout's tests reserve are never taken for the other's.
  webServer: [server(PORT, DATA_DIR), server(PORT + 1, `${DATA_DIR}-mobile`)],
});
