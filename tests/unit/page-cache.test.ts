import { brotliDecompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { compress, encodedBody, PageCache } from '../../src/host/site/pageCache'

/** A page of the site's kind: repeated markup with varying text, about 100 kB. */
const page = Buffer.from(
  `<!doctype html><html lang="es"><body>${Array.from({ length: 600 }, (_, i) => `<li class="flex items-center gap-2 text-slate-700"><a href="/servicio-${i % 17}">Servicio ${i} de la consultora, punto ${(i * 7919) % 1000}</a></li>`).join('')}</body></html>`,
)

describe('compressed answers', () => {
  it('serves brotli at once, then the best-quality form: smaller, and the same page', async () => {
    const entry = await new PageCache().get('/', 'r1', async () => ({ status: 200, headers: {}, body: page }))
    const first = await encodedBody(entry, 'gzip, deflate, br')
    expect(first.encoding).toBe('br')
    expect(brotliDecompressSync(first.body).equals(page)).toBe(true)

    await expect.poll(async () => (await encodedBody(entry, 'br')).body.length, { timeout: 10_000 }).toBeLessThan(first.body.length)
    const best = await encodedBody(entry, 'br')
    expect(brotliDecompressSync(best.body).equals(page)).toBe(true)
  })

  it("makes a page's brotli forms when it is rendered, so the first request after a warm-up gets the best one", async () => {
    const entry = await new PageCache().get('/', 'r1', async () => ({ status: 200, headers: {}, body: page }))
    const quickSize = (await compress(page, 'br')).length
    // No request has asked for the page yet.
    await expect.poll(async () => (await entry.encoded.br)?.length ?? Infinity, { timeout: 10_000 }).toBeLessThan(quickSize)
    const first = await encodedBody(entry, 'br')
    expect(first.body.length).toBeLessThan(quickSize)
    expect(brotliDecompressSync(first.body).equals(page)).toBe(true)
  })

  it('serves the quick brotli form a render made already, then the best one', async () => {
    // Whoever rendered the page compressed it to decide something (./inlineStylesheet.ts): not again.
    const quick = await compress(page, 'br')
    const entry = await new PageCache().get('/', 'r1', async () => ({ status: 200, headers: {}, body: page, brotli: quick }))
    expect((await encodedBody(entry, 'br')).body).toBe(quick)
    expect(entry).not.toHaveProperty('brotli')

    await expect.poll(async () => (await encodedBody(entry, 'br')).body.length, { timeout: 10_000 }).toBeLessThan(quick.length)
    expect(brotliDecompressSync((await encodedBody(entry, 'br')).body).equals(page)).toBe(true)
  })

  it('answers gzip to a client without brotli, and the body itself to one without either', async () => {
    const entry = await new PageCache().get('/', 'r1', async () => ({ status: 200, headers: {}, body: page }))
    expect((await encodedBody(entry, 'gzip')).encoding).toBe('gzip')
    expect(await encodedBody(entry, undefined)).toEqual({ body: page })
  })
})
