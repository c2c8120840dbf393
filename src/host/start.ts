// `npm start`: the whole product on one origin, without Docker or a Supabase project. Builds the site when
// dist/ is missing or older than its sources, opens (or creates and seeds) the database in DATA_DIR, makes a
// demo staff account on a fresh folder (not with NODE_ENV=production), and serves the site, /auth/v1,
// /rest/v1 and /backend.json on PORT. Its settings are src/config.server.ts's (docs/configuration.md).
//
// The start is a composition of services (./services.ts), each started by a function of the shape
// `start(deps) → { close() }`, in the order of what each needs: the backend first, the site's services last.
// A stop closes them in the reverse order, within SHUTDOWN_DEADLINE_MS.
import { env } from './startConfig.ts'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import redirects from '../../content/redirects.ts'
import { PortUnavailable, startServer, type RunningServer } from '../backend/app.ts'
import { defaultAuthOptions } from '../backend/auth/index.ts'
import { DataDirInUse } from '../backend/dataLock.ts'
import { MigrationFailed } from '../backend/db.ts'
import { routeConsoleToLog, runJob } from '../backend/log.ts'
import { PostgrestMissing } from '../backend/postgrest.ts'
import { CALENDLY_SCRIPT } from '../behaviors/bookingWidget.ts'
import { startLeads } from '../leads/leads.server.ts'
import { startAnalytics } from './analytics/startAnalytics.ts'
import { startMailDelivery } from '../mail/delivery.server.ts'
import { privatePaths } from '../seo/sitemap.ts'
import { startBackups } from './backups/service.ts'
import { backupDir } from './backups/settings.ts'
import { buildSiteIfStale } from './build.ts'
import { createDemoStaff, demoStaffFile } from './demoStaff.ts'
import { siteFront } from './front.ts'
import { healthFront, startHealth } from './health.ts'
import { originalReader } from './images/sources.ts'
import { startLeadReminders } from './leadReminders/startLeadReminders.ts'
import { startImageVariants } from './images/variantRoute.ts'
import { serviceClient } from './serviceClient.server.ts'
import { Services } from './services.ts'
import { startMarkdownPool } from './site/markdownPool.ts'
import { readContentRoutes, readSite } from './site/siteFacts.ts'
import { readSiteRoutes, writeSiteRoutes } from './site/siteRoutes.ts'
import { startLiveSite, startNotFoundLog } from './site/startSite.ts'
import { createSiteHandler } from './static.ts'
import { startWebhooks } from './webhooks/startWebhooks.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
// The build the server serves: dist/, or BUILD_OUT_DIR's folder (a copy a test can change under a running server).
const distDir = resolve(root, env.BUILD_OUT_DIR ?? 'dist')
const distClient = join(distDir, 'client')

// LOG_FORMAT=json: stdout is JSON lines only, the welcome and the services' notices included.
routeConsoleToLog()
await start()

async function start(): Promise<void> {
  // As the environment gave it, before ./startConfig.ts defaulted NODE_ENV to production.
  const production = env.NODE_ENV === 'production'
  const dataDir = resolve(env.DATA_DIR ?? join(root, '.data'))
  const services = new Services()

  if (!env.SKIP_BUILD) buildSiteIfStale(root)
  const files = existsSync(join(distClient, 'index.html')) ? createSiteHandler({ root: distClient, redirects }) : undefined
  if (!files) console.warn('[start] dist/client has no build: serving the backend only (run `npx vike build`).')
  // Pages render live once the backend they read is up (below); until then the prerendered files answer.
  const front = files && siteFront(files)
  // /healthz and /readyz, answered before the site sees the path (never a page view or a 404).
  const health = healthFront(front?.handle)

  const server = await services
    .start('HTTP server and database', () =>
      startServer({
        dataDir,
        port: env.PORT,
        host: env.HOST,
        site: health.handle,
        siteRoot: front ? distClient : undefined,
        publicUrl: env.SITE_URL,
        connectOrigins: env.VITE_SUPABASE_URL ? [env.VITE_SUPABASE_URL] : [],
        sessionPaths: privatePaths,
        bookingScript: CALENDLY_SCRIPT,
        trustedProxies: env.TRUST_PROXY,
        storage: env.STORAGE_MAX_FILE_BYTES ? { maxFileBytes: env.STORAGE_MAX_FILE_BYTES } : undefined,
        auth: {
          signInRateLimit: env.AUTH_RATE_LIMIT_SIGN_IN ?? defaultAuthOptions.signInRateLimit,
          refreshRateLimit: env.AUTH_RATE_LIMIT_TOKEN_REFRESH ?? defaultAuthOptions.refreshRateLimit,
          passwordHashCost: env.AUTH_PASSWORD_HASH_COST ?? defaultAuthOptions.passwordHashCost,
          // Recovery, invitation and sign-in links go through the product's mailer, which needs this server's
          // URL and key and so is made once the server listens (below), a moment before any request is read.
          mailer: (message) => mail.mailer.send(message),
        },
      }),
    )
    .catch((error: unknown) => {
      if (!(
        error instanceof DataDirInUse ||
        error instanceof PostgrestMissing ||
        error instanceof MigrationFailed ||
        error instanceof PortUnavailable
      ))
        throw error
      console.error(`[start] ${error.message}`)
      process.exit(1)
    })
  const hosted = Boolean(env.SUPABASE_URL && env.SUPABASE_ANON_KEY)
  // The contact form and the product's mail go through the service role: this server's own key, or the
  // hosted project's (server-only; never printed).
  const service = serviceClient(
    hosted ? { url: env.SUPABASE_URL!, key: env.SUPABASE_SERVICE_ROLE_KEY } : { url: server.url, key: server.keys.serviceRoleKey },
  )
  // Readiness: the database and PostgREST (the backend's ping), the mail queue, the data folder's free space.
  health.use(
    await services.start('health checks', () =>
      startHealth({
        ping: () => server.ping(),
        service,
        dataDir,
        minFreeDiskBytes: env.HEALTH_MIN_FREE_DISK_BYTES,
        mailStuckMs: env.HEALTH_MAIL_STUCK_MS,
      }),
    ),
  )
  const mail = await services.start('mail delivery', () => startMailDelivery({ service, env, dataDir, job: runJob }))
  // Cookie-free analytics: the beacons' endpoint (served by the live site), the daily salt and the roll-ups.
  const analytics = await services.start('analytics', () =>
    startAnalytics({
      service,
      siteUrl: server.publicUrl,
      perAddress: env.ANALYTICS_EVENTS_PER_ADDRESS_PER_MINUTE,
      clientAddress: server.clientAddress,
    }),
  )
  // What is counted in memory (analytics, the 404 log) is written at a stop while the backend still takes
  // requests: these writes go through its port, which the stop then closes.
  const counters: { flush(): Promise<void> }[] = [analytics]

  if (files && front) {
    const contentRoutes = readContentRoutes(distDir)
    // The slugs no page or redirect may take: this build's routes, written into the database as the service
    // role (hosted: SUPABASE_SERVICE_ROLE_KEY), so a new content file needs no migration (decision 0073).
    await writeSiteRoutes(service, readSiteRoutes(distDir)).catch((error: unknown) =>
      console.warn(`[site] public.site_routes not updated: ${error instanceof Error ? error.message : String(error)}`),
    )
    const site = readSite(root)
    const leads = await services.start('leads timers', () =>
      startLeads({
        dataDir,
        service,
        mailer: mail.mailer,
        site,
        adminUrl: server.publicUrl,
        services: contentRoutes.filter((r) => r.kind === 'service').map((r) => ({ slug: r.path.slice(1), name: r.name })),
        secret: env.LEADS_FORM_SECRET,
        rateLimit: env.LEADS_RATE_LIMIT ? { limit: env.LEADS_RATE_LIMIT, windowMs: 10 * 60_000 } : undefined,
        clientAddress: server.clientAddress,
        accepted: (req, pathname) => void analytics.beacons.recordLead(req, pathname),
        job: runJob,
      }),
    )
    // Post bodies render in worker threads, never on the event loop (./site/markdownPool.ts).
    await services.start('markdown workers', () => startMarkdownPool())
    const notFoundLog = await services.start('404 log', () => startNotFoundLog(service))
    counters.push(notFoundLog)
    const live = await services.start('live site', () =>
      startLiveSite({
        distDir,
        backend: server,
        hosted,
        files,
        redirects,
        site,
        contentRoutes,
        leads: leads.forms,
        notFoundLog,
        beacons: analytics.beacons,
        revisionMaxAgeMs: env.CMS_REVISION_MAX_AGE_MS,
        revalidateSecret: env.REVALIDATE_SECRET,
      }),
    )
    front.use({ live: live.handle })
    // Responsive image variants (/_img/…): the site's own from the build, uploads made once and cached in DATA_DIR.
    const variants = await services.start('image variants', () =>
      startImageVariants({
        dataDir,
        siteRoot: distClient,
        readOriginal: originalReader(hosted ? { hostedUrl: env.SUPABASE_URL } : { storage: server.storage }),
      }),
    )
    front.use({ variants: variants.handle })
    live.warm()
  }

  // Leads' follow-up: due times, the assignee's e-mail, one reminder of an overdue lead (docs/leads.md). Service
  // names come from the build, when there is one.
  const serviceNames = new Map(files ? readContentRoutes(distDir).flatMap((r) => (r.kind === 'service' ? [[r.path.slice(1), r.name]] : [])) : [])
  await services.start('lead reminders', () =>
    startLeadReminders({
      service,
      mailer: mail.mailer,
      adminUrl: server.publicUrl,
      answerHours: env.LEADS_ANSWER_HOURS,
      workingHours: { timeZone: env.LEADS_TIME_ZONE, week: env.LEADS_WORKING_HOURS, holidays: env.LEADS_HOLIDAYS },
      everyMs: env.LEADS_FOLLOW_UP_EVERY_MS,
      serviceName: (slug) => serviceNames.get(slug),
    }),
  )
  // The services that run whether or not the site is built (webhooks, reminders, backups, health checks;
  // analytics above, since the site's services use it) start here, each with `services.start(name, () => startIt(deps))`.
  // Backups of the data folder on a schedule, and on demand for `npm run backup` (decision 0097).
  await services.start('backups', () =>
    startBackups({
      db: server.db,
      dataDir,
      dir: backupDir(env, dataDir),
      intervalMs: env.BACKUP_INTERVAL_MS,
      keepRecent: env.BACKUP_KEEP_RECENT,
      keepDaily: env.BACKUP_KEEP_DAILY,
      postCommand: env.BACKUP_POST_COMMAND,
    }),
  )
  // Signed webhooks to the team's tools: new endpoints' addresses checked, and the deliveries the database's
  // triggers on leads queue, sent and retried (docs/webhooks.md).
  await services.start('webhooks', () =>
    startWebhooks({
      service,
      mailer: mail.mailer,
      adminUrl: server.publicUrl,
      allowLoopback: env.WEBHOOKS_ALLOW_LOOPBACK,
      timeoutMs: env.WEBHOOKS_TIMEOUT_MS,
    }),
  )

  await welcome(server, dataDir, production)
  // A stop first writes the counters, then closes the listening socket and gives the requests in flight a fifth
  // of the deadline (2 s by default).
  services.stopOnSignals(env.SHUTDOWN_DEADLINE_MS, {
    name: 'requests in flight',
    stop: async () => {
      await Promise.all(counters.map((counter) => counter.flush()))
      await server.stopAccepting(env.SHUTDOWN_DEADLINE_MS / 5)
    },
  })
}

/** What the terminal says once everything listens: where to open the site, and how to sign in. */
async function welcome(server: RunningServer, dataDir: string, production: boolean): Promise<void> {
  const url = server.url.replace('127.0.0.1', 'localhost')
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
}
