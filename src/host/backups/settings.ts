import { resolve } from 'node:path'
import type { Config } from '#src/config.server.ts'

/** BACKUP_DIR, or the data folder's name with `-backups`: beside it, never inside it. */
export function backupDir(settings: Config, dataDir: string): string {
  return resolve(settings.BACKUP_DIR ?? `${dataDir}-backups`)
}
