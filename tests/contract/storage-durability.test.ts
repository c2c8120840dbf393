// Every upload that got a success answer survives `kill -9` in the middle of a stream of uploads, whole
// (same bytes), and nothing half-written is left behind: the server is a child process here, killed without
// warning and restarted on the same folder.
import type { SupabaseClient } from '@supabase/supabase-js'
import { createHash } from 'node:crypto'
import { readFile, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { photo } from '../support/images.ts'
import { killAll, startServerProcess, stop as stopServer } from '../support/server-process.ts'
import { client, embeddedOnly, freshDataDir, isHosted, type Target } from './target.ts'

let dataDir: string | undefined

afterAll(async () => {
  killAll()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

async function serviceClient(url: string, folder: string): Promise<SupabaseClient> {
  const keys = JSON.parse(await readFile(join(folder, 'keys.json'), 'utf8')) as { anonKey: string; serviceRoleKey: string }
  const target: Target = { kind: 'embedded', url, anonKey: keys.anonKey, serviceRoleKey: keys.serviceRoleKey, close: async () => {} }
  return client(target, keys.serviceRoleKey)
}

const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex')

describe.skipIf(isHosted)(`storage durability ${embeddedOnly}`, () => {
  it('keeps every acknowledged upload, whole, after kill -9 in the middle of uploads and a restart', async () => {
    dataDir = await freshDataDir()
    const first = await startServerProcess(dataDir)
    const db = await serviceClient(first.url, dataDir)
    // Without metadata, so the public bucket keeps them byte for byte and their MD5 is the one to find.
    const images = await Promise.all(
      [photo(400, 300), photo(800, 600), photo(1200, 900)].map(async (p) =>
        sharp(await p)
          .jpeg()
          .toBuffer(),
      ),
    )
    const acknowledged = new Map<string, string>()
    let attempted = 0
    let stop = false

    const uploaders = Array.from({ length: 6 }, async (_, uploader) => {
      while (!stop) {
        const body = images[attempted % images.length]!
        const path = `durable/u${uploader}-${(attempted += 1)}.jpg`
        const { error } = await db.storage.from('media').upload(path, body, { contentType: 'image/jpeg' })
        if (error) return
        acknowledged.set(path, md5(body))
      }
    })
    while (acknowledged.size < 20) await new Promise((resolve) => setTimeout(resolve, 10))
    await stopServer(first, 'SIGKILL')
    stop = true
    await Promise.all(uploaders)
    expect(attempted).toBeGreaterThan(acknowledged.size)

    const second = await startServerProcess(dataDir)
    const after = await serviceClient(second.url, dataDir)
    for (const [path, hash] of acknowledged) {
      const { data, error } = await after.storage.from('media').download(path)
      expect(error, path).toBeNull()
      expect(md5(Buffer.from(await data!.arrayBuffer())), path).toBe(hash)
    }
    // Nothing half-written: no temporary file, and one stored body per object row.
    expect(await readdir(join(dataDir, 'storage', 'tmp'))).toEqual([])
    const { data: listed } = await after.storage.from('media').list('durable', { limit: 1000 })
    expect((await readdir(join(dataDir, 'storage', 'objects'))).length).toBe(listed!.length)
    await stopServer(second)
  }, 180_000)
})
