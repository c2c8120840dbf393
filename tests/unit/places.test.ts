import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { landing } from '../../src/siteContent/registry.server'
import { applyTextBlocks, hasPlace, pageKeyOf, textPlaces } from '../../src/siteContent/places'

const seed = readFileSync(new URL('../../supabase/seed.sql', import.meta.url), 'utf8')
const seedBlocks = [
  ...seed
    .slice(seed.indexOf('insert into public.content_blocks'))
    .split('on conflict')[0]!
    .matchAll(/\('([^']+)', '([^']+)', '([^']+)', '[^']*', '([^']+)'\)/g),
].map(([, page, section, key, content]) => ({ page: page!, section: section!, key: key!, content: content! }))

const pathOfKey = (page: string) => (page === 'home' ? '/' : `/${page}`)

describe('editable text places', () => {
  it.each(['/', '/shopify', '/consultoria-digital', '/automatizacion-ia'])(
    'offers the hero title and subtitle and every section heading and intro of %s',
    (path) => {
      const { data } = landing(path)
      const keys = textPlaces(data).map((p) => `${p.section}/${p.key}`)
      expect(keys).toContain('hero/hero-titulo')
      expect(keys).toContain('hero/hero-subtitulo')
      for (const s of data.sections) {
        expect(keys).toContain(`${s.id}/${s.id}-titulo`)
        expect(keys).toContain(`${s.id}/${s.id}-intro`)
      }
      expect(new Set(keys).size).toBe(keys.length)
    },
  )

  it('replaces exactly the texts whose place has a block, and leaves the rest as the file has them', () => {
    const { data } = landing('/')
    const changed = applyTextBlocks(data, [
      { section: 'hero', key: 'hero-titulo', content: 'Nuevo título' },
      { section: 'servicios', key: 'servicios-intro', content: 'Nueva intro' },
      { section: 'nueva-seccion', key: 'block-1', content: 'Sin sitio' },
    ])
    expect(changed.hero.title).toBe('Nuevo título')
    expect(changed.hero.subtitle).toBe(data.hero.subtitle)
    expect(changed.sections[0]!.intro).toBe('Nueva intro')
    expect(changed.sections[0]!.title).toBe(data.sections[0]!.title)
    expect(changed.sections.slice(1)).toEqual(data.sections.slice(1))
    expect(applyTextBlocks(data, [])).toBe(data)
  })

  it('keys blocks by page as the CMS does', () => {
    expect(pageKeyOf('/')).toBe('home')
    expect(pageKeyOf('/shopify')).toBe('shopify')
  })

  it('seeds blocks that sit in real places, each with text different from the file', () => {
    expect(seedBlocks.length).toBeGreaterThanOrEqual(8)
    for (const block of seedBlocks) {
      const places = textPlaces(landing(pathOfKey(block.page)).data)
      expect(hasPlace(places, block), `${block.page} ${block.section}/${block.key}`).toBe(true)
      expect(places.find((p) => p.key === block.key)!.text).not.toBe(block.content)
    }
  })
})
