/** `npm run db:types`: rewrites src/lib/database.types.ts from supabase/migrations (scripts/db-types/generate.ts). */
import { writeFile } from 'node:fs/promises'
import { generateDatabaseTypes, TYPES_FILE } from './db-types/generate.ts'

await writeFile(TYPES_FILE, await generateDatabaseTypes())
console.log(`Escrito ${TYPES_FILE}`)
