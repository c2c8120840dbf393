import type { Config } from 'vike/types'

/**
 * The public pages render on the server only: their components, layout and head never reach a client
 * bundle (the build fails if client code imports a `*.server.ts` module), and their one script is the
 * island entry (renderer/+client.ts).
 */
export default {
  meta: {
    Page: { env: { server: true, client: false } },
    Layout: { env: { server: true, client: false } },
    Head: { env: { server: true, client: false } },
  },
} satisfies Config
