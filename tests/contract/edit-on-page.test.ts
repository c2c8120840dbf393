// «Editar en la página» saves a landing page's text places through supabase-js with the staff session, as the
// Textos form does (src/admin/inPage/landingEdits.ts, docs/decisions/0101-edit-on-the-page.md): against the
// embedded backend, or a hosted project when SUPABASE_URL is set. A place without an override is an insert, one
// with an override an update guarded by the version edit mode read; a save made elsewhere meanwhile refuses
// either, row-level security refuses a non-staff session, and every write leaves a revision.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ToastInput } from '../../src/lib/toast.ts'
import { saveEdit, type PlaceEdit } from '../../src/admin/inPage/landingEdits.ts'
import { account, unique, sharedTarget, type Account, type Target } from './target.ts'

let target: Target
let staff: Account
let other: Account
let visitor: Account

beforeAll(async () => {
  target = await sharedTarget()
  staff = await account(target, { staff: true })
  other = await account(target, { staff: true })
  visitor = await account(target, { staff: false })
})
afterAll(() => target?.close())

const place = { section: 'hero', key: 'hero-titulo', label: 'Título principal', text: 'Texto del archivo' }
const edit = (text: string, override: PlaceEdit['override']): PlaceEdit => ({ id: 'hero/hero-titulo', place, text, override })

async function stored(page: string) {
  const { data } = await staff.client.from('content_blocks').select('id, content, updated_at').eq('page', page).eq('key', place.key)
  return data ?? []
}
async function revisions(id: number) {
  const { data } = await staff.client.from('content_revisions').select('id').eq('table_name', 'content_blocks').eq('record_id', String(id))
  return data?.length
}

describe('saving a place edited on the page', () => {
  it('inserts the override of a free place, then updates it from the version it wrote, each with a revision', async () => {
    const page = unique('edicion')
    const notices: ToastInput[] = []
    const first = await saveEdit(staff.client, page, edit('Primera versión', null), (n) => notices.push(n))
    expect(first.ok).toBe(true)
    const [row] = await stored(page)
    expect(row).toMatchObject({ id: first.saved!.id, content: 'Primera versión', updated_at: first.saved!.updated_at })
    expect(await revisions(row!.id)).toBe(1)

    const second = await saveEdit(staff.client, page, edit('Segunda versión', first.saved!), (n) => notices.push(n))
    expect(second.ok).toBe(true)
    expect((await stored(page))[0]?.content).toBe('Segunda versión')
    expect(await revisions(row!.id)).toBe(2)
    expect(notices).toEqual([])
  })

  it('refuses an update over a version someone else saved since, with when, and writes nothing', async () => {
    const page = unique('edicion')
    const opened = (await saveEdit(staff.client, page, edit('Como se abrió', null), () => undefined)).saved!
    const theirs = await saveEdit(other.client, page, edit('Su versión', opened), () => undefined)
    expect(theirs.ok).toBe(true)

    const mine = await saveEdit(staff.client, page, edit('Mi versión', opened), () => undefined)
    expect(mine).toMatchObject({ ok: false, conflict: { changedAt: theirs.saved!.updated_at }, theirs: theirs.saved })
    expect((await stored(page))[0]?.content).toBe('Su versión')

    // «Sobrescribir con mis cambios»: the same edit over the version now stored.
    const overwrite = await saveEdit(staff.client, page, edit('Mi versión', mine.theirs!), () => undefined)
    expect(overwrite.ok).toBe(true)
    expect((await stored(page))[0]?.content).toBe('Mi versión')
  })

  it('refuses an insert when someone else replaced the place since edit mode opened', async () => {
    const page = unique('edicion')
    const theirs = await saveEdit(other.client, page, edit('Llegó antes', null), () => undefined)
    const mine = await saveEdit(staff.client, page, edit('Llega tarde', null), () => undefined)
    expect(mine).toMatchObject({ ok: false, conflict: { changedAt: theirs.saved!.updated_at }, theirs: theirs.saved })
    expect(await stored(page)).toEqual([expect.objectContaining({ content: 'Llegó antes' })])
  })

  it('writes nothing for an account that is not staff, and says so without calling it a conflict', async () => {
    const page = unique('edicion')
    const notices: ToastInput[] = []
    const refused = await saveEdit(visitor.client, page, edit('Sin permiso', null), (n) => notices.push(n))
    expect(refused).toEqual({ ok: false })
    expect(notices).toEqual([expect.objectContaining({ title: 'No se pudo guardar «Título principal»', variant: 'destructive' })])
    expect(await stored(page)).toEqual([])
  })
})
