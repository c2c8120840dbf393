import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { XMLParser, XMLValidator } from 'fast-xml-parser'

// The blog as an anonymous visitor finds it on the seeded data (supabase/seed.sql): three published posts,
// two drafts. Other specs may have published posts of their own by now, so lists are compared with what
// the API gives anon, and the seed's posts are looked for within them.

const published = [
  {
    slug: 'que-es-un-mvp-y-cuanto-cuesta',
    title: 'Qué es un MVP y cuánto cuesta desarrollarlo en España',
    tags: ['consultoria', 'desarrollo-a-medida'],
  },
  {
    slug: 'procesos-automatizar-con-ia',
    title: 'Cinco procesos que tu empresa puede automatizar con IA este trimestre',
    tags: ['automatizacion', 'inteligencia-artificial'],
  },
  {
    slug: 'shopify-woocommerce-prestashop-como-elegir',
    title: 'Shopify, WooCommerce o PrestaShop: cómo elegir plataforma para tu tienda online',
    tags: ['ecommerce', 'shopify'],
  },
]
const drafts = [
  { slug: 'integrar-crm-con-erp', title: 'Guía práctica para integrar tu CRM con el ERP sin duplicar datos', text: 'Borrador en revisión' },
  { slug: 'checklist-accesibilidad-tiendas-online', title: 'Checklist de accesibilidad para tiendas online', text: 'Pendiente de completar' },
]
const post = published[2]!

interface PostRow {
  slug: string
  title: string
  published_at: string
}

/** What the API gives an anonymous client: the list the site must show. */
async function anonRows(request: APIRequestContext, path: string): Promise<unknown> {
  const { anonKey } = (await (await request.get('/backend.json')).json()) as { anonKey: string }
  const res = await request.get(`/rest/v1/${path}`, { headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` } })
  expect(res.status()).toBe(200)
  return res.json()
}

/** How the site writes a date: "3 de noviembre de 2026", in Madrid's time zone. */
const spanishDate = (iso: string) =>
  new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Madrid' }).format(new Date(iso))

/** The JSON-LD nodes of the page, @graph flattened. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents()
  return texts.flatMap((text) => {
    const data = JSON.parse(text) as { '@graph'?: Record<string, unknown>[] } & Record<string, unknown>
    return data['@graph'] ?? [data]
  })
}

async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text()
  return [...xml.matchAll(/<loc>https?:\/\/[^/<]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]!)
}

test('/blog lists the published posts newest first, with the date in Spanish, reading time and tag links', async ({ page, request }) => {
  const expected = (await anonRows(
    request,
    'blog_posts?select=slug,title,published_at&published=eq.true&order=published_at.desc&limit=12',
  )) as PostRow[]
  const response = await page.goto('/blog')
  expect(response?.status()).toBe(200)
  await expect(page).toHaveTitle('Blog | Nexo Digital Valencia')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog')

  const cards = page.locator('main article')
  await expect(cards).toHaveCount(expected.length)
  expect(await cards.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(expected.map((p) => p.title))
  // The seed's three, among whatever other specs published, keep their order: newest first.
  const titles = await cards.getByRole('heading', { level: 2 }).allInnerTexts()
  const seedOrder = titles.filter((t) => published.some((p) => p.title === t))
  expect(seedOrder).toEqual(published.map((p) => p.title))

  for (const [i, row] of expected.entries()) {
    const card = cards.nth(i)
    await expect(card.getByRole('link', { name: row.title })).toHaveAttribute('href', `/blog/${row.slug}`)
    await expect(card.locator('time')).toHaveText(spanishDate(row.published_at))
    await expect(card).toContainText(/\d+ min de lectura/)
  }
  for (const seed of published) {
    const card = cards.filter({ has: page.getByRole('heading', { name: seed.title }) })
    const tagLinks = card.getByRole('list', { name: 'Etiquetas' }).getByRole('link')
    expect((await tagLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).sort()).toEqual(
      seed.tags.map((t) => `/blog/etiqueta/${t}`),
    )
  }

  // A tag link leads to that tag's page, which lists the post.
  const shopifyCard = cards.filter({ has: page.getByRole('heading', { name: post.title }) })
  await shopifyCard.getByRole('link', { name: 'Shopify', exact: true }).click()
  await expect(page).toHaveURL(/\/blog\/etiqueta\/shopify$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Artículos sobre Shopify')
  await expect(page.locator('main article').getByRole('link', { name: post.title })).toBeVisible()
})

test('pagination: /blog/pagina/1 is a permanent redirect to /blog, a page past the last is the 404 page', async ({ page, request }) => {
  const first = await request.get('/blog/pagina/1', { maxRedirects: 0 })
  expect(first.status()).toBe(301)
  expect(first.headers()['location']).toBe('/blog')
  const past = await page.goto('/blog/pagina/99')
  expect(past?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible()
})

test('drafts appear nowhere public: not in /blog, tag pages, feed, sitemap or page data; their URL is the 404 page', async ({ page, request }) => {
  const paths = await sitemapPaths(request)
  const tagPages = paths.filter((p) => p.startsWith('/blog/etiqueta/'))
  expect(tagPages).toEqual(expect.arrayContaining(['/blog/etiqueta/shopify', '/blog/etiqueta/ecommerce']))
  // "integraciones" has only a draft; "ux-ui" only a draft too.
  expect(paths).not.toContain('/blog/etiqueta/integraciones')
  expect(paths).not.toContain('/blog/etiqueta/ux-ui')

  const sources = ['/blog', '/blog/rss.xml', '/sitemap.xml', '/blog/index.pageContext.json', `/blog/${post.slug}`, ...tagPages]
  for (const source of sources) {
    const response = await request.get(source)
    expect(response.status(), source).toBe(200)
    const body = await response.text()
    for (const draft of drafts) {
      expect(body, `${source} shows the draft «${draft.title}»`).not.toContain(draft.title)
      expect(body, `${source} links the draft ${draft.slug}`).not.toContain(draft.slug)
      expect(body, `${source} shows the draft's text`).not.toContain(draft.text)
    }
  }

  for (const path of [
    ...drafts.map((d) => `/blog/${d.slug}`),
    '/blog/etiqueta/integraciones',
    '/blog/etiqueta/ux-ui',
    '/blog/no-existe-esta-entrada',
  ]) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible()
    const html = await page.content()
    for (const draft of drafts) {
      expect(html).not.toContain(draft.title)
      expect(html).not.toContain(draft.text)
    }
  }
  for (const draft of drafts) {
    const data = await request.get(`/blog/${draft.slug}/index.pageContext.json`)
    expect(await data.text()).not.toContain(draft.text)
  }
})

test('a post page: one h1, article head tags, canonical, JSON-LD BlogPosting and breadcrumbs', async ({ page, request }) => {
  const [row] = (await anonRows(request, `blog_posts?select=title,excerpt,published_at,updated_at&slug=eq.${post.slug}`)) as (PostRow & {
    excerpt: string
  })[]
  const response = await page.goto(`/blog/${post.slug}`)
  expect(response?.status()).toBe(200)
  await expect(page.locator('h1')).toHaveCount(1)
  await expect(page.locator('h1')).toHaveText(post.title)
  await expect(page).toHaveTitle(`${post.title} | Nexo Digital Valencia`)
  await expect(page.locator('main time').first()).toHaveText(spanishDate(row!.published_at))
  // The Markdown body is HTML: its sections are h2 with anchor ids, its table a table.
  await expect(page.getByRole('heading', { level: 2, name: 'Shopify: lanzar rápido y olvidarse de los servidores' })).toHaveAttribute(
    'id',
    /^[a-z0-9-]+$/,
  )
  await expect(page.locator('main table')).toHaveCount(1)
  await expect(page.locator('main a[href="/shopify"]').first()).toBeVisible()

  const head = page.locator('head')
  await expect(head.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article')
  await expect(head.locator('meta[property="article:published_time"]')).toHaveAttribute('content', new Date(row!.published_at).toISOString())
  await expect(head.locator('meta[property="article:tag"]')).toHaveCount(2)
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`^https://[^/]+/blog/${post.slug}$`))
  await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', row!.excerpt)
  await expect(head.locator('meta[name="robots"]')).toHaveAttribute('content', 'index,follow')
  // Shared as its 1200×630 JPEG variant.
  await expect(head.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    /^https:\/\/[^/]+\/_img\/og\/1200\.jpeg\/images\/blog\/plataformas-ecommerce\.jpg$/,
  )
  // Its featured image, the page's largest paint, is requested from the head (the AVIF variants its
  // <picture> picks from), not when the parser reaches it.
  const preload = head.locator('link[rel="preload"][as="image"]')
  await expect(preload).toHaveAttribute('type', 'image/avif')
  await expect(preload).toHaveAttribute('imagesrcset', /\/_img\/cover\/800\.avif\/images\/blog\/plataformas-ecommerce\.jpg 800w/)
  await expect(page.locator('main article picture img').first()).toHaveAttribute('src', '/_img/cover/800.jpeg/images/blog/plataformas-ecommerce.jpg')

  const nodes = await jsonLd(page)
  const article = nodes.find((n) => n['@type'] === 'BlogPosting')
  expect(article).toMatchObject({ headline: post.title, datePublished: new Date(row!.published_at).toISOString() })
  expect(String(article!.url)).toMatch(new RegExp(`^https://[^/]+/blog/${post.slug}$`))
  const crumbs = nodes.find((n) => n['@type'] === 'BreadcrumbList') as { itemListElement: { name: string; item: string; position: number }[] }
  expect(crumbs.itemListElement.map((c) => c.name)).toEqual(['Inicio', 'Blog', post.title])
  expect(crumbs.itemListElement.map((c) => new URL(c.item).pathname)).toEqual(['/', '/blog', `/blog/${post.slug}`])
})

test('/blog/rss.xml is a valid RSS 2.0 feed with atom:link self, absolute URLs and RFC 822 dates', async ({ request }) => {
  const expected = (await anonRows(
    request,
    'blog_posts?select=slug,title,published_at&published=eq.true&order=published_at.desc&limit=20',
  )) as PostRow[]
  const response = await request.get('/blog/rss.xml')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toMatch(/^application\/rss\+xml\b/)
  const xml = await response.text()
  expect(XMLValidator.validate(xml)).toBe(true)
  const feed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'item' || name === 'category' }).parse(
    xml,
  ) as {
    rss: {
      '@version': string
      '@xmlns:atom': string
      channel: { title: string; link: string; 'atom:link': Record<string, string>; item: Record<string, unknown>[] }
    }
  }
  expect(feed.rss['@version']).toBe('2.0')
  expect(feed.rss['@xmlns:atom']).toBe('http://www.w3.org/2005/Atom')
  const channel = feed.rss.channel
  expect(channel.link).toMatch(/^https:\/\/[^/]+\/blog$/)
  expect(channel['atom:link']).toMatchObject({ '@rel': 'self', '@type': 'application/rss+xml' })
  expect(channel['atom:link']['@href']).toMatch(/^https:\/\/[^/]+\/blog\/rss\.xml$/)

  expect(channel.item.map((i) => i.title)).toEqual(expected.map((p) => p.title))
  for (const [n, item] of channel.item.entries()) {
    expect(item.link).toMatch(new RegExp(`^https://[^/]+/blog/${expected[n]!.slug}$`))
    expect((item.guid as Record<string, string>)['#text']).toBe(item.link)
    expect(item.pubDate).toMatch(
      /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/,
    )
    expect(new Date(String(item.pubDate)).getTime()).toBe(Math.floor(new Date(expected[n]!.published_at).getTime() / 1000) * 1000)
    expect(String(item.description)).not.toBe('')
  }
  const seed = channel.item.find((i) => i.title === post.title)!
  expect(seed.category).toEqual(['Ecommerce', 'Shopify'])
})

test('every page of the sitemap links the feed and the sitemap lists the blog', async ({ request }) => {
  const paths = await sitemapPaths(request)
  expect(paths).toEqual(
    expect.arrayContaining(['/', '/blog', ...published.map((p) => `/blog/${p.slug}`), '/blog/etiqueta/shopify', '/sobre-nosotros']),
  )
  for (const path of [...paths, '/no-existe-esta-pagina']) {
    const html = await (await request.get(path)).text()
    const alternates = [...html.matchAll(/<link\b[^>]*\brel="alternate"[^>]*>/g)].map((m) => m[0])
    expect(
      alternates.filter((l) => l.includes('type="application/rss+xml"') && l.includes('href="/blog/rss.xml"')),
      path,
    ).toHaveLength(1)
  }
})

test('"Blog" is in the desktop header, the mobile menu and the footer', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/shopify')
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog', exact: true })).toHaveAttribute('href', '/blog')
  await expect(page.locator('footer').getByRole('link', { name: 'Blog', exact: true })).toHaveAttribute('href', '/blog')

  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await page.getByRole('button', { name: 'Abrir menú' }).click()
  const mobile = page.getByRole('navigation', { name: 'Menú móvil' })
  await expect(mobile).toBeVisible()
  await mobile.getByRole('link', { name: 'Blog', exact: true }).click()
  await expect(page).toHaveURL(/\/blog$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog')
})

test('a published CMS page renders at /{slug} with its h1 and JSON-LD WebPage; a draft page is the 404 page', async ({ page }) => {
  const response = await page.goto('/sobre-nosotros')
  expect(response?.status()).toBe(200)
  await expect(page.locator('h1')).toHaveCount(1)
  await expect(page.locator('h1')).toHaveText('Sobre nosotros')
  await expect(page).toHaveTitle('Sobre nosotros | Nexo Digital Valencia')
  await expect(page.getByRole('heading', { level: 2, name: 'Un equipo de producto en Valencia' })).toBeVisible()
  await expect(page.locator('main')).toContainText('Desde 2019 diseñamos y desarrollamos software a medida')
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', /^https:\/\/[^/]+\/sobre-nosotros$/)
  const nodes = await jsonLd(page)
  expect(nodes.find((n) => n['@type'] === 'WebPage')).toBeTruthy()
  const crumbs = nodes.find((n) => n['@type'] === 'BreadcrumbList') as { itemListElement: { name: string }[] }
  expect(crumbs.itemListElement.map((c) => c.name)).toEqual(['Inicio', 'Sobre nosotros'])

  const draft = await page.goto('/trabaja-con-nosotros')
  expect(draft?.status()).toBe(404)
  expect(await page.content()).not.toContain('Buscamos desarrolladores full stack')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the blog, a tag page, a post and a CMS page carry their text', async ({ page }) => {
    await page.goto('/blog')
    for (const seed of published) await expect(page.getByRole('link', { name: seed.title })).toBeVisible()
    await page.goto('/blog/etiqueta/ecommerce')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Artículos sobre Ecommerce')
    await expect(page.getByRole('link', { name: post.title })).toBeVisible()
    await page.goto(`/blog/${post.slug}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title)
    await expect(page.locator('main')).toContainText('Cada semana alguien nos pregunta qué plataforma de ecommerce es la mejor.')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await page.goto('/sobre-nosotros')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sobre nosotros')
    await expect(page.locator('main')).toContainText('Trabajamos en sprints de dos semanas')
  })
})
