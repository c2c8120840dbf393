import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import sharp from 'sharp'
import ws from 'ws'
import { photo } from '../../support/images.ts'
import { demoStaff, runId } from '../admin/helpers.ts'

// A photo staff upload to the media bucket (with the GPS position a phone writes) becomes a post's cover:
// the public post serves it as <picture> with AVIF and WebP variants and a JPEG fallback at the cover's
// widths, each of which decodes in the browser, is the format and width it claims, and carries no EXIF.

const COVER_WIDTHS = [480, 800, 1200, 1600]

async function staffClient(page: Page): Promise<SupabaseClient> {
  const { url, anonKey } = (await (await page.request.get('/backend.json')).json()) as { url: string; anonKey: string }
  const client = createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws as never } })
  const { error } = await client.auth.signInWithPassword({ email: demoStaff.email, password: demoStaff.password })
  expect(error).toBeNull()
  return client
}

test.setTimeout(180_000)

test('an uploaded photo as a post cover is served as responsive AVIF/WebP/JPEG variants without GPS metadata', async ({ page }) => {
  const staff = await staffClient(page)
  const original = await photo(2400, 1500)
  expect((await sharp(original).metadata()).exif).toBeDefined()
  const name = `e2e-${runId}-portada.jpg`
  const upload = await staff.storage.from('media').upload(name, original, { contentType: 'image/jpeg' })
  expect(upload.error).toBeNull()
  const { publicUrl } = staff.storage.from('media').getPublicUrl(name).data
  const slug = `portada-${runId}`
  const insert = await staff
    .from('blog_posts')
    .insert({ title: `Portada ${runId}`, slug, content: 'Texto.', featured_image: publicUrl, published: true })
  expect(insert.error).toBeNull()

  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(`/blog/${slug}`)
  const picture = page.locator('main article picture').first()
  const img = picture.locator('img')
  await expect(img).toHaveAttribute('width', '1600')
  await expect(img).toHaveAttribute('height', '900')
  await expect(img).toHaveAttribute('fetchpriority', 'high')
  await expect(img).not.toHaveAttribute('loading', 'lazy')

  const sets: Record<string, string> = {
    avif: (await picture.locator('source[type="image/avif"]').getAttribute('srcset')) ?? '',
    webp: (await picture.locator('source[type="image/webp"]').getAttribute('srcset')) ?? '',
    jpeg: (await img.getAttribute('srcset')) ?? '',
  }
  for (const [format, srcset] of Object.entries(sets)) {
    const candidates = srcset.split(',').map((c) => c.trim().split(' ') as [string, string])
    expect(candidates.map(([, w]) => w)).toEqual(COVER_WIDTHS.map((w) => `${w}w`))
    for (const [url, descriptor] of candidates) {
      const response = await page.request.get(url)
      expect(response.status(), url).toBe(200)
      expect(response.headers()['content-type']).toBe(`image/${format}`)
      const meta = await sharp(await response.body()).metadata()
      expect(meta.format === 'heif' ? 'avif' : meta.format).toBe(format)
      expect(`${meta.width}w`).toBe(descriptor)
      expect(meta.height).toBe(Math.round((meta.width * 9) / 16))
      expect(meta.exif, `${url} carries EXIF`).toBeUndefined()
    }
  }
  // The browser picks AVIF and decodes it.
  const decoded = await img.evaluate(async (el: HTMLImageElement) => {
    await el.decode()
    return { current: el.currentSrc, width: el.naturalWidth }
  })
  expect(decoded.current).toMatch(/\/_img\/cover\/\d+\.avif\/media\//)
  expect(decoded.width).toBeGreaterThan(0)

  // Shared on social networks as a 1200×630 JPEG.
  const og = await page.locator('meta[property="og:image"]').getAttribute('content')
  const ogImage = await sharp(await (await page.request.get(new URL(og!).pathname)).body()).metadata()
  expect([ogImage.format, ogImage.width, ogImage.height, ogImage.exif]).toEqual(['jpeg', 1200, 630, undefined])

  await page.screenshot({ path: `test-results/post-cover-1440.png`, fullPage: false })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  await page.screenshot({ path: `test-results/post-cover-390.png`, fullPage: false })
})

test('page image blocks of any shape: the browser picks a variant as wide as the box needs, and the file is as wide as its descriptor', async ({
  page,
}) => {
  const staff = await staffClient(page)
  const blocks = []
  for (const [shape, w, h] of [
    ['3x2', 2400, 1600],
    ['2x3', 1600, 2400],
    ['21x9', 2520, 1080],
  ] as const) {
    const name = `e2e-${runId}-bloque-${shape}.jpg`
    expect((await staff.storage.from('media').upload(name, await photo(w, h), { contentType: 'image/jpeg' })).error).toBeNull()
    blocks.push({ type: 'image', src: `/storage/v1/object/public/media/${name}`, alt: `Foto ${shape}`, caption: `Una foto ${shape}` })
  }
  const slug = `bloques-${runId}`
  expect((await staff.from('pages').insert({ title: `Bloques ${runId}`, slug, content: blocks, published: true })).error).toBeNull()

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.goto(`/${slug}`)
    const images = page.locator('main figure picture img')
    await expect(images).toHaveCount(3)
    for (const img of await images.all()) {
      await img.scrollIntoViewIfNeeded()
      const shown = await img.evaluate(async (el: HTMLImageElement) => {
        await el.decode()
        return { src: el.currentSrc, natural: el.naturalWidth, box: el.getBoundingClientRect().width, dpr: devicePixelRatio }
      })
      const descriptor = Number(/\/inset\/(\d+)\./.exec(shown.src)![1])
      const file = await sharp(await (await page.request.get(shown.src)).body()).metadata()
      expect(file.width, shown.src).toBe(descriptor)
      expect(file.height, shown.src).toBe(Math.round((descriptor * 9) / 16))
      // The candidate chosen covers the box at the screen's density.
      expect(descriptor, `${shown.src} for a ${shown.box} px box`).toBeGreaterThanOrEqual(Math.min(1600, shown.box * shown.dpr))
    }
    await page.screenshot({ path: `test-results/image-blocks-${width}.png`, fullPage: true })
  }
})
