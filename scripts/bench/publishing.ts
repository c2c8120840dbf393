// Publishing: how long a save takes to reach visitors, and whether that grows with the site.
// `npm start` runs as its own process on a fresh data folder; a staff member saves through PostgREST
// (supabase-js) and the clock runs from the write's response until the blog index served over HTTP
// carries the new post. 20 saves with 10 published posts, then the same with 1,000 (seeded in batches),
// then, at 1,000 posts: the time to first byte of /blog and of a post (rendered after a change, and
// cached), the sitemap's size, and a full `vike build` against that backend (BUILD_OUT_DIR).
// Budgets: p95 ≤ 2 s; p95 with 1,000 posts ≤ 1.5 × p95 with 10.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../../src/lib/database.types'
import { spawnSync } from 'node:child_process'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { percentile } from './percentile.ts'
import { signInStaff, startBenchServer } from './server.ts'

const SAVES = 20
const MAX_P95_MS = 2000
const MAX_GROWTH = 1.5
const staffAccount = { email: 'bench-publisher@example.com', password: 'bench-publisher-123' }

export interface PublishingResult {
  lines: string[]
  ok: boolean
}

const ms = (value: number) => `${value.toFixed(0)} ms`

/** Time from a published post's insert answering until /blog serves it. */
async function publishLatency(staff: SupabaseClient<Database>, url: string, label: string): Promise<number> {
  const title = `Latencia ${label}`
  const slug = `latencia-${label}`
  const { error } = await staff.from('blog_posts').insert({ title, slug, content: `## ${title}\n\nMedida de publicación.`, published: true })
  if (error) throw new Error(error.message)
  const start = performance.now()
  for (;;) {
    const html = await (await fetch(`${url}/blog`)).text()
    if (html.includes(title)) return performance.now() - start
    if (performance.now() - start > 10_000) throw new Error(`${title} not served after 10 s`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

async function latencies(staff: SupabaseClient<Database>, url: string, round: string): Promise<number[]> {
  const values: number[] = []
  for (let i = 0; i < SAVES; i++) values.push(await publishLatency(staff, url, `${round}-${i}`))
  return values
}

/** Published posts with a realistic body, inserted 100 at a time. */
async function seedPosts(staff: SupabaseClient<Database>, count: number, from: number): Promise<void> {
  const body = (n: number) =>
    `## Apartado ${n}\n\nTexto de prueba con **negrita**, una [enlace](/shopify) y una lista:\n\n- uno\n- dos\n- tres\n\n${'Párrafo de relleno para medir. '.repeat(40)}`
  for (let start = 0; start < count; start += 100) {
    const rows = Array.from({ length: Math.min(100, count - start) }, (_, i) => {
      const n = from + start + i
      return {
        title: `Artículo de carga ${n}`,
        slug: `articulo-de-carga-${n}`,
        excerpt: `Resumen del artículo ${n}.`,
        content: body(n),
        published: true,
      }
    })
    const { error } = await staff.from('blog_posts').insert(rows)
    if (error) throw new Error(error.message)
  }
}

async function timeToFirstByte(url: string): Promise<number> {
  const start = performance.now()
  const res = await fetch(url)
  const reader = res.body!.getReader()
  await reader.read()
  const first = performance.now() - start
  await reader.cancel()
  return first
}

export async function benchPublishing(root: string): Promise<PublishingResult> {
  const dataDir = await mkdtemp(join(root, '.tmp', 'bench-publishing-'))
  const buildDir = join('.tmp', `bench-build-${Date.now().toString(36)}`)
  const { child, url } = await startBenchServer(root, dataDir, staffAccount)
  try {
    const { anonKey, client: staff } = await signInStaff(url, staffAccount)
    await fetch(`${url}/blog`) // React, Vike and the build's server code load on the first render

    const { count: seeded } = await staff.from('blog_posts').select('id', { count: 'exact', head: true }).eq('published', true)
    await seedPosts(staff, 10 - (seeded ?? 0), 0)
    const small = await latencies(staff, url, 'diez')
    const smallCount = 10 + SAVES

    await seedPosts(staff, 1000 - smallCount, smallCount)
    const large = await latencies(staff, url, 'mil')
    const { count: total } = await staff.from('blog_posts').select('id', { count: 'exact', head: true }).eq('published', true)

    // After a change (rendered on request) and then from the cache.
    const post = `${url}/blog/articulo-de-carga-500`
    const change = await staff.from('blog_posts').update({ excerpt: 'Resumen revisado.' }).eq('slug', 'articulo-de-carga-1')
    if (change.error) throw new Error(change.error.message)
    const blogFresh = await timeToFirstByte(`${url}/blog`)
    const postFresh = await timeToFirstByte(post)
    const cached = async (page: string) => {
      const runs: number[] = []
      for (let i = 0; i < 20; i++) runs.push(await timeToFirstByte(page))
      return percentile(runs, 50)
    }
    const blogCached = await cached(`${url}/blog`)
    const postCached = await cached(post)
    const sitemap = await (await fetch(`${url}/sitemap.xml`)).text()

    const buildStart = performance.now()
    const build = spawnSync('npx', ['vike', 'build'], {
      cwd: root,
      env: { ...process.env, BUILD_OUT_DIR: buildDir, SUPABASE_URL: url, SUPABASE_ANON_KEY: anonKey },
      encoding: 'utf8',
    })
    const buildSeconds = (performance.now() - buildStart) / 1000
    if (build.status !== 0) throw new Error(`vike build against the backend failed:\n${build.stderr}`)
    const pages = (await readdir(join(root, buildDir, 'client'), { recursive: true })).filter((f) => String(f).endsWith('.html')).length

    const p95Small = percentile(small, 95)
    const p95Large = percentile(large, 95)
    const growth = p95Large / p95Small
    const lines = [
      `publishing, ${SAVES} saves each (REST answer → /blog serves the post):`,
      `  ${10} posts:    p50 ${ms(percentile(small, 50))}  p95 ${ms(p95Small)}  max ${ms(Math.max(...small))}`,
      `  ${total} posts: p50 ${ms(percentile(large, 50))}  p95 ${ms(p95Large)}  max ${ms(Math.max(...large))}  (p95 ×${growth.toFixed(2)})`,
      `  at ${total} posts: /blog TTFB ${ms(blogFresh)} after a change, ${ms(blogCached)} cached; a post ${ms(postFresh)} after a change, ${ms(postCached)} cached (p50 of 20)`,
      `  sitemap.xml: ${(sitemap.length / 1024).toFixed(1)} KiB, ${(sitemap.match(/<loc>/g) ?? []).length} URLs`,
      `  vike build against the backend: ${buildSeconds.toFixed(1)} s, ${pages} HTML pages`,
    ]
    const ok = p95Small <= MAX_P95_MS && p95Large <= MAX_P95_MS && growth <= MAX_GROWTH
    lines.push(`  budgets: p95 ≤ ${MAX_P95_MS} ms, growth ≤ ×${MAX_GROWTH}: ${ok ? 'held' : 'MISSED'}`)
    return { lines, ok }
  } finally {
    child.kill('SIGTERM')
    await rm(dataDir, { recursive: true, force: true })
    await rm(join(root, buildDir), { recursive: true, force: true })
  }
}
