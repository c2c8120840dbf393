// The island entry: the only JavaScript a public page runs. See src/islands/.
// React and the islands are fetched once the page has painted, so they never compete with the
// HTML and CSS for the first paint (Lighthouse LCP budget).
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
}

void afterFirstPaint().then(() => import('../src/islands/client')).then((m) => m.hydrateIslands())
