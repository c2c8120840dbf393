/**
 * The SEO essentials the report checks on the served site: sitemap.xml and robots.txt exactly as the
 * registry and the business facts say, and per page one self-referencing canonical, a unique title and
 * description, valid JSON-LD of the right types, and the same name, address and phone as the legal notice.
 */
import { readFileSync } from 'node:fs'
import { parse as parseYaml } from 'yaml'
import { siteSchema, type Site } from '../../src/siteContent/schema'
import { absoluteUrl } from '../../src/seo/head'
import { buildRobots } from '../../src/seo/sitemap'
import type { MeasuredRoute } from './publishedRoutes'
import type { StaticView } from './pageLoad'

export interface SeoCheck { name: string; ok: boolean; detail: string }

export function readSite(): Site {
  return siteSchema.parse(parseYaml(readFileSync('content/site.yaml', 'utf8')))
}

const check = (name: string, ok: boolean, detail: string): SeoCheck => ({ name, ok, detail })

export async function checkSiteFiles(origin: string, routes: MeasuredRoute[], site: Site): Promise<SeoCheck[]> {
  const [sitemap, robots] = await Promise.all(['/sitemap.xml', '/robots.txt'].map(async (p) => {
    const res = await fetch(`${origin}${p}`)
    return res.ok ? res.text() : ''
  }))
  const listed = [...sitemap!.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
  const expected = routes.filter((r) => r.indexable).map((r) => absoluteUrl(r.path, site))
  const missing = expected.filter((u) => !listed.includes(u))
  // Published routes not measured one by one (later tag pages…) must at least be pages that answer.
  const unmeasured = listed.filter((u) => !expected.includes(u!))
  const answers = await Promise.all(unmeasured.map(async (u) => ((await fetch(`${origin}${u!.slice(site.siteUrl.length)}`)).ok ? null : u)))
  const extra = answers.filter(Boolean)
  return [
    check('sitemap.xml', missing.length === 0 && extra.length === 0 && listed.length > 0,
      `${listed.length} absolute URLs${missing.length ? `; missing ${missing.join(', ')}` : ''}${extra.length ? `; not answering ${extra.join(', ')}` : ''}`),
    check('robots.txt', robots === buildRobots(site), robots === buildRobots(site) ? 'points at the sitemap; excludes /admin and /auth' : 'differs from buildRobots()'),
  ]
}

/** Per-page head and structured-data problems, empty when the page is right. */
export function pageSeoProblems(route: MeasuredRoute, view: StaticView, site: Site): string[] {
  const problems: string[] = []
  const canonical = absoluteUrl(route.path, site)
  if (view.canonicals.length !== 1) problems.push(`${view.canonicals.length} canonical`)
  else if (route.indexable && view.canonicals[0] !== canonical) problems.push(`canonical ${view.canonicals[0]} ≠ ${canonical}`)
  if (!view.title) problems.push('no <title>')
  if (!view.description) problems.push('no meta description')
  if (!view.jsonLd.valid) problems.push(`invalid JSON-LD (${view.jsonLd.error ?? '?'})`)
  const own = { service: ['Service'], post: ['BlogPosting'], page: ['WebPage'] } as Partial<Record<MeasuredRoute['kind'], string[]>>
  const wanted = ['ProfessionalService', ...(own[route.kind] ?? []), ...(route.kind === 'home' ? [] : ['BreadcrumbList'])]
  for (const type of wanted) if (!view.jsonLd.types.includes(type)) problems.push(`JSON-LD sin ${type}`)
  // The footer of every page prints the address and the main phone, read from the same facts as the JSON-LD.
  for (const fact of [site.address.street, site.address.postalCode, site.phones[0]!.display]) {
    if (!view.text.includes(fact)) problems.push(`no muestra «${fact}»`)
  }
  return problems
}

export function checkUniqueHeads(views: { path: string; view: StaticView }[]): SeoCheck[] {
  const duplicates = (key: 'title' | 'description') => {
    const byValue = new Map<string, string[]>()
    for (const { path, view } of views) byValue.set(view[key], [...(byValue.get(view[key]) ?? []), path])
    return [...byValue.values()].filter((paths) => paths.length > 1)
  }
  return (['title', 'description'] as const).map((key) => {
    const dups = duplicates(key)
    return check(`unique ${key}s`, dups.length === 0, dups.length ? `repeated on ${dups.map((d) => d.join(' = ')).join('; ')}` : `${views.length} pages, none repeated`)
  })
}

/** The legal notice must state the same legal name, address and phones as the footer and the JSON-LD. */
export function checkLegalNotice(views: { path: string; view: StaticView }[], site: Site): SeoCheck {
  const notice = views.find((v) => v.path === '/aviso-legal')
  if (!notice) return check('legal notice NAP', false, 'no /aviso-legal in the registry')
  const facts = [site.legalName, site.address.street, site.address.postalCode, ...site.phones.map((p) => p.display)]
  const missing = facts.filter((f) => !notice.view.text.includes(f))
  return check('legal notice NAP', missing.length === 0, missing.length ? `does not show ${missing.map((f) => `«${f}»`).join(', ')}` : 'legal name, address and phones = footer and JSON-LD')
}
