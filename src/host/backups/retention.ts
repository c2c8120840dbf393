// Which backups a schedule keeps: the newest `keepRecent` (hourly backups: the last two days with 48), and
// the newest of each of the last `keepDaily` days (UTC), so a mistake noticed weeks later can still be undone.

export interface Retention {
  keepRecent: number
  keepDaily: number
}

/** The backups to delete, from `backups` sorted newest first. */
export function expired<B extends { takenAt: Date }>(backups: B[], retention: Retention, now = new Date()): B[] {
  const keep = new Set(backups.slice(0, retention.keepRecent))
  const oldestDay = now.getTime() - retention.keepDaily * 86_400_000
  const days = new Set<string>()
  for (const backup of backups) {
    const day = backup.takenAt.toISOString().slice(0, 10)
    if (backup.takenAt.getTime() < oldestDay || days.has(day)) continue
    days.add(day)
    keep.add(backup)
  }
  return backups.filter((backup) => !keep.has(backup))
}
