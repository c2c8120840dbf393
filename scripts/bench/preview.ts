// The live preview beside the admin's editors (docs/decisions/0100-live-preview.md), on `npm start` as its own
// process, in Chromium signed in as staff:
// - keystroke to updated preview: a few characters typed at the end of a post's content, timed from the last
//   keystroke to the frame showing them, 20 times for a typical post (6 kB of Markdown) and 10 for a 1 MB one.
//   Budget: p95 ≤ 500 ms on the typical post. While typing into the 1 MB post the admin's main thread must
//   not block: no long task over 200 ms (PerformanceObserver 'longtask', the frame's work included: it
//   shares the admin's thread).
// - the server's cost of one preview render (the typical post, POST /vista-previa/en-vivo, 30 in a row),
//   against a public page answered from the page cache (the same post published, GET, 30 in a row), and
//   against the render of that public page when the cache has none (its first request after a publish).
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { largePostBody } from './large-post.ts'
import { percentile } from './percentile.ts'
import { signInStaff, startBenchServer } from './server.ts'

const BUDGET = { typicalP95Ms: 500, longTaskMs: 200 }
const staff = { email: 'bench-preview@example.com', password: 'bench-preview-password-123' }
const FRAME = 'iframe[title="Vista previa de la página sin guardar"]'
const verdict = (ok: boolean) => (ok ? 'ok  ' : 'MISS')
const ms = (values: number[]) => `p50 ${percentile(values, 0.5).toFixed(0)} ms, p95 ${percentile(values, 0.95).toFixed(0)} ms`

function typicalPost(): string {
  const paragraph = 'Un párrafo de una entrada corriente, con **negrita**, _cursiva_ y un [enlace](/shopify). '.repeat(4)
  return Array.from({ length: 12 }, (_, n) => `## Apartado ${n + 1}\n\n${paragraph}\n\n${paragraph}`).join('\n\n')
}

/** Types `times` short marks at the end of the content; for each, ms from its last keystroke to the frame showing it. */
async function keystrokeToPreview(page: Page, times: number): Promise<number[]> {
  const content = page.getByRole('textbox', { name: 'Contenido', exact: true })
  const took: number[] = []
  for (let i = 0; i < times; i++) {
    const mark = ` marca${i}z`
    await content.press('ControlOrMeta+End')
    await page.keyboard.type(mark, { delay: 40 })
    // A string, not a function: tsx would wrap a named inner function in a helper the page does not have.
    took.push(
      await page.evaluate<number>(`new Promise((resolve) => {
        const last = window.lastKey
        const check = () => {
          const doc = document.querySelector(${JSON.stringify(FRAME)})?.contentDocument
          if (doc?.body?.textContent?.includes(${JSON.stringify(mark.trim())})) resolve(performance.now() - last)
          else requestAnimationFrame(check)
        }
        check()
      })`),
    )
  }
  return took
}

export async function benchPreview(root: string): Promise<{ lines: string[]; ok: boolean }> {
  const dataDir = await mkdtemp(join(root, '.tmp', 'bench-preview-'))
  const server = await startBenchServer(root, dataDir, staff)
  const lines = [`live preview (${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)} at start)`]
  let ok = true
  const check = (passed: boolean, line: string) => {
    ok &&= passed
    lines.push(`  ${verdict(passed)} ${line}`)
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' })
  try {
    const { url } = server
    const { client } = await signInStaff(url, staff)
    const token = (await client.auth.getSession()).data.session!.access_token
    const body = typicalPost()

    // The server's cost: a preview render, a cached public page, an uncached one.
    const slug = 'bench-vista-previa'
    const { error } = await client.from('blog_posts').insert({ title: 'Entrada del bench', slug, content: body, published: true })
    if (error) throw new Error(error.message)
    const draft = JSON.stringify({
      kind: 'post',
      title: 'Entrada del bench',
      slug: 'otra',
      excerpt: '',
      content: body,
      featuredImage: '',
      tagIds: [],
    })
    const timed = async (request: () => Promise<Response>) => {
      const started = performance.now()
      const response = await request()
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`${response.url} answered ${response.status}`)
      return performance.now() - started
    }
    const firstRender = await timed(() => fetch(`${url}/blog/${slug}`))
    const cached: number[] = []
    const previews: number[] = []
    for (let i = 0; i < 30; i++) cached.push(await timed(() => fetch(`${url}/blog/${slug}`)))
    for (let i = 0; i < 30; i++)
      previews.push(
        await timed(() =>
          fetch(`${url}/vista-previa/en-vivo`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: draft,
          }),
        ),
      )
    const p50 = (values: number[]) => percentile(values, 0.5)
    lines.push(
      `  one preview render of a typical post: ${ms(previews)}; the published post from the page cache: ${ms(cached)} ` +
        `(${(p50(previews) / p50(cached)).toFixed(0)}× a cached answer); its uncached render: ${firstRender.toFixed(0)} ms ` +
        `(a preview is ${(p50(previews) / firstRender).toFixed(2)}× it)`,
    )

    // Keystroke to preview, in the admin.
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
    await page.goto(`${url}/auth`)
    await page.getByLabel('Email').fill(staff.email)
    await page.getByLabel('Contraseña').fill(staff.password)
    await page.getByRole('button', { name: 'Iniciar Sesión', exact: true }).last().click()
    await page.waitForURL(/\/admin$/)
    await page.evaluate(() => {
      const w = window as { lastKey?: number; longTasks?: number[] }
      w.longTasks = []
      addEventListener('keydown', () => (w.lastKey = performance.now()), true)
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.longTasks!.push(e.duration))).observe({ type: 'longtask' })
    })
    await page.getByRole('tab', { name: 'Blog', exact: true }).click()
    await page.getByRole('button', { name: 'Nueva Entrada' }).click()
    await page.getByLabel('Título').fill('Entrada que se escribe')
    const content = page.getByRole('textbox', { name: 'Contenido', exact: true })
    await content.fill(body)
    await page.waitForFunction((frame) => document.querySelector<HTMLIFrameElement>(frame)?.contentDocument?.querySelector('h1'), FRAME)
    const typical = await keystrokeToPreview(page, 20)
    check(
      percentile(typical, 0.95) <= BUDGET.typicalP95Ms,
      `typical post (${(body.length / 1024).toFixed(0)} kB): keystroke to preview ${ms(typical)} (budget p95 <= ${BUDGET.typicalP95Ms} ms)`,
    )

    const large = largePostBody()
    await content.fill(large, { timeout: 120_000 })
    await keystrokeToPreview(page, 1) // the first render of the large body, not timed
    await page.evaluate(() => ((window as { longTasks?: number[] }).longTasks = []))
    const heavy = await keystrokeToPreview(page, 10)
    const longest = Math.max(0, ...(await page.evaluate(() => (window as { longTasks?: number[] }).longTasks!)))
    lines.push(`  ${verdict(true)} 1 MB post: keystroke to preview ${ms(heavy)}`)
    check(
      longest <= BUDGET.longTaskMs,
      `1 MB post: longest main-thread task while typing ${longest.toFixed(0)} ms (budget <= ${BUDGET.longTaskMs} ms)`,
    )
  } finally {
    await browser.close()
    server.child.kill('SIGTERM')
    await new Promise((resolve) => server.child.once('exit', resolve))
    await rm(dataDir, { recursive: true, force: true })
  }
  lines.push(`  (load average ${loadavg()[0]!.toFixed(1)} at the end)`)
  return { lines, ok }
}
