// The permission matrix: every table x {anonymous, signed-in non-staff, staff (an editor)} x {select, insert, update,
// delete}, each cell stating what the policies of supabase/migrations/*_staff_and_policies.sql promise and
// checked through @supabase/supabase-js. Effects are verified with the service-role key, which bypasses RLS.
// Defined here and run by permissions.test.ts on a quiet server and by one-session.test.ts while 50 other
// clients hammer the same server (decision 0025: one database session serves every request).
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../../src/lib/database.types'
import { afterAll, beforeAll, describe, expect, it, type SuiteOptions } from 'vitest'
import type { ServerOptions } from '../../src/backend/app.ts'
import { account, client, unique, sharedTarget, startTarget, type Account, type Target } from './target.ts'

type Role = 'anon' | 'user' | 'staff'
type Op = 'select' | 'insert' | 'update' | 'delete'
type Row = Record<string, unknown>
type TableName = keyof Database['public']['Tables']
/**
 * The matrix walks every table with rows built at run time, so it queries through the untyped view of a
 * client; the table names are still the generated ones, so a renamed table fails the typecheck.
 */
const from = (c: SupabaseClient<Database>, table: TableName) => (c as unknown as SupabaseClient).from(table)
/**
 * public: sees the rows the public site may show (drafts hidden); all: sees every row; own: sees only its own
 * row; none: no error, but sees no row; done: the write happens; ignored: no error, but row-level security leaves the rows untouched;
 * 401 / 403: refused with 42501 and that status (PostgREST: 401 for anonymous requests).
 */
type Outcome = 'public' | 'all' | 'own' | 'none' | 'done' | 'ignored' | 401 | 403

const CMS_TABLES: Record<Op, Record<Role, Outcome>> = {
  select: { anon: 'public', user: 'public', staff: 'all' },
  insert: { anon: 401, user: 403, staff: 'done' },
  update: { anon: 401, user: 'ignored', staff: 'done' },
  delete: { anon: 401, user: 'ignored', staff: 'done' },
}
// public.staff is the admins' (team-roles.test.ts): an editor, like any account, reads only its own row, adds
// nobody, changes nothing but the role column (and that only as an admin), and its deletes reach no row.
const STAFF_TABLE: Record<Op, Record<Role, Outcome>> = {
  select: { anon: 401, user: 'own', staff: 'own' },
  insert: { anon: 401, user: 403, staff: 403 },
  update: { anon: 401, user: 403, staff: 403 },
  delete: { anon: 401, user: 'ignored', staff: 'ignored' },
}

// Enquiries from the contact form: only the site server (service role) inserts; staff read, follow up and erase.
const LEADS_TABLE: Record<Op, Record<Role, Outcome>> = {
  select: { anon: 401, user: 'none', staff: 'all' },
  insert: { anon: 401, user: 403, staff: 403 },
  update: { anon: 401, user: 'ignored', staff: 'done' },
  delete: { anon: 401, user: 'ignored', staff: 'done' },
}
// The 404 log: only the site server (service role) adds counts; staff read it and dismiss paths.
const NOT_FOUND_LOG_TABLE: Record<Op, Record<Role, Outcome>> = {
  select: { anon: 401, user: 'none', staff: 'all' },
  insert: { anon: 401, user: 403, staff: 403 },
  update: { anon: 401, user: 403, staff: 403 },
  delete: { anon: 401, user: 'ignored', staff: 'done' },
}
// The mail queue and the form guard belong to the server (service role): no API role reads or writes them.
const SERVICE_ONLY_TABLE: Record<Op, Record<Role, Outcome>> = {
  select: { anon: 401, user: 403, staff: 403 },
  insert: { anon: 401, user: 403, staff: 403 },
  update: { anon: 401, user: 403, staff: 403 },
  delete: { anon: 401, user: 403, staff: 403 },
}

interface Fixture {
  table: TableName
  policy: Record<Op, Record<Role, Outcome>>
  /** Rows to act on, made as staff: one the public site may show and, for tables with drafts, one it may not. */
  rows(): Promise<{ shown: Row; hidden?: Row }>
  /** What an insert attempt sends. */
  newRow(): Promise<Row>
  /** What an update attempt sends. */
  change(): Promise<Row>
}

let target: Target
let roles: Record<Role, SupabaseClient<Database>>
let staff: Account
let user: Account
let service: SupabaseClient<Database>

async function made(table: TableName, row: Row, key: string[]): Promise<Row> {
  const { data, error } = await from(staff.client, table).insert(row).select().single()
  if (error) throw new Error(`${table}: ${error.message}`)
  return Object.fromEntries(key.map((k) => [k, (data as Row)[k]]))
}
/** A row only the service role may write (staff cannot insert into these tables). */
async function madeByServer(table: TableName, row: Row): Promise<Row> {
  const { data, error } = await from(service, table).insert(row).select('id').single()
  if (error) throw new Error(`${table}: ${error.message}`)
  return { id: (data as Row).id }
}
const lead = () => ({ name: 'Ana', email: 'ana@example.com', message: unique('consulta'), page_path: '/shopify', service: 'shopify' })
const mail = () => ({ message: { to: 'equipo@example.com', subject: unique('asunto'), text: 'x' } })
const guard = () => ({ key: unique('rate:'), hits: 1, expires_at: new Date(Date.now() + 60_000).toISOString() })
const post = (published: boolean) =>
  made('blog_posts', { title: 'Entrada', slug: unique('perm'), content: 'x', published }, ['id']).then((r) => r.id as string)
const tag = () => made('blog_tags', { name: unique('perm'), slug: unique('perm') }, ['id']).then((r) => r.id as string)

const fixtures: Fixture[] = [
  {
    table: 'blog_posts',
    policy: CMS_TABLES,
    rows: async () => ({ shown: { id: await post(true) }, hidden: { id: await post(false) } }),
    newRow: async () => ({ title: 'Intruso', slug: unique('perm'), content: 'x', published: true }),
    change: async () => ({ title: unique('cambiado') }),
  },
  {
    table: 'pages',
    policy: CMS_TABLES,
    rows: async () => ({
      shown: await made('pages', { title: 'Página', slug: unique('perm'), published: true }, ['id']),
      hidden: await made('pages', { title: 'Borrador', slug: unique('perm'), published: false }, ['id']),
    }),
    newRow: async () => ({ title: 'Intrusa', slug: unique('perm'), content: [], published: true }),
    change: async () => ({ title: unique('cambiada') }),
  },
  {
    table: 'blog_tags',
    policy: CMS_TABLES,
    rows: async () => ({ shown: { id: await tag() } }),
    newRow: async () => ({ name: unique('perm'), slug: unique('perm') }),
    change: async () => ({ name: unique('cambiado') }),
  },
  {
    table: 'blog_post_tags',
    policy: CMS_TABLES,
    rows: async () => {
      const shared = await tag()
      return {
        shown: await made('blog_post_tags', { blog_post_id: await post(true), tag_id: shared }, ['blog_post_id', 'tag_id']),
        hidden: await made('blog_post_tags', { blog_post_id: await post(false), tag_id: shared }, ['blog_post_id', 'tag_id']),
      }
    },
    newRow: async () => ({ blog_post_id: await post(true), tag_id: await tag() }),
    change: async () => ({ tag_id: await tag() }),
  },
  {
    table: 'content_blocks',
    policy: CMS_TABLES,
    rows: async () => ({
      shown: await made('content_blocks', { page: 'home', section: 's', key: unique('perm'), title: 't', content: 'c' }, ['id']),
    }),
    newRow: async () => ({ page: 'home', section: 's', key: unique('perm'), title: 't', content: 'c' }),
    change: async () => ({ title: unique('cambiado') }),
  },
  {
    table: 'menu_items',
    policy: CMS_TABLES,
    rows: async () => ({ shown: await made('menu_items', { id: crypto.randomUUID(), label: 'Blog', path: '/blog', order_num: 50 }, ['id']) }),
    newRow: async () => ({ id: crypto.randomUUID(), label: 'Intruso', path: '/x', order_num: 1 }),
    change: async () => ({ label: unique('cambiado') }),
  },
  {
    table: 'seo_metadata',
    policy: CMS_TABLES,
    rows: async () => ({ shown: await made('seo_metadata', { page_path: `/${unique('perm')}`, meta_title: 'T' }, ['id']) }),
    newRow: async () => ({ page_path: `/${unique('perm')}`, meta_title: 'Intruso' }),
    change: async () => ({ meta_title: unique('cambiado') }),
  },
  {
    // Every redirect is answered to anyone who asks for its path: public to read, like the published CMS.
    table: 'redirects',
    policy: CMS_TABLES,
    rows: async () => ({ shown: await made('redirects', { source: `/${unique('perm')}`, target: '/' }, ['id']) }),
    newRow: async () => ({ source: `/${unique('perm')}`, target: '/' }),
    change: async () => ({ target: `/${unique('cambiado')}` }),
  },
  {
    table: 'not_found_paths',
    policy: NOT_FOUND_LOG_TABLE,
    rows: async () => {
      const path = `/${unique('perm')}`
      const { error } = await service.from('not_found_paths').insert({ path, hits: 1 })
      if (error) throw new Error(`not_found_paths: ${error.message}`)
      return { shown: { path } }
    },
    newRow: async () => ({ path: `/${unique('perm')}`, hits: 1 }),
    change: async () => ({ hits: 99 }),
  },
  {
    table: 'leads',
    policy: LEADS_TABLE,
    rows: async () => ({ shown: await madeByServer('leads', lead()) }),
    newRow: async () => ({ id: crypto.randomUUID(), ...lead() }),
    change: async () => ({ status: 'contactado', notes: unique('nota') }),
  },
  {
    table: 'mail_queue',
    policy: SERVICE_ONLY_TABLE,
    rows: async () => ({ shown: await madeByServer('mail_queue', mail()) }),
    newRow: async () => ({ id: crypto.randomUUID(), ...mail() }),
    change: async () => ({ attempts: 7 }),
  },
  {
    table: 'form_guard',
    policy: SERVICE_ONLY_TABLE,
    rows: async () => {
      const row = guard()
      const { error } = await service.from('form_guard').insert(row)
      if (error) throw new Error(`form_guard: ${error.message}`)
      return { shown: { key: row.key } }
    },
    newRow: async () => guard(),
    change: async () => ({ hits: 0 }),
  },
  {
    table: 'staff',
    policy: STAFF_TABLE,
    rows: async () => ({ shown: { user_id: staff.id } }),
    newRow: async () => ({ user_id: user.id }),
    change: async () => ({ created_at: new Date().toISOString() }),
  },
]

/** The row as it really is (service role), or null when it does not exist. */
async function actual(table: TableName, key: Row): Promise<Row | null> {
  const { data, error } = await from(service, table).select('*').match(key).maybeSingle()
  if (error) throw error
  return data as Row | null
}

function expectRefused(result: { error: { code: string } | null; status: number }, status: 401 | 403) {
  expect(result.error?.code).toBe('42501')
  expect(result.status).toBe(status)
}

const ownId = (role: Role) => (role === 'staff' ? staff.id : role === 'user' ? user.id : null)

/**
 * Registers the matrix's tests and the server they run against (this worker's shared one, or, given server
 * options, one started with them for the file alone); returns that server for other hooks. `cells` are the
 * options of every table's cells: one-session.test.ts runs them concurrently (each cell makes its own rows, so
 * none waits on or disturbs another) on a server that queues every request behind many others.
 */
export function definePermissionMatrix(ownServer?: Partial<ServerOptions>, cells: SuiteOptions = {}): () => Target {
  beforeAll(async () => {
    target = ownServer ? await startTarget(ownServer) : await sharedTarget()
    staff = await account(target, { staff: true })
    user = await account(target, { staff: false })
    service = client(target, target.serviceRoleKey)
    roles = { anon: client(target), user: user.client, staff: staff.client }
  })
  afterAll(() => target?.close())

  // The drafts block below counts published posts: it runs after the cells, never beside them.
  describe.each(fixtures)('$table', cells, (fixture) => {
    describe.each(['anon', 'user', 'staff'] as const)('as %s', (role) => {
      const expected = fixture.policy

      it(`select: ${String(expected.select[role])}`, async () => {
        const outcome = expected.select[role]
        const { shown, hidden } = await fixture.rows()
        const seen = async (key: Row) => {
          const result = await from(roles[role], fixture.table).select('*').match(key)
          if (result.error) throw result.error
          return result.data.length === 1
        }
        if (outcome === 401 || outcome === 403) return expectRefused(await from(roles[role], fixture.table).select('*'), outcome)
        if (outcome === 'none') return expect(await seen(shown)).toBe(false)
        if (outcome === 'own') {
          const { data, error } = await from(roles[role], fixture.table).select('user_id')
          expect(error).toBeNull()
          const mine = role === 'staff' ? [{ user_id: ownId(role) }] : []
          return expect(data).toEqual(mine)
        }
        expect(await seen(shown)).toBe(true)
        if (hidden) expect(await seen(hidden)).toBe(outcome === 'all')
      })

      it(`insert: ${String(expected.insert[role])}`, async () => {
        const outcome = expected.insert[role]
        const row = await fixture.newRow()
        const result = await from(roles[role], fixture.table).insert(row)
        const key = Object.fromEntries(
          Object.entries(row).filter(([k]) => ['id', 'slug', 'key', 'page_path', 'user_id', 'blog_post_id', 'tag_id', 'source', 'path'].includes(k)),
        )
        if (outcome === 'done') {
          expect(result.error).toBeNull()
          expect(result.status).toBe(201)
          return expect(await actual(fixture.table, key)).not.toBeNull()
        }
        expectRefused(result, outcome as 401 | 403)
        expect(await actual(fixture.table, key)).toBeNull()
      })

      it(`update: ${String(expected.update[role])}`, async () => {
        const outcome = expected.update[role]
        const { shown } = await fixture.rows()
        const before = await actual(fixture.table, shown)
        const change = await fixture.change()
        const result = await from(roles[role], fixture.table).update(change).match(shown)
        if (outcome === 401 || outcome === 403) expectRefused(result, outcome)
        else expect(result.error).toBeNull()
        const after = await actual(fixture.table, { ...shown, ...(outcome === 'done' ? change : {}) })
        if (outcome === 'done') return expect(after).toMatchObject(change)
        expect(after).toEqual(before)
      })

      it(`delete: ${String(expected.delete[role])}`, async () => {
        const outcome = expected.delete[role]
        const { shown } = await fixture.rows()
        const result = await from(roles[role], fixture.table).delete().match(shown)
        if (outcome === 401 || outcome === 403) expectRefused(result, outcome)
        else expect(result.error).toBeNull()
        const remaining = await actual(fixture.table, shown)
        if (outcome === 'done') expect(remaining).toBeNull()
        else expect(remaining).not.toBeNull()
      })
    })
  })

  describe('drafts', () => {
    it('are invisible to anonymous visitors and signed-in non-staff, in lists and counts, and visible to staff', async () => {
      const draft = await post(false)
      for (const role of ['anon', 'user'] as const) {
        const { data } = await roles[role].from('blog_posts').select('id, published')
        expect(data!.some((p) => p.id === draft)).toBe(false)
        expect(data!.every((p) => p.published)).toBe(true)
        const { count } = await roles[role].from('blog_posts').select('*', { count: 'exact', head: true })
        expect(count).toBe(data!.length)
        const single = await roles[role].from('blog_posts').select('*').eq('id', draft).single()
        expect(single.error?.code).toBe('PGRST116')
      }
      const { data } = await roles.staff.from('blog_posts').select('id').eq('id', draft)
      expect(data).toEqual([{ id: draft }])
    })

    it('is_staff() tells a waiting account from staff', async () => {
      expect((await roles.staff.rpc('is_staff')).data).toBe(true)
      expect((await roles.user.rpc('is_staff')).data).toBe(false)
      expect((await roles.anon.rpc('is_staff')).data).toBe(false)
    })

    it('a non-staff account cannot replace tags through the RPC either', async () => {
      const postId = await post(true)
      const tagId = await tag()
      await staff.client.rpc('replace_post_tags', { post_id: postId, tag_ids: [tagId] })
      expectRefused(await roles.user.rpc('replace_post_tags', { post_id: postId, tag_ids: [await tag()] }), 403)
      expectRefused(await roles.anon.rpc('replace_post_tags', { post_id: postId, tag_ids: [] }), 401)
      expect((await service.from('blog_post_tags').select('tag_id').eq('blog_post_id', postId)).data).toEqual([{ tag_id: tagId }])
    })
  })
  return () => target
}
