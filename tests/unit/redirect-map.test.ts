// The live server's side of redirects and the 404 log: one read of the redirects per CMS revision whatever
// the number of requests, the request's query string kept, percent-encoded and trailing-slash spellings
// found, and a flood of random 404 paths held to a fixed number of counts written in one batch.
import { describe, expect, it, vi } from 'vitest'
import { NotFoundLog, type NotFoundCount } from '../../src/host/site/notFoundLog'
import { RedirectMap, redirectLocation } from '../../src/host/site/redirectMap'
import { redirectsFile } from '../../src/seo/redirectsFile'

describe('RedirectMap', () => {
  it('reads the redirects once per revision and answers every spelling of a source', async () => {
    const read = vi.fn(async () => [
      { source: '/blog/viejo', target: '/blog/nuevo', status: 301 },
      { source: '/café', target: 'https://example.com/x?a=1', status: 302 },
      { source: '/retirada', target: null, status: 410 },
    ])
    const map = new RedirectMap(read)
    expect(await map.find('/blog/viejo/', 'utm=x', '1')).toEqual({ status: 301, location: '/blog/nuevo?utm=x' })
    expect(await map.find('/caf%C3%A9', '', '1')).toEqual({ status: 302, location: 'https://example.com/x?a=1' })
    expect(await map.find('/retirada', '', '1')).toEqual({ status: 410 })
    for (let i = 0; i < 100; i++) expect(await map.find(`/azar-${i}`, '', '1')).toBeUndefined()
    expect(read).toHaveBeenCalledTimes(1)
    await map.find('/blog/viejo', '', '2')
    expect(read).toHaveBeenCalledTimes(2)
  })

  it('a failed read leaves no redirects for that revision and is tried again at the next', async () => {
    const read = vi
      .fn()
      .mockRejectedValueOnce(new Error('caído'))
      .mockResolvedValue([{ source: '/a', target: '/b', status: 301 }])
    const onError = vi.fn()
    const map = new RedirectMap(read, onError)
    expect(await map.find('/a', '', '1')).toBeUndefined()
    expect(onError).toHaveBeenCalledOnce()
    expect(await map.find('/a', '', '2')).toEqual({ status: 301, location: '/b' })
  })

  it('never answers a Location a browser reads as another host, nor a redirect that leads back to itself', async () => {
    for (const target of ['/.//evil.example', '/a/..//evil.example', '/%2e//evil.example', '//evil.example']) {
      const location = redirectLocation(target, '')
      expect(location, target).toMatch(/^\/(?![/\\])/)
    }
    // Rows written before the database compared paths decoded.
    const map = new RedirectMap(async () => [
      { source: '/a', target: '/%61', status: 301 },
      { source: '/b', target: '/b%2F', status: 301 },
      { source: '/p', target: '/q', status: 301 },
      { source: '/q', target: '/%70', status: 301 },
      { source: '/r', target: '/s', status: 301 },
    ])
    for (const path of ['/a', '/b', '/p', '/q']) expect(await map.find(path, '', '1'), path).toBeUndefined()
    expect(await map.find('/r', '', '1')).toEqual({ status: 301, location: '/s' })
  })

  it('adds the query to a target that has its own, before its fragment', () => {
    expect(redirectLocation('/blog/nuevo?ref=a#seccion', 'utm=b')).toBe('/blog/nuevo?ref=a&utm=b#seccion')
    expect(redirectLocation('/ruta con espacio', '')).toBe('/ruta%20con%20espacio')
  })
})

describe('NotFoundLog', () => {
  it('counts in memory and writes one bounded batch; a flood of random paths cannot grow it', async () => {
    const batches: NotFoundCount[][] = []
    const log = new NotFoundLog({ write: async (counts) => void batches.push(counts), intervalMs: 60_000, maxPaths: 100 })
    for (let i = 0; i < 3; i++) log.record('/blgo')
    for (let i = 0; i < 10_000; i++) log.record(`/azar-${i}`)
    log.record('/blgo')
    log.record(`/${'x'.repeat(600)}`)
    await log.close()
    expect(batches).toHaveLength(1)
    expect(batches[0]).toHaveLength(100)
    expect(batches[0]!.find((c) => c.path === '/blgo')).toMatchObject({ hits: 4 })
  })

  it('a failed write is reported and the next window starts empty', async () => {
    const onError = vi.fn()
    const write = vi.fn().mockRejectedValueOnce(new Error('sin clave')).mockResolvedValue(undefined)
    const log = new NotFoundLog({ write, intervalMs: 60_000, onError })
    log.record('/a')
    await log.flush()
    expect(onError).toHaveBeenCalledOnce()
    log.record('/b')
    await log.close()
    expect(write).toHaveBeenLastCalledWith([expect.objectContaining({ path: '/b', hits: 1 })])
  })
})

describe('redirectsFile', () => {
  it('writes one "from to status" line per redirect, as Netlify and Cloudflare Pages read them', () => {
    expect(
      redirectsFile([
        { source: '/consultoria-ux-ui', target: '/consultoria-uxui', status: 301 },
        { source: '/blog/café viejo', target: 'https://example.com/a b', status: 302 },
        { source: '/retirada', target: null, status: 410 },
      ]),
    ).toBe('/consultoria-ux-ui /consultoria-uxui 301\n/blog/caf%C3%A9%20viejo https://example.com/a%20b 302\n/retirada /404.html 410\n')
    expect(redirectsFile([])).toBe('')
  })
})
