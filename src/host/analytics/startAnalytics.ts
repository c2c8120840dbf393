// The analytics service of the host (docs/decisions/0091-cookie-free-analytics.md): the beacon endpoint's
// checks, the batched writer, the shared daily salt, and an hourly roll-up of finished days (which also
// deletes raw events past 30 days). Everything is written as the service role, so a hosted Supabase project
// works the same.
import type { SupabaseClient } from '@supabase/supabase-js'
import { madridDay } from '../../analytics/madridDay.ts'
import type { Database } from '../../lib/database.types.ts'
import type { ClientAddress } from '#src/backend/clientAddress.ts'
import { logger, runJob } from '#src/backend/log.ts'
import { createBeacons, type Beacons } from './beacons.ts'
import { DailySalt } from './dailySalt.ts'
import { EventWriter } from './eventWriter.ts'

export interface AnalyticsDeps {
  service: SupabaseClient<Database>
  /** The site's public URL: its host is the hash's site and the referrer that is no source. */
  siteUrl: string
  rollUpEveryMs?: number
  saltEveryMs?: number
  writeEveryMs?: number
  /** Events one client address may send a minute (ANALYTICS_EVENTS_PER_ADDRESS_PER_MINUTE). */
  perAddress?: number
  clientAddress: ClientAddress
}

export interface Analytics {
  beacons: Beacons
  /** Writes the events waiting now (a stop does it while the backend still takes requests). */
  flush(): Promise<void>
  close(): Promise<void>
}

export function startAnalytics(deps: AnalyticsDeps): Analytics {
  const { service } = deps
  const log = logger('analytics')
  const warn = (what: string) => (error: unknown) => log.warn(`${what}: ${error instanceof Error ? error.message : String(error)}`)
  const salt = new DailySalt(async (day, candidate) => {
    const { data, error } = await service.rpc('analytics_salt', { p_day: day, p_candidate: candidate })
    if (error) throw new Error(error.message)
    return data
  })
  const writer = new EventWriter({
    intervalMs: deps.writeEveryMs,
    write: async (events) => {
      const { error } = await service.rpc('record_analytics', { events })
      if (error) throw new Error(error.message)
    },
    onError: warn('events not written (said once until a write succeeds)'),
  })
  const rollUp = async () => {
    const { error } = await service.rpc('analytics_roll_up', { p_today: madridDay() })
    if (error) throw new Error(error.message)
  }
  // Asking for the day's salt deletes the earlier days' (public.analytics_salt): every few minutes, so a
  // salt is gone within minutes of its day's end even when no one visits.
  let saltDay: string | undefined
  const timers = [
    every(
      deps.saltEveryMs ?? 5 * 60_000,
      // Idle (debug) but for the first run of a day, which made the day's salt and deleted the earlier ones.
      () =>
        runJob(
          'analytics salt',
          () => salt.current(),
          ({ day }) => {
            const renewed = day === saltDay ? 0 : 1
            saltDay = day
            return { renewed }
          },
        ).then(() => undefined),
      warn('salt not renewed'),
    ),
    every(deps.rollUpEveryMs ?? 3_600_000, () => runJob('analytics roll-up', rollUp), warn('roll-up failed')),
  ]
  return {
    beacons: createBeacons({
      salt,
      writer,
      siteHost: new URL(deps.siteUrl).hostname,
      perAddress: deps.perAddress,
      clientAddress: deps.clientAddress,
    }),
    flush: () => writer.flush(),
    close: async () => {
      for (const timer of timers) clearInterval(timer)
      await writer.close()
    },
  }
}

/** Runs `job` now and every `ms`, never keeping the process alive; a failure is reported, not thrown. */
function every(ms: number, job: () => Promise<void>, onError: (error: unknown) => void): NodeJS.Timeout {
  void job().catch(onError)
  const timer = setInterval(() => void job().catch(onError), ms)
  timer.unref()
  return timer
}
