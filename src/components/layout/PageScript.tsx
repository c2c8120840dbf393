import script from 'virtual:page-script'

/** The id of the last element of a public page's body: the first paint waits until the parser has reached it. */
const PAGE_END = 'page-end'

/**
 * The end of every public page's body: the inline bootstrap that fetches the page script once the first
 * content is on screen (renderer/pageBootstrap.ts, built by renderer/pageScript.ts), with that script's URLs
 * as data attributes (docs/decisions/0084-no-script-before-the-first-paint.md). Being a classic inline script
 * at the end of the body, it also makes parsing end only after the stylesheet: Chromium's autofill reads every
 * form's fields when parsing ends and forces a style and layout pass, which before the stylesheet laid out the
 * whole unstyled page (docs/decisions/0083-parsing-ends-after-the-stylesheet.md).
 */
export function PageScript() {
  return (
    <script
      id={PAGE_END}
      data-entry={script.entry}
      data-preloads={script.preloads.join(' ')}
      dangerouslySetInnerHTML={{ __html: script.bootstrap }}
    />
  )
}

/**
 * In the head: the first paint waits until the whole body is parsed (`<link rel="expect" blocking="render">`).
 * Without it Chromium painted whatever it had parsed when the stylesheet arrived, then laid out the rest in
 * one more long task after another; the pages are read from the top and parse in milliseconds, so one layout
 * of the whole page before the first paint costs less than several after it (decision 0084).
 */
export function PaintAfterParsing() {
  return <link rel="expect" href={`#${PAGE_END}`} blocking="render" />
}
