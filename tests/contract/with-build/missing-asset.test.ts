// A build file that disappears (or changes) under a running `npm start` — a deploy that replaces dist/, a
// wrong `rm` — is answered as the folder now is: 404 at once for a file that is gone, the other copies of an
// asset whose brotli copy is gone, the new content of a file that changed. One missing file never takes the
// site down. The server serves a copy of the build (BUILD_OUT_DIR), never the shared dist/.
import { cp, readdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { killAll, startServerProcess, stop, type ServerProcess } from '../../support/server-process.ts'
import { embeddedOnly, freshDataDir, isHosted, tmpRoot } from '../target.ts'

const repoDist = new URL('../../../dist/', import.meta.url).pathname
const build = join(tmpRoot, `dist-${crypto.randomUUID()}`)
let dataDir: string | undefined
let server: (ServerProcess & { url: string }) | undefined

beforeAll(async () => {
  if (isHosted) return
  await cp(repoDist, build, { recursive: true })
  dataDir = await freshDataDir()
  server = await startServerProcess(dataDir, { BUILD_OUT_DIR: build })
}, 120_000)

afterAll(async () => {
  if (server) await stop(server)
  killAll()
  await rm(build, { recursive: true, force: true })
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/** A GET that must be answered within `ms`: a request left unanswered fails here instead of timing the test out. */
async function get(path: string, encoding = 'br, gzip', ms = 5000): Promise<Response> {
  return fetch(`${server!.url}${path}`, { headers: { 'Accept-Encoding': encoding }, signal: AbortSignal.timeout(ms) })
}

/** The build's stylesheets: each has its brotli and gzip copies (renderer/precompress.ts). */
async function stylesheets(): Promise<string[]> {
  const names = await readdir(join(build, 'client/assets/static'))
  return names.filter((name) => name.endsWith('.css') && names.includes(`${name}.br`) && names.includes(`${name}.gz`))
}

describe.skipIf(isHosted)(`files missing from the build under a running server ${embeddedOnly}`, () => {
  it(
    'answers an asset whose brotli copy is gone with another copy, and one that is gone entirely with 404 at once',
    { timeout: 60_000 },
    async () => {
      const [first, second] = await stylesheets()
      expect(second).toBeDefined()
      const folder = join(build, 'client/assets/static')
      expect((await get(`/assets/static/${first}`)).headers.get('content-encoding')).toBe('br')

      await rm(join(folder, `${first}.br`))
      const fallback = await get(`/assets/static/${first}`)
      expect(fallback.status).toBe(200)
      expect(fallback.headers.get('content-encoding')).toBe('gzip')
      expect((await fallback.text()).length).toBeGreaterThan(0)

      for (const suffix of ['', '.br', '.gz']) await rm(join(folder, `${second}${suffix}`))
      for (const encoding of ['br, gzip', 'gzip', 'identity']) {
        const gone = await get(`/assets/static/${second}`, encoding)
        expect(gone.status).toBe(404)
        await gone.arrayBuffer()
      }
      const head = await fetch(`${server!.url}/assets/static/${second}`, { method: 'HEAD', signal: AbortSignal.timeout(5000) })
      expect(head.status).toBe(404)

      // Still up: a page (rendered live, maybe for the first time: not timed) and another asset answer.
      expect((await get('/', 'br, gzip', 60_000)).status).toBe(200)
      expect((await get('/favicon.svg')).status).toBe(200)
      expect(server!.child.exitCode).toBeNull()
    },
  )

  it('serves a replaced build as it now is: changed files whole, new files found', { timeout: 60_000 }, async () => {
    const changed = '<svg xmlns="http://www.w3.org/2000/svg"><title>nuevo icono, más largo que el anterior</title></svg>'
    await writeFile(join(build, 'client/favicon.svg'), changed)
    const favicon = await get('/favicon.svg', 'identity')
    expect(favicon.status).toBe(200)
    expect(await favicon.text()).toBe(changed)

    await writeFile(join(build, 'client/assets/static/nuevo-Zz99Yy88.css'), '.nuevo{color:red}')
    const added = await get('/assets/static/nuevo-Zz99Yy88.css', 'identity')
    expect(added.status).toBe(200)
    expect(await added.text()).toBe('.nuevo{color:red}')
    expect(server!.child.exitCode).toBeNull()
  })

  it("never serves the build's hidden files", { timeout: 30_000 }, async () => {
    await writeFile(join(build, 'client/.vite/secreto.json'), '{}')
    expect((await get('/.vite/secreto.json', 'identity')).status).toBe(404)
  })
})
