import { describe, expect, it } from 'vitest'
import { buildEntries, entries, menu, navigation, publicPaths, redirects, sectionIdsOf } from '../../src/siteContent/registry.server'
import { menuCategories } from '../../src/siteContent/schema'
import { contentRoutes, legalRoutes, serviceMenus, serviceRoutes } from '../contentRoutes'

const get = (path: string) => {
  const e = entries.find((x) => x.path === path)
  if (!e) throw new Error(`missing ${path}`)
  return e
}
const landingData = (path: string) => {
  const e = get(path)
  if (e.kind === 'legal') throw new Error(`${path} is legal`)
  return e.data
}

describe('route registry', () => {
  it('derives exactly the expected public routes from content/', () => {
    expect([...publicPaths].sort()).toEqual([...contentRoutes].sort())
    const pathsOf = (kind: (typeof entries)[number]['kind']) =>
      entries
        .filter((e) => e.kind === kind)
        .map((e) => e.path)
        .sort()
    expect(pathsOf('service')).toEqual(serviceRoutes)
    expect(pathsOf('legal')).toEqual(legalRoutes)
  })

  it('redirects the misspelt UX/UI path to the real route', () => {
    expect(redirects['/consultoria-ux-ui']).toBe('/consultoria-uxui')
    for (const to of Object.values(redirects)) expect(publicPaths).toContain(to)
  })

  it('gives every page a unique SEO title and description', () => {
    const titles = entries.map((e) => e.data.seo.title)
    const descriptions = entries.map((e) => e.data.seo.description)
    expect(new Set(titles).size).toBe(titles.length)
    expect(new Set(descriptions).size).toBe(descriptions.length)
  })

  it('has 6 process steps on the platform pages and AI agents, 5 elsewhere', () => {
    const six = ['/shopify', '/prestashop', '/woocommerce', '/agentes-ia']
    for (const e of entries) {
      if (e.kind === 'legal') continue
      const process = e.data.sections.filter((s) => s.type === 'process')
      expect(process, e.path).toHaveLength(1)
      const steps = process[0]!.type === 'process' ? process[0]!.steps : []
      expect(
        steps.map((s) => s.number),
        e.path,
      ).toEqual(['01', '02', '03', '04', '05', '06'].slice(0, six.includes(e.path) ? 6 : 5))
    }
  })

  it('lays out the home page sections in order, with their ids', () => {
    const home = landingData('/')
    expect(sectionIdsOf(get('/'))).toEqual(expect.arrayContaining(['hero', 'servicios', 'casos-exito', 'proceso', 'contacto']))
    const ids = home.sections.map((s) => s.id).filter(Boolean)
    expect(ids.indexOf('servicios')).toBeLessThan(ids.indexOf('casos-exito'))
    expect(ids.indexOf('casos-exito')).toBeLessThan(ids.indexOf('proceso'))
    const services = home.sections.find((s) => s.id === 'servicios')
    expect(services?.type).toBe('cards')
    if (services?.type !== 'cards') return
    expect(services.items.map((c) => c.href)).toEqual(['/desarrollo-a-medida', '/shopify', '/automatizacion-ia', '/consultoria-digital'])
    for (const card of services.items) expect(card.keywords?.length).toBeGreaterThan(0)
    expect(home.sections.some((s) => s.type === 'stats')).toBe(true)
  })

  it('shows six fully described success cases on the home page, of every type', () => {
    const cases = landingData('/').sections.find((s) => s.type === 'cases')
    if (cases?.type !== 'cases') throw new Error('no cases')
    expect(cases.filter).toBe(true)
    expect(cases.items).toHaveLength(6)
    for (const c of cases.items) {
      expect(c.type).toBeDefined()
      expect(c.scope).toBeDefined()
      expect(c.services).toContain('|')
    }
    expect(new Set(cases.items.map((c) => c.type))).toEqual(new Set(['ecommerce', 'plataforma', 'automatizacion']))
  })

  it('shows four featured projects on /shopify, without type or scope', () => {
    const cases = landingData('/shopify').sections.find((s) => s.type === 'cases')
    if (cases?.type !== 'cases') throw new Error('no cases')
    expect(cases.items).toHaveLength(4)
    for (const c of cases.items) expect([c.type, c.scope]).toEqual([undefined, undefined])
  })

  it('uses the exact hero buttons', () => {
    const buttons = (path: string) => landingData(path).hero.buttons.map((b) => `${b.label} -> ${b.href}`)
    expect(buttons('/')).toEqual(['Solicita tu propuesta -> #contacto', 'Ver casos de éxito -> #casos-exito'])
    expect(buttons('/shopify')).toEqual(['Solicita tu propuesta -> /#contacto', 'Ver casos de éxito -> /#casos-exito'])
    expect(buttons('/agentes-ia')).toEqual(['Solicita tu propuesta -> #contacto', 'Ver casos de éxito -> /#casos-exito'])
    for (const p of ['/desarrollo-apis', '/desarrollo-crm', '/desarrollo-saas', '/workflows-ia', '/integraciones-crm']) {
      expect(buttons(p), p).toEqual(['Solicita tu propuesta -> /#contacto', 'Ver casos de éxito -> /#casos-exito'])
    }
    expect(buttons('/automatizacion-ia')[0]).toBe('Solicitar propuesta -> #contacto')
    expect(buttons('/desarrollo-a-medida')[0]).toBe('Solicitar propuesta -> #contacto')
    expect(buttons('/consultoria-digital')).toEqual(['Solicitar auditoría -> #contacto', 'Ver casos de éxito -> /#casos-exito'])
    expect(buttons('/consultoria-estrategica')).toEqual(['Solicitar consultoría -> #contacto', 'Ver casos de éxito -> /#casos-exito'])
    expect(buttons('/consultoria-uxui')).toEqual(['Solicitar análisis UX -> #contacto', 'Ver casos de éxito -> /#casos-exito'])
    expect(landingData('/agentes-ia').hero.title).toBe('Agentes de IA para tu negocio')
  })
})

describe('mega menu', () => {
  it("lists, in each category, every service whose file asks for it (by its order) and the navigation's extra items", () => {
    const placed = [
      ...serviceMenus.flatMap(({ path, menu }) => (menu ? [{ ...menu, href: path }] : [])),
      ...navigation.megaMenu.extraItems.map((i) => ({ ...i, href: navigation.megaMenu.fallbackHref })),
    ]
    const expected = menuCategories.map((name) => [
      name,
      placed
        .filter((i) => i.category === name)
        .sort((a, b) => a.order - b.order)
        .map((i) => `${i.title} ${i.href}`),
    ])
    expect(menu.map((c) => [c.name, c.items.map((i) => `${i.title} ${i.href}`)])).toEqual(expected)
    expect(menu.find((c) => c.name === 'Ecommerce')?.items[0]).toMatchObject({ title: 'Shopify', href: '/shopify' })
  })
})

describe('content validation', () => {
  const Body = () => null
  it('fails with the file, the field and the reason', () => {
    const bad = {
      '/content/services/roto.mdx': {
        default: Body,
        frontmatter: { kind: 'service', name: 'Roto', seo: { title: '', description: 'corta' }, hero: {}, sections: [] },
      },
    }
    expect(() => buildEntries(bad)).toThrowError(/\/content\/services\/roto\.mdx[\s\S]*seo\.title[\s\S]*seo\.description[\s\S]*hero\.title/)
  })

  it('rejects two files that claim the same route', () => {
    const fm = get('/shopify').data
    const dup = {
      '/content/services/a.mdx': { default: Body, frontmatter: fm },
      '/content/legal/a.mdx': { default: Body, frontmatter: fm },
    }
    expect(() => buildEntries(dup)).toThrowError(/Ruta duplicada \/a/)
  })
})
