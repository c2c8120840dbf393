// Rendered answers kept in memory per URL and CMS revision, with their gzip and brotli forms made once.
// An entry of an older revision is rendered again on its next request (never served stale); rendering
// one URL twice at once is coalesced; a 5xx answer is not kept. A bounded map: the oldest entry goes first.
import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

export interface Rendered {
  status: number
  /** Names in lower case. */
  headers: Record<string, string>
  body: Buffer
}

export interface CachedAnswer extends Rendered {
  revision: number
  etag: string
  encoded: Partial<Record<'br' | 'gzip', Buffer>>
}

export class PageCache {
  private readonly entries = new Map<string, CachedAnswer>()
  private readonly inFlight = new Map<string, Promise<CachedAnswer>>()

  constructor(private readonly maxEntries = 2000) {}

  async get(key: string, revision: number, render: () => Promise<Rendered>): Promise<CachedAnswer> {
    const hit = this.entries.get(key)
    if (hit && hit.revision === revision) return hit
    const flightKey = `${revision} ${key}`
    let pending = this.inFlight.get(flightKey)
    if (!pending) {
      pending = render()
        .then((answer) => this.store(key, revision, answer))
        .finally(() => this.inFlight.delete(flightKey))
      this.inFlight.set(flightKey, pending)
    }
    return pending
  }

  private store(key: string, revision: number, answer: Rendered): CachedAnswer {
    const entry: CachedAnswer = { ...answer, revision, etag: `"${createHash('sha1').update(answer.body).digest('base64url')}"`, encoded: {} }
    // A failure (the backend did not answer) is served once, never kept: the next request tries again.
    if (answer.status >= 500) return entry
    this.entries.delete(key)
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
    this.entries.set(key, entry)
    return entry
  }
}

/** The body in the best encoding the client accepts, compressed once per entry. */
export function encodedBody(entry: CachedAnswer, acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } {
  if (entry.body.length < 1024) return { body: entry.body }
  const accepts = (name: string) => new RegExp(`\\b${name}\\b(?!;q=0(\\.0*)?\\b)`).test(acceptEncoding ?? '')
  const encoding = accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : undefined
  if (!encoding) return { body: entry.body }
  entry.encoded[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length } })
      : gzipSync(entry.body, { level: 6 })
  return { body: entry.encoded[encoding], encoding }
}
