/**
 * Runs `start` once the browser has shown the page's first content (the Paint Timing API's
 * first-contentful-paint entry; `buffered` delivers it when the paint came before this script) and, on a page
 * that fetches an image first (`fetchpriority="high"`: a post's cover, the first card of /blog, its likeliest
 * largest paint), once that image is on screen too. Until then the page's own script is a few hundred bytes:
 * the stylesheet, the HTML and that image have a phone's whole connection to themselves, and nothing the page
 * script loads can delay what the visitor sees first (docs/decisions/0081-page-script-after-the-first-paint.md,
 * docs/decisions/0085-the-cover-before-the-script.md). A browser without the API starts at `load`.
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
    afterPriorityImage(start)
  })
  observer.observe({ type: 'paint', buffered: true })
}

/** However slow the image, the page's behaviours (menu, cookie banner, form) start by then. */
const IMAGE_WAIT_MS = 2000
/** After the image is drawn, how long to wait for its largest-paint entry when it may not be the largest (on a wide screen the title can be). */
const NOT_LARGEST_MS = 250

function afterPriorityImage(start: () => void): void {
  const image = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]')
  if (!image || !PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) return start()
  let started = false
  const once = () => {
    if (started) return
    started = true
    observer.disconnect()
    start()
  }
  // The entry's time is when the frame that shows the image was presented, a moment after the frame itself:
  // only the entry tells that the largest paint is over.
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => (entry as PerformanceEntry & { element?: Element | null }).element === image)) setTimeout(once)
  })
  observer.observe({ type: 'largest-contentful-paint', buffered: true })
  setTimeout(once, IMAGE_WAIT_MS)
  // decode() settles once the image has loaded and can be drawn, or has failed.
  void image
    .decode()
    .catch(() => {})
    .then(() => setTimeout(once, NOT_LARGEST_MS))
}
