// The committed Database type is the one the migrations generate: a migration without `npm run db:types`
// (or a hand edit of the generated file) fails here, before the code that reads the tables drifts from them.
import { readFile } from 'node:fs/promises'
import { expect, test } from 'vitest'
import { generateDatabaseTypes, TYPES_FILE } from '../../scripts/db-types/generate.ts'

test('src/lib/database.types.ts is what supabase/migrations generate (run `npm run db:types` after a migration)', async () => {
  expect(await readFile(TYPES_FILE, 'utf8')).toBe(await generateDatabaseTypes())
}, 180_000)
