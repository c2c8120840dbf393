// Webhook retries over a simulated day and more (docs/webhooks.md, «Delivery»): the host's webhooks service
// (src/host/webhooks/startWebhooks.ts) against a backend of its own and a real receiver that always answers 500.
// Nobody waits 24 h: after each attempt the test moves the rows' times back by the delay the service chose
// (failing_since, retrying_since, next_attempt_at, attempted_at), as if that time had passed, and wakes it.
// What an admin notices: the failing deliveries are retried with a growing delay for at least 24 h, then the
// endpoint is paused and every admin gets one e-mail, through the product's mailer, however many deliveries
// failed at once; an old, isolated failure does not cut a new delivery's window short.
import { randomBytes, randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { PAUSE_AFTER_MS, startWebhooks } from '#src/host/webhooks/startWebhooks.ts'
import { Mailer } from '#src/mail/mailer.server.ts'
import { restMailQueue } from '#src/mail/queue.server.ts'
import { outboxTransport } from '#src/mail/transport.server.ts'
import { account, client, embeddedOnly, isHosted, startTarget, type Account, type Target } from './target.ts'

let target: Target
let service: ReturnType<typeof client>
let admins: Account[]
let outbox: string
let webhooks: ReturnType<typeof startWebhooks>
let requests = 0
const receiver = createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    requests += 1
    res.writeHead(500).end('no disponible')
  })
})
const endpointName = `CRM caído ${randomUUID().slice(0, 8)}`
let endpointId: string

beforeAll(async () => {
  if (isHosted) return
  target = await startTarget()
  service = client(target, target.serviceRoleKey)
  admins = [await account(target, { staff: true, role: 'admin' }), await account(target, { staff: true, role: 'admin' })]
  await account(target, { staff: true, role: 'editor' })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const { data, error } = await service
    .from('webhook_endpoints')
    .insert({
      name: endpointName,
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      events: ['lead.created'],
      secret: `whsec_${randomBytes(24).toString('base64')}`,
      state: 'active',
    })
    .select('id')
    .single()
  if (error) throw new Error(error.message)
  endpointId = data.id
  outbox = await mkdtemp(join(tmpdir(), 'webhook-retries-'))
  // No poll: the test wakes the service itself, once the rows' times have all been moved.
  const mailer = new Mailer(restMailQueue(service), outboxTransport(outbox, 'web@example.com'))
  webhooks = startWebhooks({ service, mailer, adminUrl: 'http://admin.test', allowLoopback: true, timeoutMs: 5000, pollMs: 3_600_000 })
})
afterAll(async () => {
  await webhooks?.close()
  receiver.close()
  await target?.close()
  if (outbox) await rm(outbox, { recursive: true, force: true })
})

const wrote = ({ error }: { error: { message: string } | null }): void => {
  if (error) throw new Error(error.message)
}
const check = <T>({ data, error }: { data: T; error: { message: string } | null }): NonNullable<T> => {
  if (error || data === null || data === undefined) throw new Error(error?.message ?? 'no answer')
  return data
}

async function newLead(n: number): Promise<string> {
  const row = { name: `Persona ${n}`, email: `persona.${n}@example.com`, message: 'Hola', page_path: '/contacto' }
  const lead = check(await service.from('leads').insert(row).select('id').single())
  const delivery = check(await service.from('webhook_deliveries').select('id').eq('lead_id', lead.id).single())
  return delivery.id
}

const deliveries = async (ids: string[]) =>
  check(await service.from('webhook_deliveries').select('id, attempts, locked_until, next_attempt_at, gave_up_at, retrying_since').in('id', ids))

const endpointState = async () => check(await service.from('webhook_endpoints').select('state, failing_since').eq('id', endpointId).single())

/** Wakes the service and waits until each of `ids` has `attempts` attempts recorded. */
async function attempted(ids: string[], attempts: number): Promise<Awaited<ReturnType<typeof deliveries>>> {
  webhooks.wake()
  return vi.waitFor(
    async () => {
      const rows = await deliveries(ids)
      if (rows.some((d) => d.attempts < attempts || d.locked_until !== null)) throw new Error(`waiting for attempt ${attempts}`)
      return rows
    },
    { timeout: 20_000, interval: 50 },
  )
}

const earlier = (iso: string | null, ms: number) => (iso === null ? null : new Date(Date.parse(iso) - ms).toISOString())

/** As if `ms` had passed: every time this endpoint's rows hold moves that far into the past. */
async function advance(ms: number): Promise<void> {
  const endpoint = await endpointState()
  wrote(
    await service
      .from('webhook_endpoints')
      .update({ failing_since: earlier(endpoint.failing_since, ms) })
      .eq('id', endpointId),
  )
  const rows = check(await service.from('webhook_deliveries').select('id, created_at, next_attempt_at, retrying_since').eq('endpoint_id', endpointId))
  for (const d of rows) {
    const moved = {
      created_at: earlier(d.created_at, ms)!,
      next_attempt_at: earlier(d.next_attempt_at, ms)!,
      retrying_since: earlier(d.retrying_since, ms),
    }
    wrote(await service.from('webhook_deliveries').update(moved).eq('id', d.id))
    for (const a of check(await service.from('webhook_attempts').select('id, attempted_at').eq('delivery_id', d.id)))
      wrote(
        await service
          .from('webhook_attempts')
          .update({ attempted_at: earlier(a.attempted_at, ms)! })
          .eq('id', a.id),
      )
  }
}

const pauseMails = async () =>
  check(await service.from('mail_queue').select('message').eq('message->>subject', `Integración en pausa: ${endpointName}`)).map(
    (m) => (m.message as { to: string }).to,
  )

describe('a receiver that keeps failing', () => {
  it.skipIf(isHosted)(
    `is retried with a growing delay for at least 24 h, then paused with one e-mail to each admin ${embeddedOnly}`,
    { timeout: 120_000 },
    async () => {
      // Three days ago one delivery failed once and was then cancelled (its lead erased): the endpoint has had no
      // success since, but nothing was being retried.
      const old = await newLead(0)
      await attempted([old], 1)
      wrote(await service.from('webhook_deliveries').update({ payload: null }).eq('id', old))
      await advance(3 * 24 * 3_600_000)

      // Two new leads, failing together from now on.
      const failing = [await newLead(1), await newLead(2)]
      let elapsed = 0
      const delays: number[] = []
      let pausedAt: number | undefined
      for (let attempt = 1; ; attempt += 1) {
        const rows = await attempted(failing, attempt)
        if ((await endpointState()).state === 'paused') {
          expect(elapsed, `paused at attempt ${attempt}, ${(elapsed / 3_600_000).toFixed(1)} h after the first`).toBeGreaterThanOrEqual(
            PAUSE_AFTER_MS * 0.99,
          )
          pausedAt = elapsed
          break
        }
        if (rows.every((d) => d.gave_up_at !== null)) break
        expect(
          rows.some((d) => d.gave_up_at !== null),
          'both leads are retried alike',
        ).toBe(false)
        // The service chose when to try again: for both alike (within the moments between their answers).
        const nextAt = rows.map((d) => Date.parse(d.next_attempt_at))
        expect(Math.max(...nextAt) - Math.min(...nextAt)).toBeLessThan(2000)
        const delay = Math.max(...nextAt) - Date.now()
        expect(delay, `delay after attempt ${attempt}`).toBeGreaterThan(0)
        if (delays.length > 0) expect(delay, 'the delays grow').toBeGreaterThanOrEqual(delays.at(-1)! * 0.99)
        delays.push(delay)
        await advance(delay)
        elapsed += delay
      }

      expect(pausedAt, 'paused once its deliveries had failed for 24 h').toBeDefined()
      expect(requests).toBe(1 + 2 * (delays.length + 1))

      // One e-mail per admin, though both deliveries failed their last attempt after the pause's threshold.
      const everyAdmin = check(await service.from('staff').select('user_id').eq('role', 'admin')).length
      // The admins are told one after another once the endpoint is paused: wait for the last e-mail (a clean
      // clone's CI read the queue between the first and the second).
      await expect.poll(pauseMails).toHaveLength(everyAdmin)
      const mailed = await pauseMails()
      expect(new Set(mailed).size).toBe(mailed.length)
      for (const admin of admins) expect(mailed).toContain(admin.email)

      // Paused: a new lead waits, and nobody is mailed again.
      await newLead(3)
      webhooks.wake()
      await new Promise((resolve) => setTimeout(resolve, 1000))
      expect(requests).toBe(1 + 2 * (delays.length + 1))
      expect(await pauseMails()).toHaveLength(everyAdmin)
    },
  )
})
