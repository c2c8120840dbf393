import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'
import redirects from '../content/redirects'
import { isBaselineBuild } from './buildMode'

/**
 * Global Vike configuration. Public pages are prerendered and HTML-only (no vike-react client
 * runtime); ./siteScript.ts hydrates only their islands. /auth and /admin override this (ssr: false).
 */
export default {
  extends: [vikeReact],
  // dist/server stays: `npm start` renders pages on demand when CMS content changes, and a blog with no
  // posts yet has no post URL to prerender (docs/decisions/0020-live-publishing.md).
  prerender: { keepDistServer: true, partial: true },
  lang: 'es',
  clientHooks: false,
  // The prerendered site is static: a redirect also becomes a small HTML page for static hosts;
  // `npm start` answers these paths with a real 301 before that page is reached.
  redirects,
  reactStrictMode: false,
  // The client-rendered baseline of `npm run quality -- --baseline` (see ./buildMode.ts): every page
  // rendered by vike-react in the browser from an empty shell, as the original single-page app was.
  ...(isBaselineBuild && { ssr: false, clientHooks: true }),
} satisfies Config
