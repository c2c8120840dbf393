// Every spec's `test` and `expect`. Each Playwright worker starts a server of its own (`npm start` with no
// build, on a free port, with its own data folder and SMTP port), so the workers run side by side and never
// see each other's data. Specs in one worker run one after another on its server: a spec still undoes what
// it changes on the shared site (menu, SEO rows) and names what it adds uniquely (runId). See
// docs/decisions/0074-tests-in-parallel-each-worker-its-own-server.md.
import { test as base, expect } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { rename } from 'node:fs/promises'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { E2E_DATA_DIR } from '#e2e-config'
import { config } from '#src/config.server.ts'
import { Database } from '#src/backend/db.ts'
import { createDemoStaff } from '#src/host/demoStaff.ts'
import { copyOfTemplate } from '../support/migrated-template.ts'
import { startServerProcess, stop } from '../support/server-process.ts'

export { expect }

export interface WorkerServer {
  url: string
  dataDir: string
  /** Where this worker's server sends mail: a spec that reads mail listens here (smtp-inbox.ts). */
  smtpPort: number
}

/** The data folder of this worker's server (Playwright numbers the workers running at once from 0). */
export function workerDataDir(parallelIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0)): string {
  return join(E2E_DATA_DIR, `worker-${parallelIndex}`)
}

/** A port nothing listens on now, for the SMTP server a spec starts later. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/**
 * What `npm start` makes of a new folder, the migrated database and the demo staff account the specs sign in
 * with, made from a copy of the migrated template (which `npm test`'s contract suite has made by then) instead
 * of by migrating. Made aside and renamed into place; a worker restarted after a failure keeps its folder.
 */
async function newDataFolder(dataDir: string): Promise<void> {
  const making = await copyOfTemplate(`${dataDir}-${randomUUID()}`)
  const { db } = await Database.open(making)
  try {
    await createDemoStaff(db, making, config().DEMO_STAFF_EMAIL, config().DEMO_STAFF_PASSWORD)
  } finally {
    await db.close()
  }
  await rename(making, dataDir)
}

export const test = base.extend<object, { server: WorkerServer }>({
  server: [
    // Playwright reads the fixtures a fixture needs from its first parameter's pattern: this one needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      const dataDir = workerDataDir(workerInfo.parallelIndex)
      if (!existsSync(dataDir)) await newDataFolder(dataDir)
      const smtpPort = await freePort()
      // The contact-form spec sends several leads from one address: the rate limit is the contract suite's.
      // Passwords are hashed at bcrypt's lowest cost, as in the contract suite (decision 0054).
      const running = await startServerProcess(dataDir, {
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        LEADS_RATE_LIMIT: '1000',
        AUTH_PASSWORD_HASH_COST: '4',
        // The webhooks spec's receivers listen on this machine.
        WEBHOOKS_ALLOW_LOOPBACK: '1',
      })
      running.child.stderr?.pipe(process.stderr) // the server's warnings and errors, beside the failing test
      await provide({ url: running.url, dataDir, smtpPort })
      await stop(running)
    },
    // Generous, for a loaded machine (and for making the template, when no contract run has made it).
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  baseURL: async ({ server }, provide) => provide(server.url),
})
