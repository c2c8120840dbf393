// Oversized and malformed requests against the embedded backend through supabase-js, each answered
// with a 4xx in the shape of the service it was sent to (never a 500, never a crash of the WebAssembly
// Postgres), and the server still serving afterwards. Limits: docs/backend.md, "Limits".
import { describe, expect, it } from 'vitest'
import { Database } from '../../src/backend/db.ts'
import { embeddedOnly, freshDataDir, isHosted, serverWithRoles, uniqueEmail } from './target.ts'
import { rm } from 'node:fs/promises'

const my = serverWithRoles()

async function stillServing(): Promise<void> {
  const { data, error } = await my.anon.from('blog_tags').select('id').limit(1)
  expect(error).toBeNull()
  expect(data).toHaveLength(1)
}

describe.skipIf(isHosted)(`nesting and size limits at the edge ${embeddedOnly}`, () => {
  it('answers a filter value of 6,000 [ and 6,000 ] with a 4xx, not the database crashing (500 XX000)', async () => {
    const value = '['.repeat(6000) + ']'.repeat(6000)
    const { error, status } = await my.anon.from('pages').select('id').filter('content', 'eq', value)
    expect(status).toBe(414)
    expect(error?.code).toBe('PGRST100')
    // Within the URL limit (1,000 each: 6 KB encoded), the nesting itself is refused.
    const shallower = '['.repeat(1000) + ']'.repeat(1000)
    const deep = await my.anon.from('pages').select('id').filter('content', 'eq', shallower)
    expect(deep.status).toBe(400)
    expect(deep.error?.code).toBe('PGRST100')
    // So are parentheses nested in an or=(…) tree.
    const tree = await my.anon
      .from('pages')
      .select('id')
      .or(`${'or('.repeat(200)}id.is.null${')'.repeat(200)}`)
    expect(tree.status).toBe(400)
    await stillServing()
  })

  // supabase-js cannot send these (JSON.stringify runs out of stack at this depth), so they go as raw HTTP
  // with the same headers it would send.
  const deepText = (depth: number) => '['.repeat(depth) + '1' + ']'.repeat(depth)

  async function raw(path: string, method: string, body: string, token?: string) {
    const res = await fetch(my.target.url + path, {
      method,
      headers: {
        apikey: my.target.anonKey,
        Authorization: `Bearer ${token ?? my.target.anonKey}`,
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
      },
      body,
    })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }

  it('answers JSON bodies nested 5,000 deep with 400 PGRST102 on insert, update and rpc, as anon and as staff', async () => {
    const staffToken = (await my.staff.auth.getSession()).data.session!.access_token
    for (const token of [undefined, staffToken]) {
      for (const [method, path, body] of [
        ['POST', '/rest/v1/pages', `{"title":"Hondo","slug":"hondo","content":${deepText(5000)}}`],
        ['PATCH', '/rest/v1/pages?slug=eq.hondo', `{"content":${deepText(5000)}}`],
        ['POST', '/rest/v1/rpc/replace_post_tags', `{"post_id":"${crypto.randomUUID()}","tag_ids":${deepText(5000)}}`],
      ] as const) {
        const answer = await raw(path, method, body, token)
        expect(answer, `${method} ${path}`).toEqual({
          status: 400,
          body: { code: 'PGRST102', details: 'JSON nested deeper than 64 levels', hint: null, message: 'Invalid body' },
        })
      }
    }
    await stillServing()
  })

  it('still takes JSON nested 64 deep (the limit) and refuses 65', async () => {
    const staffToken = (await my.staff.auth.getSession()).data.session!.access_token
    // 63 arrays inside the body's object: 64 levels; the function then refuses the value, not the edge.
    const at = await raw('/rest/v1/rpc/replace_post_tags', 'POST', `{"post_id":"${crypto.randomUUID()}","tag_ids":${deepText(63)}}`, staffToken)
    expect(at.body.code).not.toBe('PGRST102')
    const over = await raw('/rest/v1/rpc/replace_post_tags', 'POST', `{"post_id":"${crypto.randomUUID()}","tag_ids":${deepText(64)}}`, staffToken)
    expect(over.body.code).toBe('PGRST102')
  })

  it('answers sign-up metadata nested 5,000 deep with 400 in GoTrue shape', async () => {
    const answer = await raw('/auth/v1/signup', 'POST', `{"email":"${uniqueEmail('hondo')}","password":"Valida-123","data":{"a":${deepText(5000)}}}`)
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ code: 'bad_json' })
    expect(String(answer.body.message)).toContain('nested deeper than 64')
    await stillServing()
  })
})

describe.skipIf(isHosted)(`slow statements ${embeddedOnly}`, () => {
  it('deletes 20,000 menu items in seconds, not the quadratic 7 s of an unindexed parent_id', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ id: crypto.randomUUID(), label: 'Masa', path: '/masa', order_num: i }))
    for (let at = 0; at < rows.length; at += 2000) {
      const { error } = await my.service.from('menu_items').insert(rows.slice(at, at + 2000))
      expect(error).toBeNull()
    }
    const started = Date.now()
    const { error, count } = await my.service.from('menu_items').delete({ count: 'exact' }).eq('path', '/masa')
    const took = Date.now() - started
    expect(error).toBeNull()
    expect(count).toBe(20_000)
    expect(took).toBeLessThan(3000)
    await stillServing()
  }, 60_000)

  it('leaves no foreign key without an index, and sets the API roles’ statement timeouts as hosted Supabase does', async () => {
    const dataDir = await freshDataDir()
    const { db } = await Database.open(dataDir)
    try {
      const { unindexed, settings } = await db.transaction(async (tx) => ({
        unindexed: (
          await tx.query<{ key: string }>(`
            select c.conrelid::regclass || ' (' || c.conname || ')' as key
            from pg_constraint c
            where c.contype = 'f'
              and c.connamespace in ('public'::regnamespace, 'auth'::regnamespace)
              and not exists (
                select 1 from pg_index i
                where i.indrelid = c.conrelid and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
              )`)
        ).rows.map((row) => row.key),
        settings: (
          await tx.query<{ role: string; config: string[] }>(`
            select r.rolname as role, s.setconfig as config
            from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
            where r.rolname in ('anon', 'authenticated') order by 1`)
        ).rows,
      }))
      expect(unindexed).toEqual([])
      expect(settings).toEqual([
        { role: 'anon', config: ['statement_timeout=3s'] },
        { role: 'authenticated', config: ['statement_timeout=8s'] },
      ])
    } finally {
      await db.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
