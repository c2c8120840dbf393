// Rendered answers kept in memory per URL and CMS revision, with their brotli and gzip forms made once each,
// off the event loop. An entry of an older revision is rendered again on its next request (never served
// stale); rendering one URL at one revision is a single flight however many visitors ask at once; a 5xx
// answer is not kept. A bounded map: the oldest entry goes first.
import { createHash } from 'node:crypto'
import { channel } from 'node:diagnostics_channel'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

export interface Rendered {
  status: number
  /** Names in lower case. */
  headers: Record<string, string>
  body: Buffer
  /** The body's quick brotli form (`compress(body, 'br')`), when whoever rendered it made one already. */
  brotli?: Buffer
}

export interface CachedAnswer extends Rendered {
  revision: string
  etag: string
  encoded: Partial<Record<Encoding, Promise<Buffer>>>
}

type Encoding = 'br' | 'gzip'

/**
 * Each render the cache starts is published here ({ key, revision }), for whoever measures the server
 * (`npm run bench` counts renders per burst of visitors); nothing is sent when nobody subscribes.
 */
export const renderChannel = channel('agencia-web:page-render')

export class PageCache {
  private readonly entries = new Map<string, CachedAnswer>()
  private readonly inFlight = new Map<string, Promise<CachedAnswer>>()

  constructor(private readonly maxEntries = 2000) {}

  async get(key: string, revision: string, render: () => Promise<Rendered>): Promise<CachedAnswer> {
    const hit = this.entries.get(key)
    if (hit && hit.revision === revision) return hit
    const flightKey = `${revision} ${key}`
    let pending = this.inFlight.get(flightKey)
    if (!pending) {
      if (renderChannel.hasSubscribers) renderChannel.publish({ key, revision })
      pending = render()
        .then((answer) => this.store(key, revision, answer))
        .finally(() => this.inFlight.delete(flightKey))
      this.inFlight.set(flightKey, pending)
    }
    return pending
  }

  private store(key: string, revision: string, { brotli: quickBrotli, ...answer }: Rendered): CachedAnswer {
    const entry: CachedAnswer = { ...answer, revision, etag: `"${createHash('sha1').update(answer.body).digest('base64url')}"`, encoded: {} }
    // Brotli's forms are made now, not at the first request: every browser a visitor uses asks for brotli, and a
    // page rendered ahead of its visitors (a start's warm-up) is then served in its best form from the first.
    if (entry.body.length >= MIN_COMPRESSED_BYTES) void startBrotli(entry, quickBrotli ? Promise.resolve(quickBrotli) : compress(entry.body, 'br'))
    // A failure (the backend did not answer) is served once, never kept: the next request tries again.
    if (answer.status >= 500) return entry
    this.entries.delete(key)
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
    this.entries.set(key, entry)
    return entry
  }
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * Brotli's quality by size: 6 for pages (a few ms), lower for large bodies so the cost stays proportional to
 * the page; the work runs in libuv's thread pool, never on the event loop.
 */
export function brotliQuality(bytes: number): number {
  return bytes <= 256 * 1024 ? 6 : bytes <= 1024 * 1024 ? 5 : 4
}

/** The body in `encoding`, in libuv's thread pool; brotli at `brotliQuality` unless told. */
export function compress(body: Buffer, encoding: Encoding, quality = brotliQuality(body.length)): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body, { level: 6 })
}

/** Accept-Encoding names an encoding, not with q=0. */
const ACCEPTS: Record<Encoding, RegExp> = { br: /\bbr\b(?!;q=0(\.0*)?\b)/, gzip: /\bgzip\b(?!;q=0(\.0*)?\b)/ }

/**
 * Pages up to this size get brotli's best quality (11) as well, once the quick form is ready: about a
 * tenth smaller than quality 6 (the home page 19.4 → 17.2 kB), which can keep a page within the first
 * round trip of a new connection (TCP's initial window, about 14.6 kB), for 50–150 ms of one thread-pool
 * thread per page and revision. The first visitors get the quick form, so a publish is not served later.
 */
export const BEST_BROTLI_MAX_BYTES = 256 * 1024

/**
 * How much of a page's best form fits in a new connection's first round trip beside the response headers
 * (docs/decisions/0080-first-page-in-the-first-round-trip.md): a page over it costs a phone a round trip.
 */
export const FIRST_ROUND_TRIP_BYTES = 13_500

/** The quick form's size above which the best one (about a tenth smaller) is over `FIRST_ROUND_TRIP_BYTES`. */
export const QUICK_FORM_OVER_FIRST_ROUND_TRIP = Math.round(FIRST_ROUND_TRIP_BYTES / 0.9)

/** A smaller body is served as it is: compressing it would save less than the headers it adds. */
const MIN_COMPRESSED_BYTES = 1024

/** Serves `quick` at once, then the best form once it is made (pages up to `BEST_BROTLI_MAX_BYTES`). */
function startBrotli(entry: CachedAnswer, quick: Promise<Buffer>): Promise<Buffer> {
  entry.encoded.br = quick
  quick
    .then((made) => (entry.body.length <= BEST_BROTLI_MAX_BYTES ? compress(entry.body, 'br', constants.BROTLI_MAX_QUALITY) : made))
    .then(
      (best) => {
        entry.encoded.br = Promise.resolve(best)
      },
      () => {}, // the quick form stays (a request awaiting it gets its error)
    )
  return quick
}

/** The body in the best encoding the client accepts: brotli's forms are made when the entry is (above), gzip's on demand. */
export async function encodedBody(entry: CachedAnswer, acceptEncoding: string | undefined): Promise<{ body: Buffer; encoding?: Encoding }> {
  if (entry.body.length < MIN_COMPRESSED_BYTES) return { body: entry.body }
  const encoding = ACCEPTS.br.test(acceptEncoding ?? '') ? 'br' : ACCEPTS.gzip.test(acceptEncoding ?? '') ? 'gzip' : undefined
  if (!encoding) return { body: entry.body }
  const body =
    entry.encoded[encoding] ??
    (encoding === 'br' ? startBrotli(entry, compress(entry.body, 'br')) : (entry.encoded.gzip = compress(entry.body, 'gzip')))
  return { body: await body, encoding }
}
