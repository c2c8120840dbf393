// What the backend's HTTP server hands every path that is not its API (src/backend/http.ts, `site`). The
// server must listen before the services that render pages can start (they read the CMS through it), so
// until they are started the build's files answer (./static.ts); then a responsive image variant (/_img/…)
// is served if the path is one, and every other path goes to the live site.
import type { IncomingMessage, ServerResponse } from 'node:http'

type Handler = (req: IncomingMessage, res: ServerResponse) => void

export interface FrontServices {
  /** The live site (./site/liveSite.ts): pages rendered on request. */
  live: Handler
  /** The image variants (./images/variantRoute.ts): true when the path was one and was answered. */
  variants: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>
}

export function siteFront(files: Handler) {
  let services: Partial<FrontServices> = {}
  return {
    handle: (req: IncomingMessage, res: ServerResponse): void => {
      ;(services.variants?.(req, res) ?? Promise.resolve(false)).then(
        (served) => {
          if (!served) (services.live ?? files)(req, res)
        },
        (error: unknown) => {
          console.error(`[images] ${error instanceof Error ? error.message : String(error)}`)
          if (!res.headersSent) res.writeHead(500).end()
        },
      )
    },
    /** Hands the paths to the services once they are started. */
    use(started: Partial<FrontServices>): void {
      services = { ...services, ...started }
    },
  }
}
