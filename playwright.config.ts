import { defineConfig, devices } from '@playwright/test'
import { existsSync } from 'node:fs'

/** The servers' throw-away data folders, one per worker below it (tests/e2e/fixtures.ts). */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data'

/**
 * Debian's Chromium without the full browser's GPU and UI processes, when installed (`npm test` installs it as root
 * through scripts/chromium.sh and passes it as CHROME_PATH): the suite's pages took about half the time in it
 * (docs/decisions/0052-end-to-end-tests-in-the-headless-shell.md). Otherwise the full browser.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const chromium = process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')

/**
 * End-to-end tests in Debian's Chromium (no browser downloads here) against the built site served by the
 * product's own server, with the embedded backend on a throw-away data folder. Each worker starts its own
 * server (tests/e2e/fixtures.ts); a spec file runs whole in one worker, its tests in order.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Three workers on the two cores: with two, the specs spent much of their time waiting (sign-ins, the server's
  // timers, page loads) and the cores stood about half idle; a third keeps them busy (decision 0051).
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  // Generous: a functional test says what happens, on a machine whose load it cannot know (three workers, each
  // with a browser and a server, on two cores); how fast it happens is `npm run bench`'s to measure. A
  // passing test waits no longer for it.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  use: {
    // A trace snapshots the page at every action, which cost about a fifth of a spec's time on the 2-core
    // machine: it is recorded only when a failed test runs again (CI retries once). To trace a local failure:
    // `npx playwright test <spec> --trace on` (docs/decisions/0051-test-command-time.md).
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: chromium,
      args: ['--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
})
