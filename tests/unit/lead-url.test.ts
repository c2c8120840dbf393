import { describe, expect, it } from 'vitest'
import { leadIdFrom, leadPath, leadUrl } from '../../src/leads/leadUrl'

describe('a lead’s address in the admin', () => {
  const id = '0b6f9a52-3c1e-4c53-9d0e-6a4f3f1d2b7a'
  it('is /admin?lead=<id>, absolute for an e-mail', () => {
    expect(leadPath(id)).toBe(`/admin?lead=${id}`)
    expect(leadUrl('https://www.example.com', id)).toBe(`https://www.example.com/admin?lead=${id}`)
    expect(leadUrl('https://www.example.com/', id)).toBe(`https://www.example.com/admin?lead=${id}`)
  })
  it('is read back from the query, and absent means none', () => {
    expect(leadIdFrom(new URL(leadUrl('https://www.example.com', id)).search)).toBe(id)
    expect(leadIdFrom('?lead=')).toBeNull()
    expect(leadIdFrom('')).toBeNull()
  })
})
