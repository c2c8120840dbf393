import type { Config } from 'vike/types'

/**
 * The error and 404 pages render on the server only, like the public pages (pages/(site)/+config.ts): their
 * components, layout, head and title never reach a client bundle (the build fails if client code imports a `*.server.ts` module), and their one script is the
 * page script (renderer/siteScript.ts), fetched after the first paint by an inline bootstrap
 * (src/components/layout/PageScript.tsx), not injected by Vike.
 */
export default {
  meta: {
    Page: { env: { server: true, client: false } },
    Layout: { env: { server: true, client: false } },
    Head: { env: { server: true, client: false } },
    title: { env: { server: true, client: false } },
  },
} satisfies Config
