// Every write that got a success answer survives `kill -9` in the middle of a stream of writes: the server
// (what `npm start` runs) is a child process here, killed without warning and restarted on the same folder.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../../src/lib/database.types'
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { killAll, startServerProcess, stop as stopServer } from '../support/server-process.ts'
import { client, embeddedOnly, freshDataDir, isHosted, type Target } from './target.ts'

let dataDir: string | undefined

afterAll(async () => {
  killAll()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

async function serviceClient(url: string, folder: string): Promise<SupabaseClient<Database>> {
  const keys = JSON.parse(await readFile(join(folder, 'keys.json'), 'utf8')) as { anonKey: string; serviceRoleKey: string }
  const target: Target = { kind: 'embedded', url, anonKey: keys.anonKey, serviceRoleKey: keys.serviceRoleKey, close: async () => {} }
  return client(target, keys.serviceRoleKey)
}

describe.skipIf(isHosted)(`durability ${embeddedOnly}`, () => {
  it('keeps every acknowledged write after kill -9 in the middle of writes and a restart', async () => {
    dataDir = await freshDataDir()
    const first = await startServerProcess(dataDir)
    const db = await serviceClient(first.url, dataDir)
    const acknowledged: string[] = []
    let attempted = 0
    let stop = false

    // Eight writers in parallel, each inserting rows one after another until the server dies under them.
    const writers = Array.from({ length: 8 }, async (_, writer) => {
      while (!stop) {
        const id = crypto.randomUUID()
        attempted += 1
        const { error } = await db.from('menu_items').insert({ id, label: `w${writer}`, path: '/durable', order_num: attempted })
        if (error) return
        acknowledged.push(id)
      }
    })
    while (acknowledged.length < 300) await new Promise((resolve) => setTimeout(resolve, 10))
    await stopServer(first, 'SIGKILL')
    stop = true
    await Promise.all(writers)
    expect(attempted).toBeGreaterThan(acknowledged.length) // some writes were in flight when it died

    const second = await startServerProcess(dataDir)
    const after = await serviceClient(second.url, dataDir)
    const { data, error } = await after.from('menu_items').select('id').eq('path', '/durable')
    expect(error).toBeNull()
    const stored = new Set(data!.map((row) => row.id))
    const lost = acknowledged.filter((id) => !stored.has(id))
    expect(lost).toEqual([])
    expect(stored.size).toBeLessThanOrEqual(attempted)
    await stopServer(second)
  }, 60_000)
})
