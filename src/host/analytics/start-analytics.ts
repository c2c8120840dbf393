// The analytics service of the host (docs/decisions/0091-cookie-free-analytics.md): the beacon endpoint's
// checks, the batched writer, the shared daily salt, and an hourly roll-up of finished days (which also
// deletes raw events past 30 days). Everything is written as the service role, so a hosted Supabase project
// works the same.
import type { SupabaseClient } from '@supabase/supabase-js'
import { madridDay } from '../../analytics/madrid-day.ts'
import type { Database } from '../../lib/database.types.ts'
import { createBeacons, type Beacons } from './beacons.ts'
import { DailySalt } from './daily-salt.ts'
import { EventWriter } from './event-writer.ts'

export interface AnalyticsDeps {
  service: SupabaseClient<Database>
  /** The site's public URL: its host is the hash's site and the referrer that is no source. */
  siteUrl: string
  rollUpEveryMs?: number
  writeEveryMs?: number
}

export interface Analytics {
  beacons: Beacons
  close(): Promise<void>
}

export function startAnalytics(deps: AnalyticsDeps): Analytics {
  const { service } = deps
  const warn = (what: string) => (error: unknown) => console.warn(`[analytics] ${what}: ${error instanceof Error ? error.message : String(error)}`)
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
    // Asking for today's salt also deletes the salts past 48 h on a day with no visit.
    await salt.current()
    const { error } = await service.rpc('analytics_roll_up', { p_today: madridDay() })
    if (error) throw new Error(error.message)
  }
  void rollUp().catch(warn('roll-up failed'))
  const timer = setInterval(() => void rollUp().catch(warn('roll-up failed')), deps.rollUpEveryMs ?? 3_600_000)
  timer.unref()
  return {
    beacons: createBeacons({ salt, writer, siteHost: new URL(deps.siteUrl).hostname }),
    close: async () => {
      clearInterval(timer)
      await writer.close()
    },
  }
}
