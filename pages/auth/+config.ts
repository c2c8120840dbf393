import type { Config } from 'vike/types'

/**
 * The staff sign-in screen: rendered only in the browser (it reads the stored session), with vike-react's own
 * client runtime, not the public pages' script (renderer/siteScript.ts).
 * Its code lives in its own bundle and is never referenced by a public page.
 */
export default {
  ssr: false,
  clientHooks: true,
} satisfies Config
