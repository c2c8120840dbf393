/** `npm run seed:menu`: writes the default menu of content/navigation.yaml into supabase/seed.sql. */
import { readFile, writeFile } from 'node:fs/promises'
import { parse } from 'yaml'
import { withMenuSeed } from '../src/siteContent/menuSeed'
import { navigationSchema } from '../src/siteContent/schema'

const root = new URL('../', import.meta.url)
const navigation = navigationSchema.parse(parse(await readFile(new URL('content/navigation.yaml', root), 'utf8')))
const seedFile = new URL('supabase/seed.sql', root)
const seed = await readFile(seedFile, 'utf8')
const next = withMenuSeed(seed, navigation.menu)
if (next === seed) console.log('supabase/seed.sql ya tiene el menú de content/navigation.yaml.')
else {
  await writeFile(seedFile, next)
  console.log('supabase/seed.sql: menú actualizado desde content/navigation.yaml.')
}
