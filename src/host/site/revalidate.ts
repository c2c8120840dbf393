// POST /api/revalidate: the hosted project's database webhook (docs/backend.md) tells this server that
// the CMS changed, so the next request re-reads the revision at once instead of within its polling
// window. It carries REVALIDATE_SECRET as a bearer token; without the secret configured the endpoint is off.
import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

export const REVALIDATE_PATH = '/api/revalidate'

export function revalidateAnswer(req: IncomingMessage, res: ServerResponse, secret: string | undefined, expire: () => void): void {
  req.resume() // the webhook's body (the changed row) is not needed: the revision says everything
  const reply = (status: number, body: object) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
    res.end(JSON.stringify(body))
  }
  if (!secret) return reply(404, { message: 'Not found' })
  const given = Buffer.from(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '')
  const expected = Buffer.from(secret)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return reply(401, { message: 'Invalid revalidation secret' })
  expire()
  reply(202, { revalidating: true })
}
