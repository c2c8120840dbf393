import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { chooseOption, expectAccessible, expectToast, openTab, rest, restCount, runId, signedInStaffPage } from './helpers'

// What staff publish reaches the site: bad slugs and images are refused in Spanish, every post has its
// preview and, once published, a link to its page on the site.
test.describe.configure({ mode: 'serial', timeout: 60_000 })
let page: Page

test.beforeAll(async ({ browser }) => {
  page = await signedInStaffPage(browser)
  await openTab(page, 'Blog')
})
test.afterAll(async () => {
  await page.context().close()
})

const slugField = () => page.getByLabel('Slug (URL)')
const imageField = () => page.getByLabel('Imagen destacada (URL)')
const content = () => page.getByRole('textbox', { name: 'Contenido', exact: true })

test('a javascript: image and a slug without letters are refused in Spanish, and nothing is saved', async () => {
  const title = `Entrada rechazada ${runId}`
  await page.getByRole('button', { name: 'Nueva Entrada' }).click()
  await page.getByLabel('Título').fill(title)
  await content().fill('Texto')

  // Typed slugs are normalised: accents stripped, spaces to hyphens.
  await slugField().fill(`Guía Rápida Año ${runId}`)
  await expect(slugField()).toHaveValue(`guia-rapida-ano-${runId}`)
  await expect(page.getByText(`URL: /blog/guia-rapida-ano-${runId}`)).toBeVisible()

  await imageField().fill('javascript:alert(document.cookie)')
  await imageField().blur()
  const imageError = 'La imagen destacada debe ser una URL que empiece por http:// o https://, o una ruta del sitio que empiece por «/».'
  await expect(page.getByRole('alert').filter({ hasText: imageError })).toBeVisible()
  await expect(imageField()).toHaveAttribute('aria-invalid', 'true')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, 'Error', imageError)

  // A slug that leaves no letter or digit (and a title that gives none either).
  await imageField().fill('/images/og-default.jpg')
  await expect(imageField()).not.toHaveAttribute('aria-invalid', 'true')
  await page.getByLabel('Título').fill('¿¡!?')
  await slugField().fill('¿¡!?')
  await expect(slugField()).toHaveValue('')
  await page.getByRole('button', { name: 'Guardar' }).click()
  const slugError = 'El slug solo puede tener letras minúsculas sin acentos, números y guiones (por ejemplo «mi-entrada»).'
  await expectToast(page, 'Error', slugError)
  await expect(page.getByRole('alert').filter({ hasText: slugError })).toBeVisible()
  await expectAccessible(page, 'Blog (formulario con errores)')
  expect(await restCount(page, 'blog_posts', `&title=eq.${encodeURIComponent(title)}`)).toBe(0)
  expect(await restCount(page, 'blog_posts', '&title=eq.%C2%BF%C2%A1!%3F')).toBe(0)

  // The database refuses the same image even when the admin is skipped.
  const direct = await rest(page, 'POST', 'blog_posts', { title, slug: `directa-${runId}`, content: 'x', featured_image: 'javascript:alert(1)' })
  expect(direct.status).toBe(400)
  expect(JSON.stringify(direct.body)).toContain('blog_posts_featured_image_url')

  await page.getByRole('button', { name: 'Cancelar' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Descartar cambios' }).click()
})

test('a tag whose name gives no URL is refused in Spanish', async () => {
  await page.getByRole('button', { name: 'Nueva Entrada' }).click()
  await page.getByLabel('Nuevo tag').fill('¿?')
  await page.getByRole('button', { name: 'Añadir tag' }).click()
  await expectToast(page, 'Error al crear tag', 'El nombre del tag necesita alguna letra o número para formar su URL (solo a-z, 0-9 y guiones).')
  expect(await restCount(page, 'blog_tags', '&name=eq.%C2%BF%3F')).toBe(0)
  await page.getByRole('button', { name: 'Cancelar' }).click()
})

test('every post links to its preview; a published one also to its page, and its save toast opens it', async () => {
  const title = `Publicada ${runId}`
  const slug = `publicada-${runId}`
  await page.getByRole('button', { name: 'Nueva Entrada' }).click()
  await page.getByLabel('Título').fill(title)
  await content().fill('## Hola\n\nTexto publicado.')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, 'Post guardado')
  // A draft's save offers no live page.
  await expect(page.getByRole('region', { name: /Notifica/ }).getByRole('button', { name: 'Ver en el sitio' })).toHaveCount(0)

  const card = page.getByRole('listitem').filter({ hasText: title })
  const id = ((await rest(page, 'GET', `blog_posts?select=id&slug=eq.${slug}`)).body as { id: string }[])[0]!.id
  // Vista previa posts the post's id (and the staff member's token, never in a URL) to the server's preview page.
  const previewName = `Vista previa de «${title}» (se abre en una pestaña nueva)`
  await expect(card.getByRole('button', { name: previewName })).toHaveAttribute('type', 'submit')
  const form = card.locator('form').filter({ has: page.getByRole('button', { name: previewName }) })
  await expect(form).toHaveAttribute('method', 'post')
  await expect(form).toHaveAttribute('action', '/blog/vista-previa')
  await expect(form).toHaveAttribute('target', '_blank')
  await expect(form.locator('input[type="hidden"][name="id"]')).toHaveValue(id)
  await expect(form.locator('input[type="hidden"][name="access_token"]')).toHaveValue(/^eyJ/)
  await expect(card.getByRole('link', { name: /^Ver en el sitio/ })).toHaveCount(0)

  await card.getByRole('button', { name: /^Editar(?! en la página)/ }).click()
  await page.getByRole('switch', { name: 'Publicado' }).click()
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, 'Post guardado')
  const opened = page.context().waitForEvent('page')
  await page
    .getByRole('region', { name: /Notifica/ })
    .getByRole('button', { name: 'Ver en el sitio' })
    .click()
  const live = await opened
  await live.waitForLoadState('domcontentloaded')
  expect(new URL(live.url()).pathname).toBe(`/blog/${slug}`)
  await live.close()

  const site = card.getByRole('link', { name: `Ver en el sitio «${title}» (se abre en una pestaña nueva)` })
  await expect(site).toHaveAttribute('href', `/blog/${slug}`)
  await expect(site).toHaveAttribute('target', '_blank')
  await expectAccessible(page, 'Blog (lista con enlaces)')
})

test('the SEO tab lists every public route, posts and tag pages included, with the live values as placeholders', async () => {
  const post = {
    path: '/blog/shopify-woocommerce-prestashop-como-elegir',
    title: 'Shopify, WooCommerce o PrestaShop: cómo elegir plataforma para tu tienda online',
  }
  const row = (
    (await rest(page, 'GET', `blog_posts?select=excerpt,featured_image&slug=eq.${post.path.split('/').pop()}`)).body as {
      excerpt: string
      featured_image: string
    }[]
  )[0]!
  await rest(page, 'DELETE', `seo_metadata?page_path=eq.${encodeURIComponent(post.path)}`)
  await openTab(page, 'SEO')
  await page.getByRole('combobox', { name: 'Página' }).click()
  for (const path of ['/', '/cookies', post.path, '/blog/etiqueta/shopify']) {
    await expect(page.getByRole('option', { name: path, exact: true })).toBeAttached()
  }
  // Drafts are not public routes, nor is a tag whose only post is a draft.
  await expect(page.getByRole('option', { name: '/blog/integrar-crm-con-erp' })).toHaveCount(0)
  await expect(page.getByRole('option', { name: '/blog/etiqueta/integraciones' })).toHaveCount(0)
  await page.getByRole('option', { name: post.path, exact: true }).click()

  const placeholder = (label: string) => page.getByLabel(label, { exact: true })
  await expect(placeholder('Meta título')).toHaveValue('')
  await expect(placeholder('Meta título')).toHaveAttribute('placeholder', `${post.title} | Nexo Digital Valencia`)
  await expect(placeholder('Meta descripción')).toHaveAttribute('placeholder', row.excerpt)
  await expect(placeholder('URL canónica')).toHaveAttribute('placeholder', `https://www.example.com${post.path}`)
  await expect(placeholder('Título OG')).toHaveAttribute('placeholder', `${post.title} | Nexo Digital Valencia`)
  // The served og:image is absolute, on the site's origin, and for the seed's photo covers their 1200×630 variant.
  await expect(placeholder('Imagen OG (URL)')).toHaveAttribute(
    'placeholder',
    new URL(`/_img/og/1200.jpeg${row.featured_image}`, 'https://www.example.com').href,
  )
  await expect(placeholder('Descripción de Twitter')).toHaveAttribute('placeholder', row.excerpt)
  await expect(page.getByText('Etiqueta robots resultante:')).toContainText('index,follow')

  // A typed title becomes what the social fields fall back to; robots follow the switches.
  await placeholder('Meta título').fill(`Elegir plataforma | Nexo Digital ${runId}`)
  await expect(placeholder('Título OG')).toHaveAttribute('placeholder', `Elegir plataforma | Nexo Digital ${runId}`)
  await expect(placeholder('Título de Twitter')).toHaveAttribute('placeholder', `Elegir plataforma | Nexo Digital ${runId}`)
  await page.getByRole('switch', { name: 'No indexar' }).click()
  await expect(page.getByText('Etiqueta robots resultante:')).toContainText('noindex,follow')
  await expectAccessible(page, 'SEO (entrada del blog)')
  await page.getByRole('button', { name: 'Guardar SEO' }).click()
  await expectToast(page, 'SEO guardado')
  const saved = (await rest(page, 'GET', `seo_metadata?select=meta_title,noindex&page_path=eq.${encodeURIComponent(post.path)}`)).body
  expect(saved).toEqual([{ meta_title: `Elegir plataforma | Nexo Digital ${runId}`, noindex: true }])
  await rest(page, 'DELETE', `seo_metadata?page_path=eq.${encodeURIComponent(post.path)}`)
})

test("a post without an excerpt: the SEO tab's description placeholder is the description the site serves", async () => {
  // A heading without a full stop, raw HTML and a footnote: text that a different Markdown reading would
  // turn into a different description.
  const slug = `sin-extracto-${runId}`
  const body = [
    '# Por qué migrar tu tienda',
    'Una tienda <span>rápida</span> vende **más** y gasta menos en anuncios[^1].',
    'Te contamos cómo medirlo antes de decidir, con datos de tus propias ventas y sin promesas vacías.',
    '[^1]: Según nuestros proyectos de 2025.',
  ].join('\n\n')
  const created = await rest(page, 'POST', 'blog_posts', {
    title: `Sin extracto ${runId}`,
    slug,
    excerpt: null,
    content: body,
    published: true,
    published_at: new Date().toISOString(),
  })
  expect(created.status).toBe(201)
  try {
    const html = await (await page.request.get(`/blog/${slug}`)).text()
    const served = await page.evaluate(
      (doc) => new DOMParser().parseFromString(doc, 'text/html').querySelector('meta[name="description"]')?.getAttribute('content'),
      html,
    )
    expect(served).toMatch(/^Por qué migrar tu tienda\. Una tienda rápida vende más y gasta menos en anuncios\. Te contamos/)

    await page.reload()
    await openTab(page, 'SEO')
    await chooseOption(page, 'Página', `/blog/${slug}`)
    await expect(page.getByLabel('Meta descripción', { exact: true })).toHaveAttribute('placeholder', served!)
  } finally {
    await rest(page, 'DELETE', `blog_posts?slug=eq.${slug}`)
  }
})
