// A lead's follow-up, run inside the server as retention is (docs/decisions/0094-lead-assignment-reminders-response-time.md),
// never in a scheduler that could silently not run. Every few seconds (LEADS_FOLLOW_UP_EVERY_MS) one pass:
//  - gives each new lead its due time: its arrival plus LEADS_ANSWER_HOURS working hours (./workingHours);
//  - e-mails each assignee who has not been told of a lead (public.leads.assignee_notified);
//  - reminds once of each lead still «nuevo» past its due time, to its assignee or to every admin.
// Everything it knows is in the database, so a restart resumes where the last pass stopped; each mail is
// claimed and queued in one call (queue_assignment_mail, queue_lead_reminder), so two servers never both send
// one and a crash between the claim and the queue cannot lose it. All of it goes through the service role, so
// a hosted Supabase project works the same.
import type { SupabaseClient } from '@supabase/supabase-js'
import { runJob } from '#src/backend/log.ts'
import type { Database } from '../../lib/database.types.ts'
import { addWorkingHours, type WorkingHours } from '../../lib/workingHours.ts'
import type { Mailer } from '../../mail/mailer.server.ts'
import { assignmentMessage, reminderMessage, type FollowUpLead } from './messages.tsx'

export interface LeadRemindersDeps {
  service: SupabaseClient<Database>
  mailer: Pick<Mailer, 'deliverDue'>
  /** Where the admin is (the server's public URL), for the links. */
  adminUrl: string
  /** LEADS_ANSWER_HOURS, in working hours. */
  answerHours: number
  workingHours: WorkingHours
  everyMs: number
  /** A service page's name by its slug (undefined when the site's build is not there). */
  serviceName: (slug: string) => string | undefined
}

/** Leads of each kind one pass takes at most; a pass that found a full batch runs again at once. */
const BATCH = 50

export function startLeadReminders(deps: LeadRemindersDeps) {
  const { service } = deps
  let running: Promise<void> | undefined
  let handled = 0

  const check = <T>({ data, error }: { data: T | null; error: { message: string } | null }, what: string): T => {
    if (error || data === null) throw new Error(`${what}: ${error?.message ?? 'no answer'}`)
    return data
  }

  /** One pass; true when a batch was full (more may be waiting). */
  const pass = async (): Promise<boolean> => {
    const work = check(await service.rpc('lead_follow_ups', { batch: BATCH }), 'lead_follow_ups')
    handled += work.length
    const scheduled = work.filter((w) => w.kind === 'schedule')
    if (scheduled.length) {
      const items = scheduled.map((w) => ({
        id: w.id,
        due: addWorkingHours(new Date(w.created_at), deps.answerHours, deps.workingHours).toISOString(),
      }))
      check(await service.rpc('schedule_leads', { items }), 'schedule_leads')
    }
    const mails = work.filter((w) => w.kind !== 'schedule')
    if (mails.length) {
      const rows = check(
        await service
          .from('leads')
          .select('id, name, service, created_at, answer_due_at')
          .in(
            'id',
            mails.map((w) => w.id),
          ),
        'leads',
      )
      const leads = new Map(
        rows.map((row): [string, FollowUpLead] => [
          row.id,
          { ...row, service: row.service ? (deps.serviceName(row.service) ?? row.service) : 'Consulta general' },
        ]),
      )
      let admins: string[] | undefined
      let queued = 0
      for (const item of mails) {
        const lead = leads.get(item.id)
        if (!lead) continue // deleted meanwhile
        if (item.kind === 'assigned' && item.assignee && item.assignee_email) {
          const message = assignmentMessage(item.assignee_email, lead, deps.adminUrl)
          const sent = check(await service.rpc('queue_assignment_mail', { lead: item.id, assignee: item.assignee, message }), 'queue_assignment_mail')
          if (sent) queued++
        } else if (item.kind === 'reminder') {
          const to = item.assignee_email
            ? [item.assignee_email]
            : (admins ??= check(await service.rpc('admin_emails'), 'admin_emails').map((a) => a.email))
          const messages = to.map((address) => reminderMessage(address, lead, deps.adminUrl, Boolean(item.assignee_email)))
          // assignee (null when nobody): who the messages were written for; a lead reassigned meanwhile is not claimed.
          const sent = check(await service.rpc('queue_lead_reminder', { lead: item.id, assignee: item.assignee, messages }), 'queue_lead_reminder')
          if (sent) queued++
        }
      }
      if (queued) void deps.mailer.deliverDue()
    }
    // A lead scheduled in this pass may already be due (a short period): the next pass, at once, reminds it.
    return scheduled.length > 0 || work.length >= BATCH
  }

  const run = (): Promise<void> => {
    running ??= (async () => {
      try {
        // One log line per run (decision 0098): the leads it handled; debug when there were none.
        await runJob(
          'lead follow-up',
          async () => {
            handled = 0
            for (let again = true, passes = 0; again && passes < 20; passes++) again = await pass()
            return handled
          },
          (leads) => ({ leads }),
        )
      } catch {
        // Logged by runJob as the run's warning; the next tick retries.
      } finally {
        running = undefined
      }
    })()
    return running
  }

  const timer = setInterval(() => void run(), deps.everyMs)
  timer.unref()
  void run()

  return {
    /** Runs a pass now (it also runs at start and on its timer). */
    run,
    async close(): Promise<void> {
      clearInterval(timer)
      await running
    },
  }
}
