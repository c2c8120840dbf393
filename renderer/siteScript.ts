// Everything a public page's script does, fetched by ./pageBootstrap.ts after the first paint: the behaviours
// (menu, cookie banner, scroll state, lead form) start, the visit is counted (cookie-free, to this origin),
// and islands begin watching for their moment (visible, hovered...); React is fetched only when the first of
// them is due.
import { runBehaviors } from '../src/behaviors'
import { countVisit } from '../src/behaviors/beacon'
import { islandLoaders } from '../src/components/islands'
import { hydrateIslands } from '../src/islands/client'

runBehaviors()
countVisit()
void hydrateIslands(islandLoaders)
