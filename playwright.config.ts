import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 4173)
/** The server's throw-away data folder; the demo staff password is read from it (tests/e2e/admin/helpers.ts). */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data'
/** Where the server sends mail: an SMTP server the contact-form spec starts (tests/e2e/public/lead-form.spec.ts). */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 1000)

/**
 * End-to-end tests in Debian's Chromium (no browser downloads here) against the built site served
 * by the product's own server, with the embedded backend on a throw-away data folder.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node --import tsx src/server/main.ts',
    // The contact-form spec sends several leads from one address: the rate limit is the contract suite's.
    env: { PORT: String(PORT), DATA_DIR: E2E_DATA_DIR, SKIP_BUILD: '1', SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`, LEADS_RATE_LIMIT: '1000' },
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'pipe',
  },
})
