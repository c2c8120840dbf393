// What visitors get from the live site under stress, on a server of its own with a probe inside it
// (./probe.mjs: Node's event-loop delay, renders per cache key):
// - a 1 MB post published: how long until it is served; then, while later saves make pages re-render,
//   publish → served p95 on /blog, the large post and the feed, and the event loop's p99 delay;
// - a crowd: 200 visitors asking for /blog in the same second after a save: renders per burst and p95;
// - throughput: a cached page at 100 connections against sirv serving the same HTML from disk, and random
//   unknown paths (the 404 page) against the cached page.
// Budgets: publish → served p95 ≤ 300 ms and event-loop p99 ≤ 50 ms; one render per burst; cached pages
// ≥ 0.8× sirv's req/s; random 404s ≥ 0.8× cached pages' req/s.
import autocannon from 'autocannon'
import type { SupabaseClient } from '@supabase/supabase-js'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { largePostBody } from './large-post.ts'
import { percentile } from './percentile.ts'
import { signInStaff, startBenchServer } from './server.ts'

const SAVES = 10
const CROWD = 200
const BURSTS = 3
const CONNECTIONS = 100
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const BUDGET = { publishP95Ms: 300, loopP99Ms: 50, throughputRatio: 0.8 }
const staffAccount = { email: 'bench-site@example.com', password: 'bench-site-password-123' }

/** What ./probe.mjs answers: the event-loop delay (ms) and the renders started since its last reset, per cache key. */
interface ProbeReading {
  loopDelay: { p50: number; p99: number; max: number }
  renders: Record<string, number>
}

const ms = (value: number) => `${value.toFixed(0)} ms`
const verdict = (ok: boolean) => (ok ? 'ok  ' : 'MISS')

function probe(child: ChildProcess) {
  return {
    reset: () => child.send('reset'),
    read: () =>
      new Promise<ProbeReading>((resolve) => {
        child.once('message', (reading) => resolve(reading as ProbeReading))
        child.send('read')
      }),
  }
}

/** Milliseconds from now until `url` answers 200 with a body containing `text`. */
async function untilServed(url: string, text: string, timeoutMs = 120_000): Promise<number> {
  const start = performance.now()
  for (;;) {
    const res = await fetch(url)
    const body = await res.text()
    if (res.status === 200 && body.includes(text)) return performance.now() - start
    if (performance.now() - start > timeoutMs) throw new Error(`${url} did not serve «${text}» within ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

async function insertPost(staff: SupabaseClient, post: { title: string; slug: string; content: string }): Promise<void> {
  const { error } = await staff.from('blog_posts').insert({ ...post, published: true })
  if (error) throw new Error(error.message)
}

async function sirvServer(root: string, html: string, port: number): Promise<{ url: string; stop: () => void }> {
  const folder = await mkdtemp(join(root, '.tmp', 'bench-sirv-'))
  await mkdir(join(folder, 'page'))
  await writeFile(join(folder, 'page', 'index.html'), html)
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/sirv-server.ts', folder, String(port)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise((resolve) => child.stdout.once('data', resolve))
  return {
    url: `http://127.0.0.1:${port}/page`,
    stop: () => {
      child.kill('SIGTERM')
      void rm(folder, { recursive: true, force: true })
    },
  }
}

const load = (url: string, options: Partial<autocannon.Options> = {}) => autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...options })

export async function benchSite(root: string): Promise<{ lines: string[]; ok: boolean }> {
  const dataDir = await mkdtemp(join(root, '.tmp', 'bench-site-'))
  const { child, url } = await startBenchServer(root, dataDir, staffAccount, {}, ['./scripts/bench/probe.mjs'])
  const lines: string[] = []
  let ok = true
  const check = (passed: boolean, line: string) => {
    ok &&= passed
    lines.push(`  ${verdict(passed)} ${line}`)
  }
  try {
    const server = probe(child)
    const { client: staff } = await signInStaff(url, staffAccount)
    await fetch(`${url}/blog`)

    // A 1 MB post published.
    server.reset()
    const large = { title: 'Artículo muy largo', slug: 'articulo-muy-largo', content: largePostBody() }
    await insertPost(staff, large)
    const firstServed = await untilServed(`${url}/blog/${large.slug}`, large.title)
    const firstLoop = await server.read()
    lines.push(
      `site: a ${(Buffer.byteLength(large.content) / 1e6).toFixed(2)} MB post published: served after ${ms(firstServed)} (rendered in a worker thread); event loop meanwhile p99 ${ms(firstLoop.loopDelay.p99)}, max ${ms(firstLoop.loopDelay.max)}`,
    )

    // Later saves while it is published: each makes /blog, the post and the feed render again.
    server.reset()
    const served = { blog: [] as number[], post: [] as number[], feed: [] as number[] }
    for (let i = 0; i < SAVES; i++) {
      const title = `Guardado ${i} con el artículo largo publicado`
      await insertPost(staff, { title, slug: `guardado-${i}-largo`, content: `Texto del guardado ${i}.` })
      const start = performance.now()
      await Promise.all([
        untilServed(`${url}/blog`, title).then((t) => served.blog.push(t)),
        // The large post's page lists the newest posts as related: it changes with each save too.
        untilServed(`${url}/blog/${large.slug}`, title).then((t) => served.post.push(t)),
        untilServed(`${url}/blog/rss.xml`, title).then((t) => served.feed.push(t)),
      ])
      if (performance.now() - start > 10_000) break
    }
    const loop = await server.read()
    for (const [name, values] of Object.entries(served))
      check(
        percentile(values, 95) <= BUDGET.publishP95Ms,
        `publish → served ${name.padEnd(4)} p50 ${ms(percentile(values, 50))} p95 ${ms(percentile(values, 95))} (budget p95 ≤ ${BUDGET.publishP95Ms} ms, ${values.length} saves)`,
      )
    check(
      loop.loopDelay.p99 <= BUDGET.loopP99Ms,
      `event-loop delay while pages re-render: p99 ${ms(loop.loopDelay.p99)}, max ${ms(loop.loopDelay.max)} (budget p99 ≤ ${BUDGET.loopP99Ms} ms)`,
    )

    // A crowd right after a save.
    for (let burst = 1; burst <= BURSTS; burst++) {
      await insertPost(staff, { title: `Multitud ${burst}`, slug: `multitud-${burst}`, content: 'Texto.' })
      await new Promise((resolve) => setTimeout(resolve, 300)) // past the revision's polling window
      server.reset()
      const times = await Promise.all(
        Array.from({ length: CROWD }, async () => {
          const start = performance.now()
          await (await fetch(`${url}/blog`)).arrayBuffer()
          return performance.now() - start
        }),
      )
      const renders = (await server.read()).renders['/blog'] ?? 0
      check(
        renders === 1,
        `crowd ${burst}: ${CROWD} visitors on /blog after a save: ${renders} render(s), p50 ${ms(percentile(times, 50))} p95 ${ms(percentile(times, 95))} (budget one render)`,
      )
    }

    // Throughput against the physical limit.
    const page = `${url}/shopify`
    const html = await (await fetch(page)).text()
    const sirv = await sirvServer(root, html, Number(process.env.BENCH_SIRV_PORT ?? 4249))
    try {
      await load(sirv.url, { duration: 2 })
      const plain = await load(sirv.url)
      await load(page, { duration: 2 })
      const cached = await load(page)
      await load(`${url}/no-existe`, { duration: 2 })
      const random = await load(url, {
        requests: [{ setupRequest: (request) => ({ ...request, path: `/no-existe-${Math.random().toString(36).slice(2)}` }) }],
      })
      const cachedRatio = cached.requests.average / plain.requests.average
      const randomRatio = random.requests.average / cached.requests.average
      lines.push(
        `  sirv (the same HTML from disk), ${CONNECTIONS} connections, ${SECONDS} s: ${plain.requests.average.toFixed(0)} req/s, p99 ${plain.latency.p99} ms`,
      )
      check(
        cachedRatio >= BUDGET.throughputRatio && cached.non2xx === 0,
        `cached page /shopify: ${cached.requests.average.toFixed(0)} req/s (×${cachedRatio.toFixed(2)} sirv), p99 ${cached.latency.p99} ms, ${cached.non2xx} non-2xx (budget ≥ ×${BUDGET.throughputRatio})`,
      )
      const renders404 = (await server.read()).renders['404'] ?? 0
      check(
        randomRatio >= BUDGET.throughputRatio,
        `random unknown paths: ${random.requests.average.toFixed(0)} req/s (×${randomRatio.toFixed(2)} the cached page), p99 ${random.latency.p99} ms, ${random['4xx']} 404s, 404 page rendered ${renders404}× (budget ≥ ×${BUDGET.throughputRatio})`,
      )
    } finally {
      sirv.stop()
    }
    return { lines, ok }
  } finally {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
    await rm(dataDir, { recursive: true, force: true })
  }
}
