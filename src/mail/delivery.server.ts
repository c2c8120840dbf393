/**
 * The product's mail delivery as one of the host's services (src/host/start.ts): the one Mailer of the
 * process, its queue in the database through the service role, its transport from the configuration
 * (SMTP or an outbox folder), and its delivery loop, started here and stopped by `close`.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../lib/database.types.ts'
import { Mailer, type JobRunner } from './mailer.server.ts'
import { restMailQueue } from './queue.server.ts'
import { outboxDir, transportFromEnv, type MailEnv } from './transport.server.ts'

export interface MailDeliveryDeps {
  /** A supabase-js client with the service-role key: server-only, never logged. */
  service: SupabaseClient<Database>
  env: MailEnv
  dataDir: string
  /** Each delivery pass's log line (src/backend/log.ts `runJob`). */
  job?: JobRunner
}

export function startMailDelivery({ service, env, dataDir, job }: MailDeliveryDeps) {
  const mailer = new Mailer(restMailQueue(service), transportFromEnv(env, dataDir), { outboxDir: outboxDir(dataDir), job })
  mailer.start()
  return { mailer, close: () => mailer.close() }
}
