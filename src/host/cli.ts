// `npm run staff -- EMAIL PASSWORD`: creates the account if it does not exist and makes it staff, in the
// embedded backend's data folder (DATA_DIR, default ./.data). On a hosted Supabase project do the same with
// SQL instead: see docs/backend.md.
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { config } from '../config.server.ts'
import { AuthError, validCredentials } from '../backend/auth/index.ts'
import { Database } from '../backend/db.ts'
import { ensureStaff } from './staff.ts'

const usage = 'Usage: npm run staff -- EMAIL PASSWORD   (DATA_DIR selects the data folder, default ./.data)'
const [email, password, ...extra] = process.argv.slice(2)
if (!email || !password || extra.length) {
  console.error(usage)
  process.exit(2)
}

try {
  validCredentials(email, password)
} catch (error) {
  console.error(`Could not make ${email} staff: ${(error as AuthError).message}`)
  process.exit(2)
}

const dataDir = resolve(config().DATA_DIR ?? fileURLToPath(new URL('../../.data', import.meta.url)))
let db: Database | undefined
try {
  const opened = await Database.open(dataDir)
  db = opened.db
  if (opened.fresh) console.log(`Created a new database in ${dataDir} (with the demo content).`)
  const result = await ensureStaff(db, email, password)
  const who = email.trim().toLowerCase()
  if (result.accountCreated) console.log(`Created the account ${who} and made it an admin of the team.`)
  else if (result.alreadyStaff) console.log(`${who} already exists and is already an admin; its password was not changed.`)
  else console.log(`${who} already existed (password not changed) and is now an admin.`)
  await db.close()
} catch (error) {
  await db?.close().catch(() => undefined)
  console.error(`Could not make ${email} staff: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
