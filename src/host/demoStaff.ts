// The demo staff account `npm start` makes on a fresh data folder, so a first visitor can open /admin. Its
// password is random (a fixed one would be known to anyone who read the code), printed once and kept in a
// file only this user can read (the data folder is 0700, this file 0600). Never made in production.
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Database } from '../backend/db.ts'
import { ensureStaff } from './staff.ts'

export const DEMO_STAFF_FILE = 'demo-staff.txt'

export function demoStaffFile(dataDir: string): string | undefined {
  const file = join(dataDir, DEMO_STAFF_FILE)
  return existsSync(file) ? file : undefined
}

/** Creates the account (staff) and writes its credentials to DATA_DIR/demo-staff.txt, mode 0600. */
export async function createDemoStaff(db: Database, dataDir: string, email: string, password = randomBytes(12).toString('base64url')) {
  await ensureStaff(db, email, password)
  const file = join(dataDir, DEMO_STAFF_FILE)
  const text = `Demo staff account of this data folder, created ${new Date().toISOString()}\nemail: ${email}\npassword: ${password}\n`
  await writeFile(file, text, { mode: 0o600 })
  return { email, password, file }
}

/** Reads the password back from the file (the e2e suite signs in with it). */
export function parseDemoStaffFile(text: string): { email: string; password: string } {
  const field = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(text)?.[1] ?? ''
  return { email: field('email'), password: field('password') }
}
