/**
 * The contact form's server side, assembled: the spam layers, the inbox (public.leads through the
 * service-role key, with its spool), the staff notification through the product's mailer, and retention.
 * `npm start` (src/host/start.ts) starts it and hands `forms` to the live site.
 *
 * Retention runs here, in the site server, not in a scheduler that could silently not run: at start and
 * every 6 hours, leads older than content/site.yaml's leads.retentionMonths are deleted, with every e-mail queued
 * before then and its outbox file, the spooled and dead-letter files as old and the webhook payloads (and delivered SMTP e-mails
 * older than a week, and the form guard's expired windows). A person's erasure reaches the spooled and dead-letter
 * files at the spool's next retry (LeadInbox.eraseFiles). Against a hosted project the same delete runs through the service role.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { join } from 'node:path'
import type { Database } from '../lib/database.types.ts'
import type { Site } from '../siteContent/schema'
import type { JobRunner, Mailer } from '../mail/mailer.server'
import { removeFilesOlderThan } from '../mail/transport.server'
import { FormGuard } from './formGuard.server'
import { LeadInbox } from './inbox.server'
import { deadLetterNotification, leadFallbackNotification, leadNotification } from './notification.server'
import { DEFAULT_PROOF, ProofOfWork, type ProofOptions } from './proofOfWork.server'
import { formSecret } from './secret.server'
import { LeadForms, type LeadFormsOptions } from './submit.server'
import { FormTokens, sentReceipts, type TokenTimes } from './tokens.server'

export interface LeadsOptions {
  dataDir: string
  /** A supabase-js client with the service-role key: server-only, never logged. */
  service: SupabaseClient<Database>
  mailer: Mailer
  site: Site
  /** Where staff open the admin (the server's public URL): the notification links the lead there. */
  adminUrl: string
  services: { slug: string; name: string }[]
  /** LEADS_FORM_SECRET (several servers must share it); otherwise a key in the data folder. */
  secret?: string
  rateLimit?: LeadFormsOptions['rateLimit']
  clientAddress?: LeadFormsOptions['clientAddress']
  accepted?: LeadFormsOptions['accepted']
  tokenTimes?: TokenTimes
  proof?: ProofOptions
  /** How often the spool is retried (default 30 s) and retention runs (default 6 h). */
  spoolRetryMs?: number
  retentionEveryMs?: number
  /** Each retention and spool-retry run's log line (src/backend/log.ts `runJob`). */
  job?: JobRunner
}

export async function startLeads(options: LeadsOptions) {
  const secret = await formSecret(options.dataDir, options.secret)
  const names = new Map(options.services.map((s) => [s.slug, s.name]))
  const spoolDir = join(options.dataDir, 'leads-spool')
  const deadLetterDir = join(options.dataDir, 'leads-dead-letter')
  const guard = new FormGuard(options.service, secret)
  const inbox = new LeadInbox({
    service: options.service,
    spoolDir,
    deadLetterDir,
    guard,
    notification: (id, row) =>
      leadNotification({ id, lead: row, site: options.site, adminUrl: options.adminUrl, serviceName: (slug) => names.get(slug) }),
    fallbackNotification: (id) => leadFallbackNotification({ id, site: options.site, adminUrl: options.adminUrl }),
    queued: () => void options.mailer.deliverDue(),
    deadLettered: (file, reason, content) => options.mailer.send(deadLetterNotification({ site: options.site, file, reason, content })),
  })
  const forms = new LeadForms({
    tokens: new FormTokens(secret, options.tokenTimes),
    receipts: sentReceipts(secret),
    proof: new ProofOfWork(secret.toString('base64'), options.proof ?? DEFAULT_PROOF),
    inbox,
    guard,
    site: options.site,
    services: new Set(names.keys()),
    rateLimit: options.rateLimit,
    clientAddress: options.clientAddress,
    accepted: options.accepted,
  })

  const retain = async () => {
    const cutoff = new Date()
    cutoff.setMonth(cutoff.getMonth() - options.site.leads.retentionMonths)
    await inbox.deleteOlderThan(cutoff)
    await guard.prune()
    await options.mailer.purge()
    // Every copy of a lead, not only its row (docs/leads.md): its e-mails and their outbox files, the
    // spooled and dead-letter files (leads the database never took), and the payloads of its webhook deliveries.
    await options.mailer.retain(cutoff)
    await removeFilesOlderThan(spoolDir, cutoff)
    await removeFilesOlderThan(deadLetterDir, cutoff)
    const { error } = await options.service.rpc('webhook_payload_retention', { cutoff: cutoff.toISOString() })
    if (error) throw new Error(`webhook payload retention: ${error.message}`)
  }
  const job: JobRunner = options.job ?? ((_name, work) => work())
  const quietly =
    <T>(what: string, run: () => Promise<T>, counts?: (result: T) => Record<string, number>) =>
    () =>
      void job(`leads ${what}`, run, counts).catch((error: unknown) =>
        console.warn(`[leads] ${what} failed, will retry: ${error instanceof Error ? error.message : String(error)}`),
      )
  // The spool is mostly empty: such a run's line is debug.
  const spoolCounts = (stored: number) => ({ stored })
  // An erased person's files go before the spool is retried, so that an erased lead is not stored after its erasure.
  const spoolPass = async () => {
    await inbox
      .eraseFiles()
      .catch((error: unknown) =>
        console.warn(`[leads] erasure in the spool failed, will retry: ${error instanceof Error ? error.message : String(error)}`),
      )
    return inbox.drainSpool()
  }
  const timers = [
    setInterval(quietly('spool retry', spoolPass, spoolCounts), options.spoolRetryMs ?? 30_000),
    setInterval(quietly('retention', retain), options.retentionEveryMs ?? 6 * 3600_000),
  ]
  for (const timer of timers) timer.unref()
  quietly('retention', retain)()
  quietly('spool retry', spoolPass, spoolCounts)()

  return {
    forms,
    inbox,
    /** Runs retention now (it also runs at start and on its timer). */
    retain,
    close(): void {
      for (const timer of timers) clearInterval(timer)
    },
  }
}
