// The live server answers a path that is no page with the one cached 404 page (src/host/site/pagePaths.ts):
// every spelling the router accepts for a page must still count as that page, or a visitor following an old
// link or a listing's first page would get a 404 instead of the redirect or the page.
import { describe, expect, it } from 'vitest'
import { pagePathOf } from '../../src/host/site/pagePaths'

describe('pagePathOf', () => {
  it('names the page behind each spelling the router accepts', () => {
    expect(pagePathOf('/')).toBe('/')
    expect(pagePathOf('/shopify')).toBe('/shopify')
    expect(pagePathOf('/shopify/')).toBe('/shopify')
    expect(pagePathOf('/shopify/index.html')).toBe('/shopify')
    expect(pagePathOf('/index.html')).toBe('/')
    expect(pagePathOf('/blog/mi-post/index.pageContext.json')).toBe('/blog/mi-post')
    expect(pagePathOf('/blog/pagina/1')).toBe('/blog')
    expect(pagePathOf('/blog/etiqueta/shopify/pagina/1/')).toBe('/blog/etiqueta/shopify')
  })

  it('keeps the pages a listing has past its first', () => {
    expect(pagePathOf('/blog/pagina/2')).toBe('/blog/pagina/2')
    expect(pagePathOf('/blog/etiqueta/shopify/pagina/12')).toBe('/blog/etiqueta/shopify/pagina/12')
  })
})
