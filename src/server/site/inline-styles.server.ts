// A rendered public page carries its stylesheet in a <style> element instead of linking it, so the first
// paint waits for no second request (docs/decisions/0077-inline-site-stylesheet.md). The public sheet is
// the site's alone (src/styles/site.css: no admin class), small enough compressed to ride along with
// every page; a per-page critical subset (beasties) was measured and kept most of it at a far higher cost.
// Hand-written: Vike injects stylesheet links itself and has no option to inline them.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const STYLESHEET_LINK = /<link rel="stylesheet" type="text\/css" href="(\/assets\/[\w./-]+\.css)">/g

export function createStyleInliner(clientRoot: string) {
  // File names carry their content's hash: a sheet read once is good for the life of the build.
  const sheets = new Map<string, string>()
  const sheet = (href: string) => {
    let css = sheets.get(href)
    if (css === undefined) {
      css = readFileSync(join(clientRoot, href), 'utf8')
      sheets.set(href, css)
    }
    return css
  }
  /** The page's HTML with each of its build's stylesheet links replaced by the sheet itself. */
  return (html: string): string =>
    html.replace(STYLESHEET_LINK, (_link, href: string) => `<style>${sheet(href).replaceAll('</style', '<\\/style')}</style>`)
}
