// The webhooks service of the host (docs/webhooks.md, docs/decisions/0095-signed-webhooks-from-a-queue.md).
//
// - Endpoints in state `checking` (new, or their URL changed) have their address checked (./addresses.ts) and
//   become `active` or `refused` with the reason the admin reads.
// - Due deliveries of active endpoints (public.webhook_deliveries, queued by the database's triggers on leads)
//   are claimed atomically (so two servers never send one twice), signed and sent, several at once but never
//   more than PER_ENDPOINT to one endpoint: a slow or dead endpoint delays nobody else's deliveries.
// - A failed attempt is retried with exponential backoff for about 27 h (the Standard Webhooks schedule); an
//   endpoint failing for PAUSE_AFTER_MS without a success is paused and the admins are told by e-mail.
// Everything goes through the service-role client, so a hosted Supabase project works the same.
import type { SupabaseClient } from '@supabase/supabase-js'
import { runJob } from '#src/backend/log.ts'
import { setMaxListeners } from 'node:events'
import type { Database } from '../../lib/database.types.ts'
import type { Message } from '../../mail/message.ts'
import { urlRefusal } from './addresses.ts'
import { signedRequest } from './message.ts'
import { send, type AttemptResult } from './send.ts'

/** After the first attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (27 h 35 min in all), then no more. */
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000]
export const PAUSE_AFTER_MS = 24 * 3_600_000
const CONCURRENCY = 16
const PER_ENDPOINT = 4
const LEASE_SECONDS = 120

export interface WebhooksDeps {
  service: SupabaseClient<Database>
  mailer: { send(message: Message): Promise<void> }
  /** The site's public URL: the pause e-mail links to its admin. */
  adminUrl: string
  /** WEBHOOKS_ALLOW_LOOPBACK (tests only). */
  allowLoopback: boolean
  /** WEBHOOKS_TIMEOUT_MS: how long one attempt may take. */
  timeoutMs: number
  /** How often the queue and the endpoints to check are looked at. */
  pollMs?: number
}

type Claimed = Database['public']['Functions']['claim_webhook_deliveries']['Returns'][number]

export function startWebhooks(deps: WebhooksDeps) {
  const { service } = deps
  const pollMs = deps.pollMs ?? 1000
  const inFlight = new Map<string, number>()
  const sending = new Set<Promise<void>>()
  const checking = new Set<string>()
  const stopping = new AbortController()
  // Every attempt in flight listens to it (up to CONCURRENCY at once): not a leak.
  setMaxListeners(CONCURRENCY + 1, stopping.signal)
  let passing: Promise<void> | undefined
  let again = false
  const warn = (what: string, error: unknown) => console.warn(`[webhooks] ${what}: ${error instanceof Error ? error.message : String(error)}`)

  /** Turns each endpoint waiting for its check active or refused (a URL changed meanwhile is checked again); how many it began. */
  async function checkEndpoints(): Promise<number> {
    const { data, error } = await service.from('webhook_endpoints').select('id, url').eq('state', 'checking')
    if (error) throw new Error(error.message)
    const toCheck = data.filter((e) => !checking.has(e.id))
    for (const endpoint of toCheck) {
      checking.add(endpoint.id)
      void urlRefusal(endpoint.url, deps.allowLoopback)
        .then(async (refusal) => {
          const { error: updateError } = await service
            .from('webhook_endpoints')
            .update({ state: refusal ? 'refused' : 'active', state_reason: refusal })
            .eq('id', endpoint.id)
            .eq('state', 'checking')
            .eq('url', endpoint.url)
          if (updateError) throw new Error(updateError.message)
          if (refusal) console.warn(`[webhooks] endpoint ${endpoint.id} refused: ${refusal}`)
          else wake()
        })
        .catch((e: unknown) => warn(`endpoint ${endpoint.id} not checked`, e))
        .finally(() => checking.delete(endpoint.id))
    }
    return toCheck.length
  }

  /** Claims what the free slots can take and sends it, without waiting for the answers; how many it claimed. */
  async function claimAndSend(): Promise<number> {
    const free = CONCURRENCY - [...inFlight.values()].reduce((a, b) => a + b, 0)
    if (free <= 0 || stopping.signal.aborted) return 0
    const busy = [...inFlight].filter(([, n]) => n >= PER_ENDPOINT).map(([id]) => id)
    const { data, error } = await service.rpc('claim_webhook_deliveries', {
      p_batch: free,
      p_per_endpoint: PER_ENDPOINT,
      p_lease_seconds: LEASE_SECONDS,
      p_skip: busy,
    })
    if (error) throw new Error(error.message)
    for (const delivery of data) {
      inFlight.set(delivery.endpoint_id, (inFlight.get(delivery.endpoint_id) ?? 0) + 1)
      const sent = deliver(delivery)
        .catch((e: unknown) => warn(`delivery ${delivery.id} not recorded (retried after its lease)`, e))
        .finally(() => {
          sending.delete(sent)
          const left = (inFlight.get(delivery.endpoint_id) ?? 1) - 1
          if (left > 0) inFlight.set(delivery.endpoint_id, left)
          else inFlight.delete(delivery.endpoint_id)
          wake()
        })
      sending.add(sent)
    }
    return data.length
  }

  async function deliver(delivery: Claimed): Promise<void> {
    const { body, headers } = signedRequest(delivery)
    const outcome = await send(delivery.url, body, headers, { timeoutMs: deps.timeoutMs, allowLoopback: deps.allowLoopback, signal: stopping.signal })
    if (stopping.signal.aborted) return
    const delay = outcome.error ? (RETRY_DELAYS_MS[delivery.attempts - 1] ?? null) : null
    if (outcome.error) console.warn(`[webhooks] delivery ${delivery.id} (${delivery.event}) failed, attempt ${delivery.attempts}: ${outcome.error}`)
    await record(delivery, outcome, delay === null ? null : new Date(Date.now() + delay))
  }

  async function record(delivery: Claimed, outcome: AttemptResult, retryAt: Date | null): Promise<void> {
    const { data, error } = await service.rpc('record_webhook_attempt', {
      p_delivery: delivery.id,
      p_status: outcome.status as number,
      p_duration_ms: outcome.durationMs,
      p_error: outcome.error as string,
      p_response_body: outcome.body as string,
      // null, not undefined: supabase-js drops undefined arguments, and PostgREST then finds no such function.
      p_retry_at: (retryAt?.toISOString() ?? null) as string,
      p_pause_after_seconds: PAUSE_AFTER_MS / 1000,
    })
    if (error) throw new Error(error.message)
    const paused = data as { paused: boolean; endpoint?: string; admins?: string[] }
    if (paused.paused) await tellAdmins(paused.endpoint ?? '', paused.admins ?? [])
  }

  async function tellAdmins(endpoint: string, admins: string[]): Promise<void> {
    console.warn(`[webhooks] endpoint «${endpoint}» paused after failing for ${PAUSE_AFTER_MS / 3_600_000} h; telling ${admins.length} admin(s)`)
    for (const to of admins)
      await deps.mailer.send({
        to,
        subject: `Integración en pausa: ${endpoint.replace(/[\r\n]/g, ' ')}`,
        text:
          `El destino de avisos «${endpoint}» lleva ${PAUSE_AFTER_MS / 3_600_000} horas fallando sin interrupción y se ha pausado.\n\n` +
          'Los avisos pendientes se conservan: se enviarán cuando lo reanudes. Revisa el registro de entregas (código de respuesta y error ' +
          `de cada intento) en ${deps.adminUrl}/admin, pestaña «Integraciones».\n`,
      })
  }

  /** One pass at a time; a call during a pass runs another after it. */
  function wake(): void {
    if (stopping.signal.aborted) return
    if (passing) {
      again = true
      return
    }
    // One log line per pass (decision 0098): debug when nothing was waiting, as every second's poll mostly is.
    passing = runJob(
      'webhook deliveries',
      () => Promise.all([checkEndpoints(), claimAndSend()]),
      ([checked, claimed]) => ({ checked, claimed }),
    )
      .then(() => undefined)
      .catch((e: unknown) => warn(`queue unreachable, retrying in ${pollMs} ms`, e))
      .finally(() => {
        passing = undefined
        if (again) {
          again = false
          wake()
        }
      })
  }

  const timer = setInterval(wake, pollMs)
  timer.unref()
  wake()
  return {
    /** Looks at the queue now (the bench and tests; the poll does it within pollMs anyway). */
    wake,
    async close(): Promise<void> {
      clearInterval(timer)
      // Attempts in flight are cut: unrecorded, they are sent again once their lease ends (same webhook-id).
      stopping.abort()
      await passing
      await Promise.all(sending)
    },
  }
}
