/**
 * The key that signs the form's time tokens and proof-of-work challenges: LEADS_FORM_SECRET when set (the
 * same on every server behind a balancer), otherwise a random key kept in the data folder (mode 0600).
 */
import { randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

export async function formSecret(dataDir: string, fromEnv: string | undefined): Promise<Buffer> {
  if (fromEnv) return Buffer.from(fromEnv, 'utf8')
  const file = join(dataDir, 'form-secret')
  const stored = await readFile(file).catch(() => null)
  if (stored?.length) return stored
  const secret = randomBytes(32)
  await writeFile(file, secret, { mode: 0o600 })
  return secret
}
