/**
 * Runs `start` once the browser has shown the page's first content (the Paint Timing API's
 * first-contentful-paint entry; `buffered` delivers it when the paint came before this script). Until
 * then the page's own script is a few hundred bytes: the stylesheet and the HTML have a phone's whole
 * connection to themselves, and nothing the page script loads can delay what the visitor sees first
 * (docs/decisions/0081-page-script-after-the-first-paint.md). A browser without the API starts at `load`.
 */
export function afterFirstPaint(start: () => void): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    if (document.readyState === 'complete') start()
    else addEventListener('load', start, { once: true })
    return
  }
  const observer = new PerformanceObserver((entries) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return
    observer.disconnect()
    start()
  })
  observer.observe({ type: 'paint', buffered: true })
}
