// Disk full, on a real small file system: the data folder on a 160 MB tmpfs (mounted here, so root only;
// elsewhere the test says it is skipped). With the disk filled, a write fails with Postgres's own clear
// answer (503, 53100 «No space left on device», «Check free disk space»), reads and the liveness probe keep
// answering, readiness says 503 (the disk check), the rows written before are intact, and once space
// returns writes succeed again without a restart. An upload on the full disk is refused with Storage's error
// shape (507 InsufficientStorage, src/backend/storage/errors.ts), which Medios tells staff in Spanish.
import { execFileSync, spawnSync } from 'node:child_process'
import { cp, mkdir, readFile, rm } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { uploadProblem } from '../../src/admin/media/mediaLibrary.ts'
import { killAll, startServerProcess, stop } from '../support/server-process.ts'
import { embeddedOnly, freshDataDir, isHosted, tmpRoot } from './target.ts'

const mountPoint = join(tmpRoot, `disk-full-${process.pid}`)
const canMount = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v mount && command -v fallocate']).status === 0
let mounted = false
/** A PNG of random pixels, about `side`² × 3 bytes: nothing to compress, so it needs its size on disk. */
const png = (side: number) =>
  sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer()

afterAll(async () => {
  killAll()
  if (mounted) spawnSync('umount', ['-l', mountPoint])
  await rm(mountPoint, { recursive: true, force: true })
})

describe.skipIf(isHosted || !canMount)(`disk full ${embeddedOnly}${canMount ? '' : ' (skipped: needs root to mount a tmpfs)'}`, () => {
  it('a write on a full disk fails clearly, reads go on, nothing is lost, and writes resume when space returns', { timeout: 240_000 }, async () => {
    await mkdir(mountPoint, { recursive: true })
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', mountPoint])
    mounted = true
    const dataDir = join(mountPoint, 'data')
    await cp(await freshDataDir(), dataDir, { recursive: true })
    const server = await startServerProcess(dataDir, { HEALTH_MIN_FREE_DISK_BYTES: String(1024 * 1024) })
    const { serviceRoleKey: key } = JSON.parse(await readFile(join(dataDir, 'keys.json'), 'utf8')) as Record<string, string>
    const headers = { apikey: key!, authorization: `Bearer ${key}`, 'content-type': 'application/json', prefer: 'return=minimal' }
    // 800 KB of text that does not compress: the table has to grow on disk.
    const write = (slug: string) =>
      fetch(`${server.url}/rest/v1/blog_posts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ title: slug, slug, content: randomBytes(600_000).toString('base64') }),
      })
    const slugs = async () =>
      (
        (await (await fetch(`${server.url}/rest/v1/blog_posts?select=slug&slug=like.lleno*&order=slug`, { headers })).json()) as { slug: string }[]
      ).map((r) => r.slug)

    expect((await write('lleno-antes')).status).toBe(201)
    const free = Number(execFileSync('df', ['-B1', '--output=avail', mountPoint], { encoding: 'utf8' }).trim().split('\n')[1])
    execFileSync('fallocate', ['-l', String(free - 32 * 1024), join(mountPoint, 'filler')])

    let refused: Response | undefined
    for (let i = 0; i < 40 && !refused; i++) {
      const answer = await write(`lleno-durante-${i}`)
      if (answer.status !== 201) refused = answer
    }
    expect(refused?.status).toBe(503)
    expect(await refused!.json()).toMatchObject({
      code: '53100',
      hint: 'Check free disk space.',
      message: expect.stringContaining('No space left on device'),
    })
    // An upload on the full disk: Storage's error shape with 507 and a message, what Medios shows staff in
    // Spanish, and nothing stored.
    const upload = (name: string, body: Buffer) =>
      fetch(`${server.url}/storage/v1/object/media/${name}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'image/png' },
        body: new Uint8Array(body),
      })
    const photo = await png(400)
    const noSpace = await upload('lleno/foto.png', photo)
    expect(noSpace.status).toBe(507)
    const noSpaceBody = await noSpace.text()
    expect(JSON.parse(noSpaceBody)).toEqual({
      statusCode: '507',
      error: 'insufficient_storage',
      code: 'InsufficientStorage',
      message: expect.stringContaining('No space left'),
    })
    expect(uploadProblem(noSpace.status, noSpaceBody)).toMatch(/sin espacio en disco/)
    expect((await fetch(`${server.url}/storage/v1/object/info/media/lleno/foto.png`, { headers })).status).not.toBe(200)
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    const ready = await fetch(`${server.url}/readyz`)
    expect(ready.status).toBe(503)
    expect(JSON.stringify(await ready.json())).toMatch(/"name":"disk","ok":false/)
    const during = await slugs()
    expect(during).toContain('lleno-antes')

    await rm(join(mountPoint, 'filler'))
    expect((await write('lleno-despues')).status).toBe(201)
    expect((await upload('lleno/foto.png', photo)).status).toBe(200)
    expect(await slugs()).toEqual([...during, 'lleno-despues'].sort())
    // Readiness is computed at most once a second (src/host/health.ts): the answer given while the disk was full
    // may still be the one served for a moment after space returns.
    await expect
      .poll(
        async () => {
          const answer = await fetch(`${server.url}/readyz`)
          return { status: answer.status, body: (await answer.json()) as unknown }
        },
        { timeout: 10_000 },
      )
      .toMatchObject({ status: 200 })
    await stop(server)

    // Nothing corrupted: the folder opens again with every row.
    const again = await startServerProcess(dataDir)
    const after = (await (await fetch(`${again.url}/rest/v1/blog_posts?select=slug&slug=like.lleno*&order=slug`, { headers })).json()) as {
      slug: string
    }[]
    expect(after.map((r) => r.slug)).toEqual([...during, 'lleno-despues'].sort())
    await stop(again)
  })
})
