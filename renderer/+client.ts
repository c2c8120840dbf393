// The page's only script. Behaviours (menu, cookie banner, scroll state) run at once and need no
// React; the islands' runtime is fetched once the page has painted, so it never competes with the
// HTML and CSS for the first paint, and React itself only when an island hydrates.
import { runBehaviors } from '../src/behaviors'

runBehaviors()

function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
}

void afterFirstPaint().then(() => import('../src/islands/client')).then((m) => m.hydrateIslands())
