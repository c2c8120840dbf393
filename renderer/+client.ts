// The page's only script: a few hundred bytes that wait for the first paint, then fetch the rest
// (./siteScript.ts), so a first visit's paint never waits for, or shares the connection with, our
// JavaScript (docs/decisions/0081-page-script-after-the-first-paint.md). A tap on a button of a behaviour
// (the menu, the cookie banner, the form's submit) or of an island in the moment before the rest has
// arrived is held and played back once it has (islands then hold it until React is ready), or handed
// back to the browser if the download fails.
import { afterFirstPaint } from './afterFirstPaint'
import { holdEarlyInput } from '../src/islands/earlyInput'

const release = holdEarlyInput(document, (button) => button.closest('[data-behavior], [data-island]') !== null)
afterFirstPaint(() => void import('./siteScript').finally(release))
