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
import { compress, QUICK_FORM_OVER_FIRST_ROUND_TRIP } from './pageCache.ts'

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

  /**
   * The page as it is to be served; with its quick brotli form when that was made to decide and is the
   * page's own (the page cache then serves it instead of compressing the same body again).
   */
  async apply(html: string): Promise<{ html: string; brotli?: Buffer }> {
    if (!IMAGE_FIRST.test(html)) return { html }
    const link = STYLESHEET_LINK.exec(html)
    if (!link) return { html }
    const whole = html.length <= SAMPLE_CHARS
    const quick = await compress(Buffer.from(whole ? html : html.slice(0, SAMPLE_CHARS)), 'br')
    const unchanged = { html, ...(whole && { brotli: quick }) }
    if (quick.length <= QUICK_FORM_OVER_FIRST_ROUND_TRIP) return unchanged
    const css = await this.sheet(link[1]!)
    // A stylesheet that could end the element early stays a link (Tailwind writes no such text).
    if (css === null || css.includes('</style')) return unchanged
    return { html: html.replace(link[0], () => `<style>${css}</style>`) }
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
