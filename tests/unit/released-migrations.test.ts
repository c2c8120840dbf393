// A migration, once released, never changes (decision 0099): a data folder or a hosted project that applied
// it will never apply it again, so an edit would reach only new installs and the two would differ for good.
// supabase/released-migrations.sha256 lists every released migration with its SHA-256 (`sha256sum` format,
// so `cd supabase/migrations && sha256sum -c ../released-migrations.sha256` checks it too). A new migration
// is not listed until it is released; a listed one that changed or disappeared fails here.
import { createHash } from 'node:crypto'
import { readFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const supabaseDir = fileURLToPath(new URL('../../supabase/', import.meta.url))
const listed = readFileSync(join(supabaseDir, 'released-migrations.sha256'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => {
    const [hash, file] = line.split(/\s+\*?/)
    return { hash: hash!, file: file! }
  })

describe('released migrations', () => {
  it('lists the migrations released so far, each once', () => {
    expect(listed.length).toBeGreaterThanOrEqual(25)
    expect(new Set(listed.map((m) => m.file)).size).toBe(listed.length)
    for (const { hash, file } of listed) {
      expect(file).toMatch(/^\d{14}_[a-z0-9_]+\.sql$/)
      expect(hash).toMatch(/^[0-9a-f]{64}$/)
    }
  })

  it.each(listed)('$file is unchanged', ({ hash, file }) => {
    const path = join(supabaseDir, 'migrations', file)
    expect(existsSync(path), `${file} was released and must stay`).toBe(true)
    expect(createHash('sha256').update(readFileSync(path)).digest('hex'), `${file} was released: add a new migration instead`).toBe(hash)
  })
})
