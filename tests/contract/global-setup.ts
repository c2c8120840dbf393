// Before any test file: the migrated template the contract files copy their data folders from, made once here
// rather than by whichever files need it first, at the same time and inside their tests' timeouts; then one
// shared backend per Vitest worker (shared-backend.ts), which sharedTarget() in target.ts hands to the files
// of that worker (docs/decisions/0053-contract-files-share-a-backend-per-worker.md).
import { fork, type ChildProcess } from 'node:child_process'
import { rm } from 'node:fs/promises'
import type { TestProject } from 'vitest/node'
import { migratedTemplate } from '../support/migrated-template.ts'
import { freshDataDir, isHosted } from './target.ts'

export interface SharedBackend {
  url: string
  dataDir: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Index i is the backend of the worker whose VITEST_POOL_ID is i + 1. */
    sharedBackends: SharedBackend[]
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (isHosted) {
    project.provide('sharedBackends', [])
    return undefined
  }
  await migratedTemplate()
  const children: ChildProcess[] = []
  const folders: string[] = []
  const stopAll = async () => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.disconnect()
        await exited
      }),
    )
    await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })))
  }
  try {
    const backends = await Promise.all(
      Array.from({ length: project.config.maxWorkers }, async () => {
        const dataDir = await freshDataDir()
        folders.push(dataDir)
        const child = fork(new URL('./shared-backend.ts', import.meta.url).pathname, [dataDir], { execArgv: ['--import', 'tsx'] })
        children.push(child)
        const url = await new Promise<string>((resolve, reject) => {
          child.once('message', (message: { url: string }) => resolve(message.url))
          child.once('exit', (code) => reject(new Error(`the shared contract backend exited (${code}) before listening`)))
        })
        return { url, dataDir }
      }),
    )
    project.provide('sharedBackends', backends)
  } catch (error) {
    await stopAll()
    throw error
  }
  return stopAll
}
