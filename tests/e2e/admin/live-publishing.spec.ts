import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { chooseOption, confirm, expectToast, fetchPublic, LIVE, openTab, rest, runId, signedInStaffPage } from './helpers'

// What staff do in /admin is what a visitor gets from `npm start` with no restart or rebuild (how fast is `npm run bench`'s measure):
// a post with a new tag reaches the blog, its page, its tag page, the feed and the sitemap; unpublishing or
// deleting it takes it off all of them; an SEO override changes the served head; script payloads in any
// field stay text; "Vista previa" shows a draft to staff and nothing to anyone else.
test.describe.configure({ mode: 'serial', timeout: 60_000 })
let page: Page

test.beforeAll(async ({ browser }) => {
  page = await signedInStaffPage(browser)
})
test.afterAll(async () => {
  await page.context().close()
})

/** Where a post is shown on the public site, all read at the same moment. */
async function whereShown(slug: string, title: string, tagSlug: string) {
  const [list, own, tag, feed, sitemap] = await Promise.all(
    ['/blog', `/blog/${slug}`, `/blog/etiqueta/${tagSlug}`, '/blog/rss.xml', '/sitemap.xml'].map((path) => fetchPublic(page, path)),
  )
  return {
    list: list!.body.includes(`href="/blog/${slug}"`),
    post: own!.status === 200 ? (own!.body.includes(title) ? 'shown' : 'other page') : own!.status,
    tagPage: tag!.status === 200 ? tag!.body.includes(`href="/blog/${slug}"`) : tag!.status,
    feed: feed!.body.includes(`/blog/${slug}</link>`),
    sitemap: sitemap!.body.includes(`/blog/${slug}</loc>`),
    tagInSitemap: sitemap!.body.includes(`/blog/etiqueta/${tagSlug}</loc>`),
  }
}
const everywhere = { list: true, post: 'shown', tagPage: true, feed: true, sitemap: true, tagInSitemap: true }
const nowhere = { list: false, post: 404, tagPage: 404, feed: false, sitemap: false, tagInSitemap: false }

const content = () => page.getByRole('textbox', { name: 'Contenido', exact: true })
const notices = () => page.getByRole('region', { name: /Notifica/ })

async function save(toast = 'Post guardado'): Promise<void> {
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, toast)
}

test.describe('a post with a new tag', () => {
  const title = `Publicación en vivo ${runId}`
  const slug = `publicacion-en-vivo-${runId}`
  const tagName = `En vivo ${runId}`
  const tagSlug = `en-vivo-${runId}`
  const card = () => page.getByRole('listitem').filter({ hasText: title })
  /** Opens the post from its card, flips «Publicado» and saves. */
  const editAndFlipPublished = async () => {
    await card()
      .getByRole('button', { name: /^Editar(?! en la página)/ })
      .click()
    await page.getByRole('switch', { name: 'Publicado' }).click()
    await save()
  }

  test.afterAll(async () => {
    await rest(page, 'DELETE', `blog_posts?slug=eq.${slug}`)
    await rest(page, 'DELETE', `blog_tags?slug=eq.${tagSlug}`)
  })

  test('published in the admin, it is on /blog, its page, its tag page, the feed and the sitemap', async () => {
    await openTab(page, 'Blog')
    await page.getByRole('button', { name: 'Nueva Entrada' }).click()
    await page.getByLabel('Título').fill(title)
    await page.getByLabel('Extracto').fill(`Un extracto que se publica en vivo ${runId}.`)
    await content().fill('## Sin reiniciar\n\nEsta entrada se sirve en cuanto se guarda.')
    await page.getByLabel('Nuevo tag').fill(tagName)
    await page.getByRole('button', { name: 'Añadir tag' }).click()
    await expectToast(page, 'Tag creado')
    await expect(page.getByRole('button', { name: tagName })).toHaveAttribute('aria-pressed', 'true')
    await page.getByRole('switch', { name: 'Publicado' }).click()
    // Before the save: nowhere.
    expect(await whereShown(slug, title, tagSlug)).toEqual(nowhere)
    await save()
    await expect.poll(() => whereShown(slug, title, tagSlug), LIVE).toEqual(everywhere)

    // A visitor opening it sees the post itself, its tag linked.
    const visitor = await page.context().browser()!.newPage()
    await visitor.goto(`/blog/${slug}`)
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(visitor.getByRole('heading', { level: 2, name: 'Sin reiniciar' })).toBeVisible()
    await expect(visitor.getByRole('list', { name: 'Etiquetas' }).getByRole('link', { name: tagName })).toHaveAttribute(
      'href',
      `/blog/etiqueta/${tagSlug}`,
    )
    await visitor.goto(`/blog/etiqueta/${tagSlug}`)
    await expect(visitor.getByRole('heading', { level: 1 })).toContainText(tagName)
    await expect(visitor.locator('main article')).toHaveCount(1)
    await visitor.close()
  })

  test('unpublished, its URL is 404 and it is gone from the list, its tag page, the feed and the sitemap', async () => {
    await editAndFlipPublished()
    await expect.poll(() => whereShown(slug, title, tagSlug), LIVE).toEqual(nowhere)
    const gone = await fetchPublic(page, `/blog/${slug}`)
    expect(gone.body).not.toContain(title)
  })

  test('published again and deleted, it is gone everywhere', async () => {
    await editAndFlipPublished()
    await expect.poll(() => whereShown(slug, title, tagSlug), LIVE).toEqual(everywhere)

    await card()
      .getByRole('button', { name: /^Eliminar/ })
      .click()
    await confirm(page, '¿Estás seguro de eliminar este post?', 'Eliminar')
    await expectToast(page, 'Post eliminado')
    await expect.poll(() => whereShown(slug, title, tagSlug), LIVE).toEqual(nowhere)
  })
})

test.describe('SEO overrides from the SEO tab', () => {
  const path = '/shopify'
  let original: Record<string, unknown>

  /** The served head of /shopify, and whether the sitemap lists it. */
  async function served() {
    const [html, sitemap] = await Promise.all([fetchPublic(page, path), fetchPublic(page, '/sitemap.xml')])
    const titles = [...html.body.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1])
    return {
      title: titles.length === 1 ? titles[0] : titles,
      robots: /<meta name="robots" content="([^"]*)"/.exec(html.body)?.[1],
      canonical: /<link rel="canonical" href="([^"]*)"/.exec(html.body)?.[1],
      inSitemap: /<loc>https?:\/\/[^/<]+\/shopify<\/loc>/.test(sitemap.body),
    }
  }

  test.beforeAll(async () => {
    original = ((await rest(page, 'GET', `seo_metadata?page_path=eq.${encodeURIComponent(path)}`)).body as Record<string, unknown>[])[0]!
    expect(original).toBeTruthy()
  })
  // The seed's row is what the other specs see: put it back whatever happened.
  test.afterAll(async () => {
    const { id: _id, created_at: _c, updated_at: _u, ...row } = original
    await rest(page, 'PATCH', `seo_metadata?page_path=eq.${encodeURIComponent(path)}`, row)
  })

  test('a new title and "No indexar" change <title> (whole, no brand suffix) and robots, and take /shopify out of the sitemap', async () => {
    const before = await served()
    expect(before).toMatchObject({ title: original.meta_title, robots: 'index,follow', inSitemap: true })
    await openTab(page, 'SEO')
    await chooseOption(page, 'Página', path)
    const title = `Shopify en vivo ${runId}`
    await page.getByLabel('Meta título', { exact: true }).fill(title)
    await page.getByRole('switch', { name: 'No indexar' }).click()
    await page.getByRole('button', { name: 'Guardar SEO' }).click()
    await expectToast(page, 'SEO guardado')
    await expect.poll(served, LIVE).toEqual({ title, robots: 'noindex,follow', canonical: before.canonical, inSitemap: false })
  })

  test("a canonical override changes <link rel=canonical>; clearing the fields restores the page's own head", async () => {
    const canonical = `https://www.example.com/tiendas-shopify-${runId}`
    await page.getByLabel('URL canónica', { exact: true }).fill(canonical)
    await page.getByRole('button', { name: 'Guardar SEO' }).click()
    await expectToast(page, 'SEO guardado')
    await expect.poll(async () => (await served()).canonical, LIVE).toBe(canonical)

    // Emptied fields fall back to the page's own values (content/services/shopify.mdx), robots to index.
    await page.getByLabel('Meta título', { exact: true }).fill('')
    await page.getByLabel('URL canónica', { exact: true }).fill('')
    await page.getByRole('switch', { name: 'No indexar' }).click()
    await page.getByRole('button', { name: 'Guardar SEO' }).click()
    await expectToast(page, 'SEO guardado')
    await expect.poll(served, LIVE).toEqual({
      title: 'Agencia Shopify y Shopify Plus | Nexo Digital Valencia',
      robots: 'index,follow',
      canonical: 'https://www.example.com/shopify',
      inSitemap: true,
    })
  })
})

test('an SEO row applies to the blog, a post, a tag page and a CMS page, and removing it restores their head', async () => {
  for (const path of ['/blog', '/blog/que-es-un-mvp-y-cuanto-cuesta', '/blog/etiqueta/shopify', '/sobre-nosotros']) {
    const head = async () => {
      const html = (await fetchPublic(page, path)).body
      return {
        title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
        robots: /<meta name="robots" content="([^"]*)"/.exec(html)?.[1],
        description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
      }
    }
    const own = await head()
    expect(own.robots, path).toBe('index,follow')
    const override = { title: `Título propio ${runId}`, robots: 'index,nofollow', description: `Descripción propia de ${path} ${runId}` }
    const saved = await rest(page, 'POST', 'seo_metadata', {
      page_path: path,
      meta_title: override.title,
      meta_description: override.description,
      noindex: false,
      nofollow: true,
    })
    expect(saved.status, path).toBe(201)
    await expect.poll(head, LIVE).toEqual(override)
    await rest(page, 'DELETE', `seo_metadata?page_path=eq.${encodeURIComponent(path)}`)
    await expect.poll(head, LIVE).toEqual(own)
  }
})

test.describe('script payloads in every post field', () => {
  const slug = `carga-maliciosa-${runId}`
  const title = `Carga ${runId} </script><script>alert('titulo')</script><img src=x onerror=alert('titulo-img')>`
  const excerpt = `<img src=x onerror=alert('extracto')> extracto ${runId}`
  const body = [
    `Texto de la carga ${runId}. <script>alert('cuerpo')</script>`,
    '<img src=x onerror="alert(\'cuerpo-img\')">',
    "[pincha aquí](javascript:alert('enlace'))",
    '<a href="javascript:alert(\'a\')" onclick="alert(\'clic\')">otro enlace</a>',
    '<iframe src="javascript:alert(\'iframe\')"></iframe>',
  ].join('\n\n')
  const tagName = `<svg onload=alert('tag')> ${runId}`
  let tagSlug = ''

  test.afterAll(async () => {
    await rest(page, 'DELETE', `blog_posts?slug=eq.${slug}`)
    if (tagSlug) await rest(page, 'DELETE', `blog_tags?slug=eq.${tagSlug}`)
  })

  test('never run on the public pages and never appear as live markup', async ({ browser }) => {
    await openTab(page, 'Blog')
    await page.getByRole('button', { name: 'Nueva Entrada' }).click()
    await page.getByLabel('Título').fill(title)
    await page.getByLabel('Slug (URL)').fill(slug)
    await page.getByLabel('Extracto').fill(excerpt)
    await content().fill(body)
    await page.getByLabel('Nuevo tag').fill(tagName)
    await page.getByRole('button', { name: 'Añadir tag' }).click()
    await expectToast(page, 'Tag creado')
    await page.getByRole('switch', { name: 'Publicado' }).click()
    await save()
    tagSlug = ((await rest(page, 'GET', `blog_tags?select=slug&name=eq.${encodeURIComponent(tagName)}`)).body as { slug: string }[])[0]!.slug
    await expect.poll(async () => (await fetchPublic(page, `/blog/${slug}`)).status, LIVE).toBe(200)

    const visitor = await (await browser.newContext()).newPage()
    const dialogs: string[] = []
    visitor.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    for (const path of ['/blog', `/blog/${slug}`, `/blog/etiqueta/${tagSlug}`]) {
      const response = await visitor.goto(path)
      expect(response?.status(), path).toBe(200)
      await visitor.waitForLoadState('networkidle')
      // Scrolling brings in whatever loads near the viewport (islands, lazy images).
      await visitor.mouse.wheel(0, 5000)
      await visitor.waitForTimeout(300)
      const markup = await visitor.evaluate(() => {
        const elements = [...document.querySelectorAll('*')]
        return {
          handlers: elements.flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `<${el.localName} ${a.name}>`)),
          // The site's own favicon is a data URL in the head (renderer/+Head.tsx); nothing of a post reaches it.
          scriptUrls: elements
            .filter((el) => !el.matches('head > link[rel="icon"]'))
            .flatMap((el) =>
              ['href', 'src', 'action', 'formaction', 'xlink:href']
                .map((name) => el.getAttribute(name) ?? '')
                .filter((v) => /^\s*(javascript|data):/i.test(v)),
            ),
          payloadScripts: [...document.scripts].filter((s) => s.type !== 'application/ld+json' && /alert\(/.test(s.textContent ?? '')).length,
          brokenJsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].filter((s) => {
            try {
              JSON.parse(s.textContent ?? '')
              return false
            } catch {
              return true
            }
          }).length,
          frames: document.querySelectorAll('main iframe, main object, main embed, main svg[onload]').length,
        }
      })
      expect(markup, path).toEqual({ handlers: [], scriptUrls: [], payloadScripts: 0, brokenJsonLd: 0, frames: 0 })
    }
    // The payloads are shown as the text staff typed.
    await expect(visitor.getByRole('heading', { level: 1 })).toContainText(`<svg onload=alert('tag')> ${runId}`)
    await visitor.goto(`/blog/${slug}`)
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(visitor.locator('main')).toContainText(`Texto de la carga ${runId}.`)
    await expect(visitor.getByRole('link', { name: 'pincha aquí' })).toHaveCount(0)
    const jsonLd = (await visitor.locator('script[type="application/ld+json"]').allTextContents()).map(
      (t) => JSON.parse(t) as { '@graph': { '@type': string; headline?: string }[] },
    )
    expect(jsonLd.flatMap((d) => d['@graph']).find((n) => n['@type'] === 'BlogPosting')?.headline).toBe(title)
    expect(dialogs).toEqual([])
    await visitor.context().close()

    // The feed stays well-formed XML and carries the title as text.
    const feed = (await fetchPublic(page, '/blog/rss.xml')).body
    expect(XMLValidator.validate(feed)).toBe(true)
    expect(feed).not.toMatch(/<script|<img|<svg/i)
    const items = (
      new XMLParser({ isArray: (name) => name === 'item' }).parse(feed) as { rss: { channel: { item: { title: string; description: string }[] } } }
    ).rss.channel.item
    const item = items.find((i) => i.title === title)
    expect(item?.description).toBe(excerpt)
  })
})

test.describe('Vista previa', () => {
  const title = `Borrador para revisar ${runId}`
  const slug = `borrador-para-revisar-${runId}`
  const secret = `Texto secreto del borrador ${runId}`
  let id = ''

  test.afterAll(async () => {
    await rest(page, 'DELETE', `blog_posts?slug=eq.${slug}`)
  })

  test('staff see a draft in a new tab, marked noindex; it is not on the site', async () => {
    await openTab(page, 'Blog')
    await page.getByRole('button', { name: 'Nueva Entrada' }).click()
    await page.getByLabel('Título').fill(title)
    await content().fill(`## Sección del borrador\n\n${secret}`)
    await save()
    await expect(notices().getByRole('button', { name: 'Ver en el sitio' })).toHaveCount(0)
    id = ((await rest(page, 'GET', `blog_posts?select=id&slug=eq.${slug}`)).body as { id: string }[])[0]!.id

    const card = page.getByRole('listitem').filter({ hasText: title })
    const answer = page.context().waitForEvent('response', (r) => new URL(r.url()).pathname === '/blog/vista-previa')
    const opened = page.context().waitForEvent('page')
    await card.getByRole('button', { name: `Vista previa de «${title}» (se abre en una pestaña nueva)` }).click()
    const preview = await opened
    const response = await answer
    expect(response.status()).toBe(200)
    expect(response.request().method()).toBe('POST')
    expect(response.headers()['cache-control']).toBe('private, no-store')
    await expect(preview.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(preview.locator('main')).toContainText(secret)
    await expect(preview.locator('head meta[name="robots"]')).toHaveAttribute('content', /noindex/)
    // The token travelled in the form, never in the address.
    expect(preview.url()).not.toMatch(/token|eyJ/)
    await preview.close()

    expect((await fetchPublic(page, `/blog/${slug}`)).status).toBe(404)
    expect((await fetchPublic(page, '/blog')).body).not.toContain(title)
  })

  test('the same form without a staff token, or a plain visit, is the 404 page with nothing of the draft', async () => {
    const { anonKey } = (await (await page.request.get('/backend.json')).json()) as { anonKey: string }
    const attempts = [
      page.request.post('/blog/vista-previa', { form: { id } }),
      page.request.post('/blog/vista-previa', { form: { id, access_token: anonKey } }),
      page.request.post('/blog/vista-previa', { form: { id, access_token: 'no-es-un-token' } }),
      page.request.get('/blog/vista-previa'),
      page.request.get(`/blog/vista-previa?id=${id}`),
    ]
    for (const response of await Promise.all(attempts)) {
      expect(response.status(), response.url()).toBe(404)
      const html = await response.text()
      expect(html).toContain('404')
      expect(html).not.toContain(title)
      expect(html).not.toContain(secret)
    }
  })
})
