// Analytics under load (docs/decisions/0091-cookie-free-analytics.md), on `npm start` as its own process:
// - beacons do not slow pages: a cached page's req/s at 100 connections alone, then with 2,000 beacons a
//   second sent beside it (each from another browser), for the same time. Budget: ≥ 0.8× of the page alone.
// - «Analítica» on a synthetic year: a million page views (with conversions) written through
//   record_analytics, the finished days rolled up as the server does, then the staff report for 12 months,
//   30 days, 7 days and today, p95 of 20 calls each through supabase-js. Budget: p95 ≤ 1 s for 12 months
//   (the tab waits for it on open) and ≤ 500 ms for the others.
import autocannon from 'autocannon'
import { createClient } from '@supabase/supabase-js'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import ws from 'ws'
import type { Database } from '../../src/lib/database.types.ts'
import { madridDay } from '../../src/analytics/madridDay.ts'
import { percentile } from './percentile.ts'
import { signInStaff, startBenchServer } from './server.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const BEACONS_PER_SECOND = 2000
const YEAR_VIEWS = Number(process.env.BENCH_ANALYTICS_VIEWS ?? 1_000_000)
const BUDGET = { throughputRatio: 0.8, yearP95Ms: 1000, periodP95Ms: 500 }
const staff = { email: 'bench-analytics@example.com', password: 'bench-analytics-password-123' }
const verdict = (ok: boolean) => (ok ? 'ok  ' : 'MISS')

const PAGES = ['/', '/shopify', '/agentes-ia', '/desarrollo-web', '/blog', '/aviso-legal', '/privacidad', '/cookies']
const SOURCES: Record<string, string>[] = [
  { referrer_host: 'directo' },
  { referrer_host: 'www.google.com' },
  { referrer_host: 'www.linkedin.com', utm_source: 'linkedin', utm_medium: 'social', utm_campaign: 'otoño' },
  { referrer_host: 'www.bing.com' },
]
const AGENTS = [
  { device: 'móvil', browser: 'Chrome' },
  { device: 'móvil', browser: 'Safari' },
  { device: 'ordenador', browser: 'Chrome' },
  { device: 'ordenador', browser: 'Firefox' },
] as const

/** A year of visits ending today: about 2.5 views a visit, one visit in fifty converting. */
function* syntheticYear(views: number): Generator<Record<string, string>[]> {
  const perDay = Math.ceil(views / 365)
  const today = Date.parse(`${madridDay()}T12:00:00Z`)
  let batch: Record<string, string>[] = []
  let visitor = 0
  for (let day = 364; day >= 0; day--) {
    const at = new Date(today - day * 86_400_000).toISOString()
    for (let written = 0; written < perDay; visitor++) {
      const id = visitor.toString(16).padStart(32, '0')
      const landing = { ...SOURCES[visitor % SOURCES.length]!, ...AGENTS[visitor % AGENTS.length]! }
      for (let v = 0; v < 1 + (visitor % 3) && written < perDay; v++, written++)
        batch.push({ visitor: id, kind: 'pageview', path: PAGES[(visitor + v) % PAGES.length]!, occurred_at: at, ...(v === 0 ? landing : {}) })
      if (visitor % 50 === 0) batch.push({ visitor: id, kind: 'whatsapp_click', path: PAGES[visitor % PAGES.length]!, occurred_at: at })
      if (batch.length >= 5000) {
        yield batch
        batch = []
      }
    }
  }
  if (batch.length) yield batch
}

export async function benchAnalytics(root: string): Promise<{ lines: string[]; ok: boolean }> {
  const dataDir = await mkdtemp(join(root, '.tmp', 'bench-analytics-'))
  // Every beacon here comes from 127.0.0.1: the per-address limit is lifted so they are all counted.
  const server = await startBenchServer(root, dataDir, staff, { ANALYTICS_EVENTS_PER_ADDRESS_PER_MINUTE: '100000000' })
  const lines = [`analytics (${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)} at start)`]
  let ok = true
  const check = (passed: boolean, line: string) => {
    ok &&= passed
    lines.push(`  ${verdict(passed)} ${line}`)
  }
  try {
    const { url } = server
    const page = `${url}/shopify`
    // Rendered once, then cached; without a build there is no page to measure.
    const first = await fetch(page)
    if (first.status !== 200) throw new Error(`${page} answered ${first.status}: run \`npx vike build\` first`)
    const pageLoad = () => autocannon({ url: page, connections: 100, duration: SECONDS })
    const alone = await pageLoad()
    let sent = 0
    const beacons = autocannon({
      url: `${url}/api/analitica`,
      connections: 20,
      overallRate: BEACONS_PER_SECOND,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => ({
            ...request,
            headers: {
              'content-type': 'text/plain;charset=UTF-8',
              'user-agent': `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${sent++}.0 Safari/537.36`,
            },
            body: JSON.stringify({ k: 'pageview', p: '/shopify', r: 'https://www.google.com/', q: '?utm_source=bench' }),
          }),
        },
      ],
    })
    const [beside, beaconRun] = await Promise.all([pageLoad(), beacons])
    const ratio = beside.requests.average / alone.requests.average
    check(
      ratio >= BUDGET.throughputRatio,
      `cached /shopify with ${BEACONS_PER_SECOND} beacons/s beside it: ${beside.requests.average.toFixed(0)} req/s vs ${alone.requests.average.toFixed(0)} alone (×${ratio.toFixed(2)}, budget ≥ ×${BUDGET.throughputRatio}); beacons answered ${beaconRun.requests.average.toFixed(0)}/s (p99 ${beaconRun.latency.p99} ms): 2xx ${beaconRun['2xx']}, non-2xx ${beaconRun.non2xx}, errors ${beaconRun.errors}, timeouts ${beaconRun.timeouts}`,
    )

    const { serviceRoleKey } = JSON.parse(await readFile(join(dataDir, 'keys.json'), 'utf8')) as { serviceRoleKey: string }
    const service = createClient<Database>(url, serviceRoleKey, { auth: { persistSession: false }, realtime: { transport: ws as never } })
    let seedStart = performance.now()
    let written = 0
    for (const batch of syntheticYear(YEAR_VIEWS)) {
      const { error } = await service.rpc('record_analytics', { events: batch })
      if (error) throw new Error(`record_analytics: ${error.message}`)
      written += batch.length
    }
    const seedMs = performance.now() - seedStart
    seedStart = performance.now()
    const { error: rollError } = await service.rpc('analytics_roll_up', { p_today: madridDay() })
    if (rollError) throw new Error(`analytics_roll_up: ${rollError.message}`)
    lines.push(
      `  ---- a synthetic year: ${written.toLocaleString('en')} events written in ${(seedMs / 1000).toFixed(0)} s, 364 days rolled up in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    )

    const { client } = await signInStaff(url, staff)
    const today = madridDay()
    const daysAgo = (n: number) => madridDay(Date.now() - n * 86_400_000)
    const periods: [string, string, number][] = [
      ['12 months', daysAgo(364), BUDGET.yearP95Ms],
      ['30 days', daysAgo(29), BUDGET.periodP95Ms],
      ['7 days', daysAgo(6), BUDGET.periodP95Ms],
      ['today', today, BUDGET.periodP95Ms],
    ]
    for (const [name, from, budget] of periods) {
      const times: number[] = []
      for (let i = 0; i < 20; i++) {
        const start = performance.now()
        const { error } = await client.rpc('analytics_report', { p_from: from, p_to: today })
        if (error) throw new Error(`analytics_report: ${error.message}`)
        times.push(performance.now() - start)
      }
      const p95 = percentile(times, 95)
      check(p95 <= budget, `«Analítica» ${name}: p95 ${p95.toFixed(0)} ms, p50 ${percentile(times, 50).toFixed(0)} ms (budget p95 ≤ ${budget} ms)`)
    }
  } finally {
    server.child.kill('SIGTERM')
    await new Promise((resolve) => server.child.once('exit', resolve))
    await rm(dataDir, { recursive: true, force: true })
  }
  return { lines, ok }
}
