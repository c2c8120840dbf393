// Webhooks under a burst of leads (docs/webhooks.md), on `npm start` as its own process with five endpoints on
// this machine (WEBHOOKS_ALLOW_LOOPBACK), one of which never answers:
// - 50 contact-form posts in 10 s (one every 200 ms, without the proof of work, as leads.ts sends them) first with
//   no endpoint, then, on the same server, with the five: the form's POST p95 with endpoints against without
//   (budget: ≤ 1.5×; the visitor's post never waits on an endpoint, the database queues the deliveries).
// - From each post's start to the moment each healthy endpoint receives its lead.created: p95 over the 4 × 50
//   deliveries (budget: ≤ 3 s, the service polls the queue every second), while the fifth endpoint holds its slots
//   until each attempt times out.
import { createClient } from '@supabase/supabase-js'
import { createServer, type Server } from 'node:http'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import ws from 'ws'
import type { Database } from '../../src/lib/database.types.ts'
import { percentile } from './percentile.ts'
import { startBenchServer } from './server.ts'

const LEADS = 50
const SPREAD_MS = 10_000
const HEALTHY = 4
const BUDGET = { postRatio: 1.5, deliveryP95Ms: 3000 }
const verdict = (ok: boolean) => (ok ? 'ok  ' : 'MISS')

/** A receiver that notes when each lead's message arrives; `silent` never answers. */
async function receiver(silent: boolean) {
  const arrivals = new Map<string, number>()
  const server: Server = createServer((req, res) => {
    if (silent) return
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      const payload = JSON.parse(body) as { data: { message?: string } }
      if (payload.data.message) arrivals.set(payload.data.message, performance.now())
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    arrivals,
    close: () => {
      server.closeAllConnections()
      server.close()
    },
  }
}

/** 50 form posts, one every 200 ms; each post's start time by its message, and each post's latency. */
async function burst(url: string, label: string): Promise<{ started: Map<string, number>; latencies: number[]; refused: number }> {
  const tokens: string[] = []
  for (let i = 0; i < LEADS; i++) tokens.push(((await (await fetch(`${url}/api/contacto`)).json()) as { token: string }).token)
  // A time token is accepted 3 s after it was issued.
  await new Promise((resolve) => setTimeout(resolve, 3100))
  const started = new Map<string, number>()
  const latencies: number[] = []
  let refused = 0
  await Promise.all(
    tokens.map(async (token, i) => {
      await new Promise((resolve) => setTimeout(resolve, (i * SPREAD_MS) / LEADS))
      const message = `Bench webhooks ${label} ${i}`
      const t0 = performance.now()
      started.set(message, t0)
      const res = await fetch(`${url}/shopify`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: new URLSearchParams({ name: 'Ana Bench', email: 'ana@example.com', service: 'shopify', message, privacy: 'on', token }).toString(),
      })
      await res.arrayBuffer()
      // 303 to the thank-you page, or 200 with the JSON answer; a 503 means the lead was spooled, not stored.
      if (res.status >= 400) refused += 1
      else latencies.push(performance.now() - t0)
    }),
  )
  return { started, latencies, refused }
}

export async function benchWebhooks(root: string): Promise<{ lines: string[]; ok: boolean }> {
  const dataDir = await mkdtemp(join(root, '.tmp', 'bench-webhooks-'))
  const server = await startBenchServer(
    root,
    dataDir,
    { email: 'bench-webhooks@example.com', password: 'bench-webhooks-password-123' },
    { LEADS_RATE_LIMIT: '1000000', WEBHOOKS_ALLOW_LOOPBACK: '1' },
  )
  const receivers = await Promise.all([...Array.from({ length: HEALTHY }, () => receiver(false)), receiver(true)])
  const lines = [
    `webhooks, ${LEADS} leads in ${SPREAD_MS / 1000} s, 5 endpoints (one never answers) (${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)} at start)`,
  ]
  let ok = true
  try {
    const { url } = server
    const { serviceRoleKey } = JSON.parse(await readFile(join(dataDir, 'keys.json'), 'utf8')) as { serviceRoleKey: string }
    const service = createClient<Database>(url, serviceRoleKey, { auth: { persistSession: false }, realtime: { transport: ws as never } })
    const page = await fetch(`${url}/shopify`)
    if (page.status !== 200) throw new Error(`${url}/shopify answered ${page.status}: build first (BUILD_OUT_DIR=… npx vike build)`)

    const alone = await burst(url, 'sin destinos')

    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`
    const { error } = await service
      .from('webhook_endpoints')
      .insert(receivers.map((r, i) => ({ name: `Bench ${i}`, url: r.url, events: ['lead.created'], secret })))
    if (error) throw new Error(error.message)
    // The server checks each address (a second or two) before it sends anything.
    for (let waited = 0; ; waited += 250) {
      const { count } = await service.from('webhook_endpoints').select('id', { count: 'exact', head: true }).eq('state', 'active')
      if (count === receivers.length) break
      if (waited > 20_000) throw new Error('endpoints not checked in 20 s')
      await new Promise((resolve) => setTimeout(resolve, 250))
    }

    const withEndpoints = await burst(url, 'con destinos')
    const healthy = receivers.slice(0, HEALTHY)
    for (let waited = 0; healthy.some((r) => r.arrivals.size < LEADS) && waited < 60_000; waited += 250)
      await new Promise((resolve) => setTimeout(resolve, 250))

    const delays = healthy.flatMap((r) => [...r.arrivals].map(([message, at]) => at - withEndpoints.started.get(message)!))
    const received = delays.length
    const postAlone = percentile(alone.latencies, 95)
    const postWith = percentile(withEndpoints.latencies, 95)
    const ratio = postWith / postAlone
    const deliveryP95 = percentile(delays, 95)
    const postOk = ratio <= BUDGET.postRatio && alone.refused + withEndpoints.refused === 0
    const deliveryOk = received === HEALTHY * LEADS && deliveryP95 <= BUDGET.deliveryP95Ms
    ok = postOk && deliveryOk
    lines.push(
      `  ${verdict(postOk)} form POST p95 ${postWith.toFixed(0)} ms with the endpoints, ${postAlone.toFixed(0)} ms without: ${ratio.toFixed(2)}× (budget ≤ ${BUDGET.postRatio}×); ${alone.refused + withEndpoints.refused} posts not stored (budget 0)`,
      `  ${verdict(deliveryOk)} lead to delivery on the ${HEALTHY} healthy endpoints: p50 ${percentile(delays, 50).toFixed(0)} ms, p95 ${deliveryP95.toFixed(0)} ms, ${received}/${HEALTHY * LEADS} received (budget p95 ≤ ${BUDGET.deliveryP95Ms} ms, all received; load ${loadavg()[0]!.toFixed(1)} at end)`,
    )
  } finally {
    for (const r of receivers) r.close()
    server.child.kill('SIGTERM')
    await new Promise((resolve) => server.child.once('exit', resolve))
    await rm(dataDir, { recursive: true, force: true })
  }
  return { lines, ok }
}
