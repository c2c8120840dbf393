// lead_counts: the dashboard's leads per page and per service, counted in the database. Only staff count
// anything (row-level security applies through the function); anonymous callers are refused.
import { describe, expect, it } from 'vitest'
import { account, serverWithRoles, unique } from './target.ts'

const roles = serverWithRoles()

type Count = { dimension: 'page' | 'service'; key: string; leads: number }

describe('lead_counts', () => {
  it('counts staff-visible leads per page and per service since the given moment', async () => {
    const page = `/${unique('pagina')}`
    const since = new Date().toISOString()
    const lead = (service: string | null) => ({ name: 'Ana', email: 'ana@example.com', message: 'Hola', page_path: page, service })
    const { error } = await roles.service.from('leads').insert([lead('shopify'), lead('shopify'), lead(null)])
    expect(error).toBeNull()

    const { data, error: rpcError } = await roles.staff.rpc('lead_counts', { since })
    expect(rpcError).toBeNull()
    const counts = data as Count[]
    expect(counts).toContainEqual({ dimension: 'page', key: page, leads: 3 })
    expect(counts.find((c) => c.dimension === 'service' && c.key === 'shopify')?.leads).toBeGreaterThanOrEqual(2)
    expect(counts.find((c) => c.dimension === 'service' && c.key === '')?.leads).toBeGreaterThanOrEqual(1)

    const later = await roles.staff.rpc('lead_counts', { since: new Date(Date.now() + 60_000).toISOString() })
    expect((later.data as Count[]).some((c) => c.key === page)).toBe(false)
  })

  it('counts nothing for a signed-in account that is not staff, and refuses anonymous callers', async () => {
    const since = new Date(0).toISOString()
    await roles.service.from('leads').insert({ name: 'Ana', email: 'ana@example.com', message: 'Hola', page_path: '/' })
    const { client: user } = await account(roles.target, { staff: false })
    const counted = await user.rpc('lead_counts', { since })
    expect(counted.error).toBeNull()
    expect(counted.data).toEqual([])
    const anon = await roles.anon.rpc('lead_counts', { since })
    expect(anon.error?.code).toBe('42501')
  })
})
