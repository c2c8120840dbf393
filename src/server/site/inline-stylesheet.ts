// A page whose largest paint is an image fetched after its HTML, and whose HTML needs a phone's second round
// trip anyway, carries the site stylesheet inline (docs/decisions/0085-the-cover-before-the-script.md).
//
// Why: after the HTML a phone asks for the stylesheet and the image at once. Over HTTP/1.1 the stylesheet
// takes the page's open connection and the image waits for a new one (its handshake, then TCP's small first
// window), so the largest paint came 150-300 ms after the first. Inline, the stylesheet arrives within the
// HTML's second round trip at no extra wait, and the image has the open connection to itself. A page that
// fits in the first round trip keeps the link: inline, it would need a second one (measured on /blog).
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants } from 'node:zlib'

const brotli = promisify(brotliCompress)

/**
 * The page's HTML at brotli quality 6 above which it needs a second round trip: the best form a page is
 * served in (quality 11, ./page-cache.ts) is about a tenth smaller, and about 13.5 kB of it fit in a new
 * connection's first round trip besides the headers (docs/decisions/0080-first-page-in-the-first-round-trip.md).
 */
export const SECOND_ROUND_TRIP_BYTES = 15_000

/**
 * Only this much of a page is compressed to decide: a longer page whose first part alone needs a second round
 * trip needs one, and a large post costs no more than a page to decide.
 */
const SAMPLE_CHARS = 128 * 1024

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*? href="(\/assets\/[^"]+\.css)"[^>]*>/
/** An image the page asks for first: its likeliest largest paint (src/sections/ResponsiveImage.tsx). */
const IMAGE_FIRST = /<img\b[^>]*\bfetchpriority="high"/i

export class StylesheetInliner {
  private readonly sheets = new Map<string, Promise<string | null>>()

  /** `clientRoot`: the build's browser files (dist/client), where the stylesheet the link names is. */
  constructor(private readonly clientRoot: string) {}

  async apply(html: string): Promise<string> {
    if (!IMAGE_FIRST.test(html)) return html
    const link = STYLESHEET_LINK.exec(html)
    if (!link) return html
    const quick = await brotli(html.slice(0, SAMPLE_CHARS), { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } })
    if (quick.length <= SECOND_ROUND_TRIP_BYTES) return html
    const css = await this.sheet(link[1]!)
    // A stylesheet that could end the element early stays a link (Tailwind writes no such text).
    if (css === null || css.includes('</style')) return html
    return html.replace(link[0], () => `<style>${css}</style>`)
  }

  private sheet(href: string): Promise<string | null> {
    let sheet = this.sheets.get(href)
    if (!sheet) {
      sheet = readFile(join(this.clientRoot, href), 'utf8').catch(() => null)
      this.sheets.set(href, sheet)
    }
    return sheet
  }
}
