// The host's site services (src/host/start.ts starts them once the backend listens): the 404 log, and the
// live site, which renders the public pages on request at the CMS revision (docs/publishing.md).
import type { SupabaseClient } from '@supabase/supabase-js'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join } from 'node:path'
import type { RunningServer } from '../../backend/app.ts'
import { currentJobId, runJob } from '../../backend/log.ts'
import { BLOG_PATH } from '../../blog/paths.ts'
import { cmsClient, setCmsBackend } from '../../cms/backend.server.ts'
import type { LeadForms } from '../../leads/submit.server.ts'
import type { Database } from '../../lib/database.types.ts'
import type { RouteInfo } from '../../seo/siteFiles.server.ts'
import type { Site } from '../../siteContent/schema.ts'
import type { Beacons } from '../analytics/beacons.ts'
import { createLiveSite } from './liveSite.ts'
import { NotFoundLog } from './notFoundLog.ts'
import { ContentRevision } from './revision.ts'

/** The admin's 404 log: counted in memory, added to the database in batches as the service role. */
export function startNotFoundLog(service: SupabaseClient<Database>): NotFoundLog {
  return new NotFoundLog({
    write: async (counts) => {
      const { error } = await service.rpc('record_not_found', { counts })
      if (error) throw new Error(error.message)
    },
    onError: (error) =>
      console.warn(`[site] 404 log not written (said once until a write succeeds): ${error instanceof Error ? error.message : String(error)}`),
  })
}

export interface LiveSiteDeps {
  /** The folder `vike build` wrote (dist): its server entry renders, its client files are served. */
  distDir: string
  backend: RunningServer
  /** A hosted Supabase project is configured: the pages read it rather than this server's own API. */
  hosted: boolean
  /** Serves files, shells and redirects (../static.ts). */
  files: (req: IncomingMessage, res: ServerResponse) => void
  redirects: Record<string, string>
  site: Site
  contentRoutes: RouteInfo[]
  leads: LeadForms
  notFoundLog: NotFoundLog
  beacons: Beacons
  /** CMS_REVISION_MAX_AGE_MS; by default 250 ms on this server's own API, 1 s against a hosted project. */
  revisionMaxAgeMs?: number
  revalidateSecret?: string
}

export function startLiveSite(deps: LiveSiteDeps) {
  const { backend, hosted } = deps
  // The public pages read the CMS as anon through supabase-js: this server's own API unless a hosted
  // project is configured (src/cms/backend.server.ts).
  if (!hosted) setCmsBackend({ url: backend.url, anonKey: backend.keys.anonKey })
  const client = cmsClient()!
  let lastRevision: string | undefined
  const revision = new ContentRevision(
    // One log line per read (decision 0098), debug when the revision had not moved, as its own request's line
    // (it carries the read's id); info when the pages are to be rendered again.
    () =>
      runJob(
        'cms revision',
        async () => {
          // GET: a read, so the hook below that expires the revision on every API write leaves it alone.
          const { data, error } = await client.rpc('cms_site_version', undefined, { get: true }).setHeader('x-request-id', currentJobId()!).single()
          if (error) throw new Error(error.message)
          return `${data.revision} ${data.published_through}`
        },
        (read) => {
          const changed = read === lastRevision ? 0 : 1
          lastRevision = read
          return { changed }
        },
      ),
    deps.revisionMaxAgeMs ?? (hosted ? 1000 : 250),
    (error) =>
      console.warn(`[site] CMS revision unreadable, serving the last rendered pages: ${error instanceof Error ? error.message : String(error)}`),
  )
  // A write through this server's API is the common case: its answer expires the revision, so the next
  // page request reads the database's counter at once instead of within the polling window.
  const expireOnWrite = (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.url?.startsWith('/rest/v1/')) res.once('finish', () => revision.expire())
  }
  backend.server.on('request', expireOnWrite)
  const liveSite = createLiveSite({
    serverEntry: join(deps.distDir, 'server', 'entry.mjs'),
    clientRoot: join(deps.distDir, 'client'),
    files: deps.files,
    redirects: deps.redirects,
    revision,
    site: deps.site,
    contentRoutes: deps.contentRoutes,
    leads: deps.leads,
    notFoundLog: deps.notFoundLog,
    beacons: deps.beacons,
    revalidateSecret: deps.revalidateSecret,
    pagePolicy: (pathname, html) => backend.securityHeaders.renderedPagePolicy(pathname, html),
  })
  return {
    handle: liveSite.handle,
    /** Renders the content pages and the blog once in the background, as a build would have. */
    warm: () => void liveSite.warm([...deps.contentRoutes.map((r) => r.path), BLOG_PATH]),
    close(): void {
      backend.server.off('request', expireOnWrite)
    },
  }
}
