import { parseFragment, type DefaultTreeAdapterMap } from 'parse5'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../src/blog/markdown.server'
import type { Post, PostSummary } from '../../src/cms/types'
import { BlogIndex } from '../../src/sections/blog/BlogIndex'
import { BlogIntro } from '../../src/sections/blog/BlogIntro'
import { Pagination, pageSlots } from '../../src/sections/blog/Pagination'
import { PostArticle } from '../../src/sections/blog/PostArticle'
import { PostCard } from '../../src/sections/blog/PostCard'
import { PostGrid } from '../../src/sections/blog/PostGrid'
import { PostPage } from '../../src/sections/blog/PostPage'
import { RelatedPosts } from '../../src/sections/blog/RelatedPosts'

type El = DefaultTreeAdapterMap['element']
type Node = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['documentFragment']

function elements(html: string): El[] {
  const out: El[] = []
  const walk = (node: Node) => {
    if ('tagName' in node) out.push(node)
    if ('childNodes' in node) node.childNodes.forEach(walk)
  }
  walk(parseFragment(html))
  return out
}
const attr = (el: El, name: string) => el.attrs.find((a) => a.name === name)?.value
const text = (el: El): string => el.childNodes.map((c) => (c.nodeName === '#text' && 'value' in c ? c.value : 'tagName' in c ? text(c) : '')).join('')
const headingLevels = (html: string) =>
  elements(html)
    .filter((el) => /^h[1-6]$/.test(el.tagName))
    .map((el) => Number(el.tagName[1]))

const summary = (n: number, over: Partial<PostSummary> = {}): PostSummary => ({
  id: `id-${n}`,
  slug: `articulo-${n}`,
  title: `Artículo ${n}`,
  excerpt: `Resumen ${n}.`,
  featuredImage: null,
  publishedAt: '2026-11-02T23:30:00.000Z',
  updatedAt: '2026-11-03T08:00:00.000Z',
  readingMinutes: 4,
  tags: [
    { slug: 'shopify', name: 'Shopify' },
    { slug: 'ecommerce', name: 'Ecommerce' },
  ],
  ...over,
})

describe('PostCard', () => {
  const html = renderToStaticMarkup(<PostCard post={summary(1, { featuredImage: 'https://images.example.org/a.jpg' })} />)
  const els = elements(html)

  it('links the title to the post and shows excerpt, Madrid date and reading time', () => {
    const heading = els.find((el) => el.tagName === 'h2')!
    const link = heading.childNodes.find((c): c is El => 'tagName' in c && c.tagName === 'a')!
    expect(attr(link, 'href')).toBe('/blog/articulo-1')
    expect(text(link)).toBe('Artículo 1')
    const time = els.find((el) => el.tagName === 'time')!
    expect(attr(time, 'datetime')).toBe('2026-11-02T23:30:00.000Z')
    expect(text(time)).toBe('3 de noviembre de 2026')
    expect(html).toContain('4 min de lectura')
    expect(html).toContain('Resumen 1.')
  })

  it('links each tag to its tag page', () => {
    const tagLinks = els.filter((el) => el.tagName === 'a' && attr(el, 'href')!.startsWith('/blog/etiqueta/'))
    expect(tagLinks.map((a) => [attr(a, 'href'), text(a)])).toEqual([
      ['/blog/etiqueta/shopify', 'Shopify'],
      ['/blog/etiqueta/ecommerce', 'Ecommerce'],
    ])
  })

  it('puts the featured image in a fixed 16:9 box, lazily', () => {
    const img = els.find((el) => el.tagName === 'img')!
    expect(attr(img, 'src')).toBe('https://images.example.org/a.jpg')
    expect([attr(img, 'width'), attr(img, 'height'), attr(img, 'loading'), attr(img, 'decoding')]).toEqual(['1600', '900', 'lazy', 'async'])
    expect(attr(img, 'class')).toContain('aspect-video')
  })

  it('has no image when the post has none, and an h3 title when asked', () => {
    const plain = renderToStaticMarkup(<PostCard post={summary(2)} headingLevel={3} />)
    expect(plain).not.toContain('<img')
    expect(headingLevels(plain)).toEqual([3])
  })
})

describe('PostGrid', () => {
  it('lists one card per post', () => {
    const html = renderToStaticMarkup(<PostGrid posts={[summary(1), summary(2), summary(3)]} />)
    expect(elements(html).filter((el) => el.tagName === 'article')).toHaveLength(3)
  })

  it('shows a friendly Spanish empty state with a way to contact', () => {
    const html = renderToStaticMarkup(<PostGrid posts={[]} />)
    expect(html).toContain('Todavía no hemos publicado artículos')
    const contact = elements(html).find((el) => el.tagName === 'a')!
    expect(attr(contact, 'href')).toBe('/#contacto')
    expect(text(contact)).toBe('Hablemos de tu proyecto')
  })
})

describe('Pagination', () => {
  const links = (html: string) => elements(html).filter((el) => el.tagName === 'a')

  it('is a labelled nav with previous, next and numbered links, the current page marked', () => {
    const html = renderToStaticMarkup(<Pagination page={3} pageCount={10} />)
    const nav = elements(html)[0]!
    expect(nav.tagName).toBe('nav')
    expect(attr(nav, 'aria-label')).toBe('Paginación')
    const all = links(html)
    expect(all.map((a) => attr(a, 'href'))).toEqual([
      '/blog/pagina/2',
      '/blog',
      '/blog/pagina/2',
      '/blog/pagina/3',
      '/blog/pagina/4',
      '/blog/pagina/10',
      '/blog/pagina/4',
    ])
    expect(attr(all[0]!, 'rel')).toBe('prev')
    expect(attr(all.at(-1)!, 'rel')).toBe('next')
    const current = all.filter((a) => attr(a, 'aria-current') !== undefined)
    expect(current).toHaveLength(1)
    expect(attr(current[0]!, 'aria-current')).toBe('page')
    expect(attr(current[0]!, 'href')).toBe('/blog/pagina/3')
  })

  it('links page 1 as /blog, never /blog/pagina/1, and has no previous link there', () => {
    const html = renderToStaticMarkup(<Pagination page={1} pageCount={3} />)
    expect(html).not.toContain('/blog/pagina/1"')
    expect(links(html).some((a) => attr(a, 'rel') === 'prev')).toBe(false)
    expect(
      attr(
        links(html).find((a) => attr(a, 'aria-current'))!,
        'href',
      ),
    ).toBe('/blog')
  })

  it('has no next link on the last page', () => {
    const html = renderToStaticMarkup(<Pagination page={3} pageCount={3} />)
    expect(links(html).some((a) => attr(a, 'rel') === 'next')).toBe(false)
  })

  it('renders nothing for a single page', () => {
    expect(renderToStaticMarkup(<Pagination page={1} pageCount={1} />)).toBe('')
  })

  it('shows first, last, current and (on wider screens) neighbours, with a gap mark wherever pages are skipped', () => {
    // What each width shows, as a reader would see it.
    const view = (page: number, count: number, width: 'wide' | 'narrow') =>
      pageSlots(page, count)
        .filter((s) => s.on === 'all' || s.on === width)
        .map((s) => ('gap' in s ? '…' : s.page))
        .join(' ')
    expect(view(5, 10, 'wide')).toBe('1 … 4 5 6 … 10')
    expect(view(5, 10, 'narrow')).toBe('1 … 5 … 10')
    expect(view(3, 5, 'wide')).toBe('1 2 3 4 5')
    expect(view(3, 5, 'narrow')).toBe('1 … 3 … 5')
    expect(view(2, 9, 'narrow')).toBe('1 2 … 9')
    expect(view(1, 10, 'wide')).toBe('1 2 … 10')
    expect(view(1, 10, 'narrow')).toBe('1 … 10')
    expect(view(2, 3, 'narrow')).toBe('1 2 3')
  })
})

describe('BlogIntro', () => {
  it('is the page h1: "Blog", or "Artículos sobre {tag}" on a tag page', () => {
    const blog = elements(renderToStaticMarkup(<BlogIntro />)).find((el) => el.tagName === 'h1')!
    expect(text(blog)).toBe('Blog')
    const tagHtml = renderToStaticMarkup(<BlogIntro tag={{ slug: 'shopify', name: 'Shopify' }} />)
    expect(text(elements(tagHtml).find((el) => el.tagName === 'h1')!)).toBe('Artículos sobre Shopify')
    expect(elements(tagHtml).some((el) => el.tagName === 'a' && attr(el, 'href') === '/blog')).toBe(true)
  })

  it('says which page it is from page 2 on', () => {
    expect(renderToStaticMarkup(<BlogIntro page={2} pageCount={5} />)).toContain('Página 2 de 5')
    expect(renderToStaticMarkup(<BlogIntro page={1} pageCount={5} />)).not.toContain('Página 1 de 5')
  })
})

describe('PostArticle', () => {
  const body = renderMarkdown('# Un título en el cuerpo\n\nTexto.\n\n## Sección')
  const post: Post = { ...summary(1, { featuredImage: '/images/portada.jpg' }), html: body.html }
  const html = renderToStaticMarkup(<PostArticle post={post} />)
  const els = elements(html)

  it('has the post title as the only h1, even when the body starts with #', () => {
    const h1s = els.filter((el) => el.tagName === 'h1')
    expect(h1s).toHaveLength(1)
    expect(text(h1s[0]!)).toBe('Artículo 1')
    expect(headingLevels(html)).toEqual([1, 2, 3])
  })

  it('loads the featured image first (LCP), in a fixed box', () => {
    const img = els.find((el) => el.tagName === 'img')!
    expect([attr(img, 'loading'), attr(img, 'fetchpriority'), attr(img, 'width'), attr(img, 'height')]).toEqual(['eager', 'high', '1600', '900'])
    expect(attr(img, 'class')).toContain('aspect-video')
  })

  it('links back to the blog, dates the post and renders the body inside prose', () => {
    expect(els.some((el) => el.tagName === 'a' && attr(el, 'href') === '/blog' && text(el) === 'Blog')).toBe(true)
    expect(text(els.find((el) => el.tagName === 'time')!)).toBe('3 de noviembre de 2026')
    const prose = els.find((el) => attr(el, 'class')?.split(' ').includes('prose'))!
    expect(text(prose)).toContain('Texto.')
    expect(els.filter((el) => el.tagName === 'a' && attr(el, 'href')!.startsWith('/blog/etiqueta/'))).toHaveLength(2)
  })
})

describe('RelatedPosts', () => {
  it('shows at most three cards as h3 under "Artículos relacionados"', () => {
    const html = renderToStaticMarkup(<RelatedPosts posts={[summary(1), summary(2), summary(3), summary(4)]} />)
    const h2 = elements(html).find((el) => el.tagName === 'h2')!
    expect(text(h2)).toBe('Artículos relacionados')
    expect(attr(elements(html)[0]!, 'aria-labelledby')).toBe(attr(h2, 'id'))
    expect(headingLevels(html)).toEqual([2, 3, 3, 3])
  })

  it('renders nothing without related posts', () => {
    expect(renderToStaticMarkup(<RelatedPosts posts={[]} />)).toBe('')
  })
})

describe('whole blog pages', () => {
  /** No level is skipped going down (h1 → h2 → h3), as axe's heading-order rule asks. */
  const assertOutline = (levels: number[]) => {
    expect(levels[0]).toBe(1)
    expect(levels.filter((l) => l === 1)).toHaveLength(1)
    levels.forEach((level, i) => i > 0 && expect(level - levels[i - 1]!).toBeLessThanOrEqual(1))
  }

  it('the blog index: one h1, cards as h2, pagination, the contact section', () => {
    const html = renderToStaticMarkup(<BlogIndex listing={{ posts: [summary(1), summary(2)], page: 2, pageCount: 3 }} />)
    assertOutline(headingLevels(html))
    expect(html).toContain('aria-label="Paginación"')
    expect(html).toContain('id="contacto"')
  })

  it('a paginated tag page links its own pages', () => {
    const tag = { slug: 'shopify', name: 'Shopify' }
    const html = renderToStaticMarkup(<BlogIndex listing={{ posts: [summary(1)], page: 2, pageCount: 3 }} tag={tag} />)
    expect(elements(html).filter((el) => el.tagName === 'nav' && attr(el, 'aria-label') === 'Paginación')).toHaveLength(1)
    expect(html).toContain('href="/blog/etiqueta/shopify"')
    expect(html).toContain('href="/blog/etiqueta/shopify/pagina/3"')
    expect(html).not.toContain('href="/blog/pagina/')
  })

  it('the empty blog still has its h1 and the empty state', () => {
    const html = renderToStaticMarkup(<BlogIndex listing={{ posts: [], page: 1, pageCount: 1 }} />)
    assertOutline(headingLevels(html))
    expect(html).toContain('Todavía no hemos publicado artículos')
    expect(html).not.toContain('Paginación')
  })

  it('a post page: one h1, body headings, related posts, contact; no id used twice', () => {
    const body = renderMarkdown('## Contacto\n\nEscríbenos.\n\n## Artículos relacionados\n\nVer abajo.')
    const html = renderToStaticMarkup(<PostPage post={{ ...summary(1), html: body.html }} related={[summary(2)]} />)
    assertOutline(headingLevels(html))
    const ids = elements(html)
      .map((el) => attr(el, 'id'))
      .filter(Boolean)
    expect(new Set(ids).size).toBe(ids.length)
  })
})
