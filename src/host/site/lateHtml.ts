import { randomUUID } from 'node:crypto'

/**
 * HTML spliced into a page after Vike has rendered it. Vike injects its tags by searching and copying the
 * whole page string several times, and React copies it again: with a 1 MB post body inside, that held the
 * server's event loop for a hundred milliseconds or more on every render. A component hands the large,
 * already-sanitised HTML to this sink and renders a placeholder; the live site (./liveSite.ts) splices the
 * HTML in with one pass once the page is complete. Where no sink is given (the build's prerender, tests)
 * components render the HTML in place, as before.
 *
 * Hand-written: a placeholder swap with a per-render random marker, which no library does for Vike's output.
 */
export class LateHtml {
  // A comment a page's text cannot forge: text is escaped (`&lt;!--`), post bodies are sanitised (no
  // comments), and the marker is random per render.
  private readonly marker = `<!--late-html:${randomUUID()}:`
  private readonly parts: string[] = []

  /** The placeholder to render where `html` belongs. */
  add(html: string): string {
    this.parts.push(html)
    return `${this.marker}${this.parts.length - 1}-->`
  }

  /** `page` with every placeholder replaced by its HTML. */
  splice(page: string): string {
    if (this.parts.length === 0) return page
    return page.replace(new RegExp(`${this.marker}(\\d+)-->`, 'g'), (_, index: string) => this.parts[Number(index)] ?? '')
  }
}
