// POST /api/analitica: the page script's beacons (src/behaviors/beacon.ts), checked before anything is kept
// (docs/decisions/0091-cookie-free-analytics.md). Layers, in order: method, type and size of the body, its
// shape, prefetches and bots (answered 204, nothing kept), a path the site serves, the per-visitor and
// per-address rate limits. Every refusal is a 4xx with a short Spanish reason; nothing about the request
// but the event's few fields is kept.
import type { ClientAddress } from '#src/backend/clientAddress.ts'
import type { IncomingMessage, ServerResponse } from 'node:http'
import * as z from 'zod/mini'
import { BEACON_KINDS, MAX_BEACON_BYTES } from '../../analytics/events.ts'
import { readAgent } from '../../analytics/agent.server.ts'
import { normalisePath, referrerHost, utmOf } from '../../analytics/landing.ts'
import { visitorHash } from '../../analytics/visitor.server.ts'
import { RateLimiter } from '../../backend/rateLimit.ts'
import { readLimited } from '../../lib/readLimited.server.ts'
import type { DailySalt } from './dailySalt.ts'
import type { AnalyticsEvent, EventWriter } from './eventWriter.ts'

const beaconSchema = z.strictObject({
  k: z.enum(BEACON_KINDS),
  p: z.string().check(z.maxLength(512)),
  r: z.optional(z.string().check(z.maxLength(1024))),
  q: z.optional(z.string().check(z.maxLength(1024))),
})

export interface BeaconOptions {
  salt: DailySalt
  writer: EventWriter
  /** The site's host name: a referrer from it is the visit going on, not a source. */
  siteHost: string
  /** The client's address through the trusted reverse proxies (TRUST_PROXY): what the visitor hash and the limit use. */
  clientAddress: ClientAddress
  /** Events per visitor per minute (default 60) and per client address per minute (default 600). */
  perVisitor?: number
  perAddress?: number
}

/** Whether a path is one the site serves now (a route, a published post or page). */
export type IsPage = (path: string) => Promise<boolean>

export interface Beacons {
  handle(req: IncomingMessage, res: ServerResponse, isPage: IsPage): Promise<void>
  /** A lead stored from this request: the funnel's last step, tied to the visit by the same daily hash. */
  recordLead(req: IncomingMessage, path: string): Promise<void>
}

export function createBeacons(options: BeaconOptions): Beacons {
  const visitors = new RateLimiter(options.perVisitor ?? 60, 60_000)
  const addresses = new RateLimiter(options.perAddress ?? 600, 60_000)

  /** `address` is the client's, worked out once per request (it parses X-Forwarded-For through the trusted proxies). */
  async function visitorOf(address: string, userAgent: string): Promise<string> {
    const { salt } = await options.salt.current()
    return visitorHash(salt, address, userAgent, options.siteHost)
  }

  return {
    async handle(req, res, isPage) {
      const answer = (status: number, reason?: string) => {
        res.writeHead(status, { 'Cache-Control': 'no-store', ...(reason && { 'Content-Type': 'text/plain; charset=utf-8' }) })
        res.end(reason)
      }
      if (req.method !== 'POST') return answer(405, 'Solo POST')
      const type = (req.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase()
      if (type !== 'text/plain' && type !== 'application/json') return answer(415, 'Tipo de contenido no admitido')
      const body = await readLimited(req, MAX_BEACON_BYTES)
      if (body === null) return answer(413, 'Demasiado grande')
      const parsed = beaconSchema.safeParse(parseJson(body.toString('utf8')))
      if (!parsed.success) return answer(400, 'Evento no válido')
      // A prefetch or prerender is no visit; a bot, a crawler or a link previewer is no visitor.
      const purpose = [req.headers['sec-purpose'], req.headers['purpose']].join(' ')
      if (/prefetch|prerender/i.test(purpose)) return answer(204)
      const agent = readAgent(req.headers['user-agent'])
      if (!agent) return answer(204)
      const beacon = parsed.data
      const path = normalisePath(beacon.p)
      if (path === null || !(await isPage(path))) return answer(422, 'Página desconocida')
      const address = options.clientAddress(req)
      if (!addresses.allow(address)) return answer(429, 'Demasiados eventos')
      const visitor = await visitorOf(address, req.headers['user-agent']!)
      if (!visitors.allow(visitor)) return answer(429, 'Demasiados eventos')
      const event: AnalyticsEvent = { visitor, kind: beacon.k, path, occurred_at: new Date().toISOString() }
      if (beacon.k === 'pageview') {
        Object.assign(event, { referrer_host: referrerHost(beacon.r, options.siteHost), ...utmOf(beacon.q), ...agent })
      }
      return options.writer.offer(event) ? answer(204) : answer(503, 'Ocupado')
    },

    async recordLead(req, path) {
      const userAgent = req.headers['user-agent']
      const page = normalisePath(path)
      if (!userAgent || !readAgent(userAgent) || page === null) return
      options.writer.offer({
        visitor: await visitorOf(options.clientAddress(req), userAgent),
        kind: 'lead',
        path: page,
        occurred_at: new Date().toISOString(),
      })
    },
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
