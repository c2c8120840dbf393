// A public page's only inline script, at the end of its body: everything its JavaScript needs before the
// first paint, and nothing is fetched until then. It holds a tap on a button of a behaviour or an island (the
// menu, the cookie banner, the form's submit) and, once the first content is on screen, fetches the page
// script (./siteScript.ts) and the chunks it imports, then plays the held tap back, or hands it back to the
// browser if the download fails. Built into a classic script by ./pageScript.ts and inlined by
// src/components/layout/PageScript.tsx, which passes the script's URLs as data attributes so this code, and
// the hash the security policy allows it by, stays the same from build to build
// (docs/decisions/0084-no-script-before-the-first-paint.md).
import { afterFirstPaint } from './afterFirstPaint'
import { holdEarlyInput } from '../src/islands/earlyInput'

const urls = (document.currentScript as HTMLScriptElement).dataset
const release = holdEarlyInput(document, (button) => button.closest('[data-behavior], [data-island]') !== null)
afterFirstPaint(() => {
  for (const href of urls.preloads?.split(' ').filter(Boolean) ?? []) {
    document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }))
  }
  void import(urls.entry!).finally(release)
})
