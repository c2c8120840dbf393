// `npm run backup` and `npm run restore -- FILE [FOLDER]` (docs/operations.md, «Backups»; README).
// A backup asks the server running on DATA_DIR through its socket, so the server keeps serving and keeps its
// lock; with no server running, this process opens the folder itself (taking the same lock) and writes it.
import { createConnection } from 'node:net'
import { relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { config } from '#src/config.server.ts'
import { DataDirInUse } from '#src/backend/dataLock.ts'
import { Database } from '#src/backend/db.ts'
import { BACKUP_SOCKET, writeBackup, type BackupResult } from './backup.ts'
import { RestoreRefused, restoreBackup } from './restore.ts'
import { backupDir } from './settings.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const settings = config()
const dataDir = resolve(settings.DATA_DIR ?? resolve(root, '.data'))
const [command, ...args] = process.argv.slice(2)

if (command === 'backup' && args.length === 0) await backup()
else if (command === 'restore' && (args.length === 1 || args.length === 2)) await restore(args[0]!, args[1])
else {
  console.error('Usage: npm run backup   |   npm run restore -- BACKUP_FILE [NEW_DATA_FOLDER]')
  process.exit(2)
}

async function backup(): Promise<void> {
  const dir = backupDir(settings, dataDir)
  try {
    const result = (await askServer()) ?? (await backupStopped(dir))
    const tables = Object.values(result.manifest.tables).reduce((sum, n) => sum + n, 0)
    console.log(`Backup written: ${result.file}`)
    console.log(
      `  ${(result.size / 1e6).toFixed(1)} MB; ${tables} rows in ${Object.keys(result.manifest.tables).length} tables, ${result.manifest.files.length} files.`,
    )
    console.log(`  Restore it with: npm run restore -- ${result.file}`)
  } catch (error) {
    console.error(`No backup was written: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
}

/** The running server's backup, or null when no server listens on the folder's socket. */
function askServer(): Promise<BackupResult | null> {
  return new Promise((resolvePromise, reject) => {
    const socket = createConnection(resolve(dataDir, BACKUP_SOCKET))
    let answer = ''
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolvePromise(null)
      else reject(error)
    })
    socket.on('end', () => {
      try {
        const reply = JSON.parse(answer) as ({ ok: true } & BackupResult) | { ok: false; error: string }
        if (reply.ok) resolvePromise(reply)
        else reject(new Error(reply.error))
      } catch {
        reject(new Error('the server closed the connection without an answer (it is stopping?)'))
      }
    })
  })
}

/** No server answers: this process takes the folder's lock (refused if a server holds it after all). */
async function backupStopped(dir: string): Promise<BackupResult> {
  let db: Database | undefined
  try {
    db = (await Database.open(dataDir)).db
    return await writeBackup({ db, dataDir, dir })
  } catch (error) {
    if (error instanceof DataDirInUse) throw new Error(`${error.message.split('. ')[0]}, and that server does not answer on ${BACKUP_SOCKET}.`)
    throw error
  } finally {
    await db?.close()
  }
}

async function restore(file: string, folder?: string): Promise<void> {
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
  const target = resolve(folder ?? `${dataDir}-restored-${stamp}`)
  try {
    const manifest = await restoreBackup(resolve(file), target)
    const shown = relative(process.cwd(), target) || '.'
    console.log(`Restored the backup of ${manifest.createdAt} (release ${manifest.productVersion}) into ${target}.`)
    const folderName = shown.startsWith('..') || shown.startsWith('/') ? target : shown
    console.log('Every file matched its checksum and every table its row count. Start the server on it with:')
    console.log(`  DATA_DIR=${folderName} npm start`)
    // A trial restore runs beside the server it was taken from, which holds the port.
    console.log(`(if a server still runs on ${dataDir}, stop it first, or give this one another port: DATA_DIR=${folderName} PORT=3001 npm start)`)
    console.log(`To make it the default data folder instead, stop the server and move ${dataDir} aside, then rename the restored folder to it.`)
  } catch (error) {
    if (!(error instanceof RestoreRefused)) throw error
    console.error(`Nothing was restored: ${error.message}`)
    process.exit(1)
  }
}
