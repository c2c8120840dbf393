// `npm start`: the whole product on one origin, without Docker or a Supabase project. Builds the site when
// dist/ is missing or older than its sources, opens (or creates and seeds) the database in DATA_DIR, makes a
// demo staff account on a fresh folder (not with NODE_ENV=production), and serves the site, /auth/v1,
// /rest/v1 and /backend.json on PORT. Its settings are src/config.server.ts's (docs/configuration.md).
import { env } from './start-config.ts'
import { spawnSync } from 'node:child_process'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import redirects from '../../content/redirects.ts'
import { startServer } from '../backend/app.ts'
import { defaultAuthOptions } from '../backend/auth/index.ts'
import { DataDirInUse } from '../backend/data-lock.ts'
import { PostgrestMissing } from '../backend/postgrest.ts'
import { createDemoStaff, demoStaffFile } from './demo-staff.ts'
import { CALENDLY_SCRIPT } from '../behaviors/bookingWidget.ts'
import { BLOG_PATH } from '../blog/paths.ts'
import { cmsClient, setCmsBackend } from '../cms/backend.server.ts'
import { createLiveSite } from './site/live-site.ts'
import { startLeads } from '../leads/leads.server.ts'
import { serviceClient } from './service-client.server.ts'
import { Mailer } from '../mail/mailer.server.ts'
import { restMailQueue } from '../mail/queue.server.ts'
import { transportFromEnv } from '../mail/transport.server.ts'
import { privatePaths } from '../seo/sitemap.ts'
import { startMarkdownPool } from './site/markdown-pool.ts'
import { ContentRevision } from './site/revision.ts'
import { NotFoundLog } from './site/not-found-log.ts'
import { readContentRoutes, readSite } from './site/site-facts.ts'
import { readSiteRoutes, writeSiteRoutes } from './site/site-routes.ts'
import { createSiteHandler } from './static.ts'
import { createVariantHandler } from './images/variant-route.ts'
import { originalReader } from './images/sources.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const distClient = join(root, 'dist', 'client')
// What the site is built from; the servers' own files (src/backend, src/host, supabase) do not need a rebuild.
const SITE_SOURCES = ['pages', 'renderer', 'src', 'content', 'public', 'vite.config.ts', 'package.json']

// As the environment gave it, before ./start-config.ts defaulted NODE_ENV to production.
const production = env.NODE_ENV === 'production'
const dataDir = resolve(env.DATA_DIR ?? join(root, '.data'))

buildSiteIfStale()
const files = existsSync(join(distClient, 'index.html')) ? createSiteHandler({ root: distClient, redirects }) : undefined
if (!files) console.warn('[start] dist/client has no build: serving the backend only (run `npx vike build`).')
// Pages render live once the backend they read is up (below); until then the prerendered files answer.
let live: typeof files
/** What stops before the server closes (the leads' timers, the markdown workers, the 404 log), by name. */
const closing: [string, () => Promise<void>][] = []
// Responsive image variants (/_img/…): the site's own from the build, uploads made once and cached in DATA_DIR.
let variants: ((req: IncomingMessage, res: ServerResponse) => Promise<boolean>) | undefined
const site =
  files &&
  ((req: IncomingMessage, res: ServerResponse) => {
    ;(variants?.(req, res) ?? Promise.resolve(false)).then(
      (served) => {
        if (!served) (live ?? files)(req, res)
      },
      (error: unknown) => {
        console.error(`[images] ${error instanceof Error ? error.message : String(error)}`)
        if (!res.headersSent) res.writeHead(500).end()
      },
    )
  })

const server = await startServer({
  dataDir,
  port: env.PORT,
  host: env.HOST,
  site,
  siteRoot: site ? distClient : undefined,
  publicUrl: env.SITE_URL,
  connectOrigins: env.VITE_SUPABASE_URL ? [env.VITE_SUPABASE_URL] : [],
  sessionPaths: privatePaths,
  bookingScript: CALENDLY_SCRIPT,
  storage: env.STORAGE_MAX_FILE_BYTES ? { maxFileBytes: env.STORAGE_MAX_FILE_BYTES } : undefined,
  auth: {
    signInRateLimit: env.AUTH_RATE_LIMIT_SIGN_IN ?? defaultAuthOptions.signInRateLimit,
    refreshRateLimit: env.AUTH_RATE_LIMIT_TOKEN_REFRESH ?? defaultAuthOptions.refreshRateLimit,
    passwordHashCost: env.AUTH_PASSWORD_HASH_COST ?? defaultAuthOptions.passwordHashCost,
    // Recovery, invitation and sign-in links go through the product's mailer, which needs this server's
    // URL and key and so is made once the server listens (below), a moment before any request is read.
    mailer: (message) => mailer.send(message),
  },
}).catch((error: unknown) => {
  if (!(error instanceof DataDirInUse || error instanceof PostgrestMissing)) throw error
  console.error(`[start] ${error.message}`)
  process.exit(1)
})
const url = server.url.replace('127.0.0.1', 'localhost')
const hosted = Boolean(env.SUPABASE_URL && env.SUPABASE_ANON_KEY)
// The contact form and the product's mail go through the service role: this server's own key, or the
// hosted project's (server-only; never printed).
const service = serviceClient(
  hosted ? { url: env.SUPABASE_URL!, key: env.SUPABASE_SERVICE_ROLE_KEY } : { url: server.url, key: server.keys.serviceRoleKey },
)
const mailer = new Mailer(restMailQueue(service), transportFromEnv(env, dataDir))
mailer.start()

if (files) {
  // The public pages read the CMS as anon through supabase-js: this server's own API unless a hosted
  // project is configured (src/cms/backend.server.ts).
  if (!hosted) setCmsBackend({ url: server.url, anonKey: server.keys.anonKey })
  const client = cmsClient()!
  const revision = new ContentRevision(
    async () => {
      // GET: a read, so the hook below that expires the revision on every API write leaves it alone.
      const { data, error } = await client.rpc('cms_site_version', undefined, { get: true }).single()
      if (error) throw new Error(error.message)
      return `${data.revision} ${data.published_through}`
    },
    env.CMS_REVISION_MAX_AGE_MS ?? (hosted ? 1000 : 250),
    (error) =>
      console.warn(`[site] CMS revision unreadable, serving the last rendered pages: ${error instanceof Error ? error.message : String(error)}`),
  )
  // A write through this server's API is the common case: its answer expires the revision, so the next
  // page request reads the database's counter at once instead of within the polling window.
  server.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.url?.startsWith('/rest/v1/')) res.once('finish', () => revision.expire())
  })
  const contentRoutes = readContentRoutes(join(root, 'dist'))
  // The slugs no page or redirect may take: this build's routes, written into the database as the service
  // role (hosted: SUPABASE_SERVICE_ROLE_KEY), so a new content file needs no migration (decision 0073).
  await writeSiteRoutes(service, readSiteRoutes(join(root, 'dist'))).catch((error: unknown) =>
    console.warn(`[site] public.site_routes not updated: ${error instanceof Error ? error.message : String(error)}`),
  )
  const site = readSite(root)
  const leads = await startLeads({
    dataDir,
    service,
    mailer,
    site,
    adminUrl: server.publicUrl,
    services: contentRoutes.filter((r) => r.kind === 'service').map((r) => ({ slug: r.path.slice(1), name: r.name })),
    secret: env.LEADS_FORM_SECRET,
    rateLimit: env.LEADS_RATE_LIMIT ? { limit: env.LEADS_RATE_LIMIT, windowMs: 10 * 60_000 } : undefined,
  })
  closing.push(['leads timers', () => Promise.resolve(leads.close())])
  // Post bodies render in worker threads, never on the event loop (src/host/site/markdown-pool.ts).
  const markdownPool = startMarkdownPool()
  closing.push(['markdown workers', () => markdownPool.close()])
  // The admin's 404 log: counted in memory, added to the database in batches as the service role.
  const notFoundLog = new NotFoundLog({
    write: async (counts) => {
      const { error } = await service.rpc('record_not_found', { counts })
      if (error) throw new Error(error.message)
    },
    onError: (error) =>
      console.warn(`[site] 404 log not written (said once until a write succeeds): ${error instanceof Error ? error.message : String(error)}`),
  })
  closing.push(['404 log', () => notFoundLog.close()])
  const liveSite = createLiveSite({
    serverEntry: join(root, 'dist', 'server', 'entry.mjs'),
    clientRoot: distClient,
    files,
    redirects,
    revision,
    site,
    contentRoutes,
    leads: leads.forms,
    notFoundLog,
    revalidateSecret: env.REVALIDATE_SECRET,
    pagePolicy: (pathname, html) => server.securityHeaders.renderedPagePolicy(pathname, html),
  })
  live = liveSite.handle
  variants = await createVariantHandler({
    dataDir,
    siteRoot: distClient,
    readOriginal: originalReader(hosted ? { hostedUrl: env.SUPABASE_URL } : { storage: server.storage }),
  })
  // The content pages and the blog are rendered once in the background, as a build would have.
  void liveSite.warm([...contentRoutes.map((r) => r.path), BLOG_PATH])
}

console.log(`\nAgencia web running at ${url}  (admin: ${url}/admin, data: ${dataDir})`)
if (server.fresh && production) {
  console.log('New data folder: demo content seeded. NODE_ENV=production, so no demo staff account was made:')
  console.log('  make the first staff member with `npm run staff -- EMAIL PASSWORD` while the server is stopped.')
} else if (server.fresh) {
  const demo = await createDemoStaff(server.db, dataDir, env.DEMO_STAFF_EMAIL, env.DEMO_STAFF_PASSWORD)
  console.log('New data folder: demo content seeded and a demo staff account created.')
  console.log(`  Sign in at ${url}/auth with  email: ${demo.email}  password: ${demo.password}`)
  console.log(`  This password is shown only now; it is kept in ${demo.file} (readable only by you).`)
  console.log('  Add your own staff with `npm run staff -- EMAIL PASSWORD` while the server is stopped.')
} else {
  const file = demoStaffFile(dataDir)
  if (file) console.log(`The demo staff account's e-mail and password are in ${file}.`)
  console.log('Add staff accounts with `npm run staff -- EMAIL PASSWORD` (while the server is stopped).')
}
console.log(`Supabase URL and anon key for other clients: ${server.publicUrl}/backend.json\n`)

// A stop has a deadline: a step that hangs (mail delivery to an SMTP server that stopped answering, a flush
// that never settles) must not leave the process alive and listening until someone kills it.
// Cutting it short loses nothing acknowledged: every answered write is durable, and a message whose
// delivery was cut is sent again after its lease.
const SHUTDOWN_DEADLINE_MS = env.SHUTDOWN_DEADLINE_MS
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    const running = new Set<string>()
    const step = (name: string, close: () => Promise<void>) => {
      running.add(name)
      return close().finally(() => running.delete(name))
    }
    setTimeout(() => {
      console.error(`[start] not stopped ${SHUTDOWN_DEADLINE_MS / 1000} s after ${signal}, exiting anyway; still running: ${[...running].join(', ')}`)
      process.exit(1)
    }, SHUTDOWN_DEADLINE_MS).unref()
    Promise.all(closing.map(([name, close]) => step(name, close)))
      .then(() => step('mail delivery', () => mailer.close()))
      .then(() => step('HTTP server and database', () => server.close()))
      .then(
        () => process.exit(0),
        () => process.exit(1),
      )
  })
}

/** The configuration, or every problem with it and exit status 1 before anything starts. */
function buildSiteIfStale(): void {
  if (env.SKIP_BUILD) return
  const index = join(distClient, 'index.html')
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0
  const changedAt = Math.max(...SITE_SOURCES.map((source) => newestChange(join(root, source))))
  if (builtAt >= changedAt) return
  console.log(builtAt ? '[start] sources changed since the last build: running `vike build`…' : '[start] no build yet: running `vike build`…')
  const result = spawnSync('npx', ['vike', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) console.error('[start] `vike build` failed; serving the previous build if there is one.')
}

function newestChange(path: string): number {
  if (!existsSync(path)) return 0
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  if (path === join(root, 'src', 'backend') || path === join(root, 'src', 'host')) return 0
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))))
}
