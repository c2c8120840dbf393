// Revisions (docs/decisions/0065-revisions-by-the-database.md): what the revision trigger adds to one save.
// The same save of a post (an UPDATE as a signed-in member of staff, so the author is looked up) runs in the
// database on its own data folder, alternately with the trigger enabled and disabled, in rounds, so both
// sides see the same machine load; the overhead is the difference of the medians. The record already has
// more than keep_last revisions, so each timed save also runs the pruning query. Budget: ≤ 5 ms per save.
import { mkdtemp, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { Database } from '../../src/backend/db.ts'

const ROUNDS = 10
const SAVES_PER_ROUND = 30
const MAX_OVERHEAD_MS = 5

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

export async function benchRevisions(root: string): Promise<{ lines: string[]; ok: boolean }> {
  const dataDir = await mkdtemp(join(root, '.tmp', 'bench-revisions-'))
  const { db } = await Database.open(dataDir)
  try {
    const { postId, claims } = await db.transaction(async (tx) => {
      const user = await tx.query<{ id: string }>(
        `insert into auth.users (email, encrypted_password) values ('bench-revisions@example.com', '') returning id`,
      )
      const id = user.rows[0]!.id
      await tx.query(`insert into public.staff (user_id, role) values ($1, 'editor')`, [id])
      const post = await tx.query<{ id: string }>(
        `insert into public.blog_posts (title, slug, content) values ('Medida', 'medida-revisiones', $1) returning id`,
        ['Texto. '.repeat(500)],
      )
      return { postId: post.rows[0]!.id, claims: JSON.stringify({ sub: id, role: 'authenticated', email: 'bench-revisions@example.com' }) }
    })
    const save = (n: number) =>
      db.transaction(async (tx) => {
        await tx.query(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [claims])
        const start = performance.now()
        await tx.query(`update public.blog_posts set content = $1 where id = $2`, [`Texto ${n}. `.repeat(500), postId])
        return performance.now() - start
      })
    const setTrigger = (enabled: boolean) =>
      db.transaction((tx) => tx.query(`alter table public.blog_posts ${enabled ? 'enable' : 'disable'} trigger blog_posts_revision_update`))

    // Past keep_last (50) revisions, so the pruning query has rows to walk.
    for (let i = 0; i < 60; i++) await save(i)
    const timed = { with: [] as number[], without: [] as number[] }
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of round % 2 ? (['without', 'with'] as const) : (['with', 'without'] as const)) {
        await setTrigger(side === 'with')
        for (let i = 0; i < SAVES_PER_ROUND; i++) timed[side].push(await save(round * 1000 + i))
      }
    }
    await setTrigger(true)
    const overhead = median(timed.with) - median(timed.without)
    const ok = overhead <= MAX_OVERHEAD_MS
    return {
      ok,
      lines: [
        `Revisions: a post save (UPDATE as staff, ${ROUNDS * SAVES_PER_ROUND} per side), median with the trigger ${median(timed.with).toFixed(2)} ms, without ${median(timed.without).toFixed(2)} ms`,
        `  overhead ${overhead.toFixed(2)} ms per save (budget ≤ ${MAX_OVERHEAD_MS} ms)${ok ? '' : '  MISSED'}`,
      ],
    }
  } finally {
    await db.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}
