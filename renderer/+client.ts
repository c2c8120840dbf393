// The page's only script: a few kilobytes. Behaviours (menu, cookie banner, scroll state) run at
// once; islands only start watching for their moment (visible, hovered...), and React is fetched when
// the first of them is due, so a first visit's paint never waits for, or competes with, React.
import { runBehaviors } from '../src/behaviors'
import { hydrateIslands } from '../src/islands/client'

runBehaviors()
void hydrateIslands()
