// The page's only script: a few kilobytes. Behaviours (menu, cookie banner, scroll state) run right after
// the first paint; islands then only start watching for their moment (visible, hovered...), and React is
// fetched when the first of them is due, so a first visit's paint never waits for, or competes with, React.
import { runBehaviors } from '../src/behaviors'
import { hydrateIslands } from '../src/islands/client'

// Not during the module's evaluation: the entry and its chunks arrive together (modulepreload), often before
// the page has been laid out, and the behaviours read layout (scroll position) and change it (the cookie
// banner), which forced a full style and layout pass inside the script and held the first paint behind it
// on a slow phone. After the next frame the page is painted and laid out, and these are cheap.
requestAnimationFrame(() =>
  setTimeout(() => {
    runBehaviors()
    void hydrateIslands()
  }),
)
