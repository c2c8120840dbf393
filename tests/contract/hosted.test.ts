// Marks, in every test report, whether the suite ran against a hosted Supabase project; when it does, first
// checks that the project has this repository's migrations (the rest of the suite assumes them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, isHosted, startTarget, targetName, type Target } from './target.ts'

let target: Target
beforeAll(async () => {
  if (isHosted) target = await startTarget()
})
afterAll(() => target?.close())

describe.skipIf(!isHosted)(
  'hosted project (skipped: set SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY to run the whole suite against one)',
  () => {
    it(`${targetName} has the migrations of supabase/ applied`, async () => {
      const anon = client(target)
      expect((await anon.rpc('is_staff')).data).toBe(false)
      for (const table of ['blog_posts', 'blog_tags', 'blog_post_tags', 'pages', 'content_blocks', 'menu_items', 'seo_metadata'] as const) {
        const { error } = await anon.from(table).select('*', { count: 'exact', head: true })
        expect(error, table).toBeNull()
      }
      const write = await anon.from('blog_tags').insert({ name: 'x', slug: 'x' })
      expect(write.error?.code).toBe('42501')
    })
  },
)
