import type { Config } from 'vike/types'

/**
 * The public pages render on the server only: their components, layout and head never reach a client
 * bundle (the build fails if client code imports a `*.server.ts` module), and their one script is the
 * page script (renderer/siteScript.ts), fetched after the first paint by an inline bootstrap
 * (src/components/layout/PageScript.tsx), not injected by Vike.
 */
export default {
  meta: {
    Page: { env: { server: true, client: false } },
    Layout: { env: { server: true, client: false } },
    Head: { env: { server: true, client: false } },
  },
} satisfies Config
