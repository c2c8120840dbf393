import type { Config } from 'vike/types'

/**
 * The CMS panel: rendered only in the browser (it needs the visitor's session), with vike-react's own
 * client runtime, not the public pages' script (renderer/siteScript.ts).
 * Its code lives in its own bundle and is never referenced by a public page.
 */
export default {
  ssr: false,
  clientHooks: true,
} satisfies Config
