import { parseFragment, serialize, type DefaultTreeAdapterTypes as T } from 'parse5'
import { describe, expect, it } from 'vitest'
import { diffPages, shownPage, type PagePatch, type ShownPage } from '../../src/admin/preview/pageDiff'

// The live preview applies to its frame only what changed between two answers (docs/decisions/0105-live-preview-large-posts.md).
// Here the changes are applied to the first answer's tree as the admin applies them to the frame's document
// (./src/admin/preview/applyPatch.ts): each page must come out as the second answer, and a word typed into a
// long post must change only that word's paragraph.

const page = (title: string, paragraphs: string[], extra = '', notice = '') =>
  '<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>' +
  title +
  '</title><script type="module" src="/assets/page.js"></script></head>\n  <body>' +
  notice +
  '<header><a href="/">Inicio</a></header>' +
  `<main id="main"><article><h1>${title}</h1><div class="prose">\n${paragraphs.join('\n')}\n</div></article></main>${extra}` +
  '<script id="page-end">window.x = 1</script></body></html>'

function apply(shown: ShownPage, patches: PagePatch[]): string {
  for (const patch of patches) {
    let node: T.ParentNode = shown.doc
    for (const index of patch.path) node = node.childNodes[index] as T.ParentNode
    const element = node as T.Element
    if (patch.kind === 'attributes') {
      element.attrs = patch.attributes.map(([name, value]) => ({ name, value }))
      continue
    }
    const added = parseFragment(element, patch.html, {}).childNodes
    for (const child of added) child.parentNode = element
    element.childNodes.splice(patch.index, patch.remove, ...added)
  }
  return serialize(shown.doc)
}

const paragraphs = Array.from(
  { length: 2000 },
  (_, n) => `<p>Párrafo ${n} con <strong>negrita</strong> y &amp; un <a href="/shopify">enlace</a>.</p>`,
)

describe('the live preview’s changes between two answers', () => {
  it('shows the page without its scripts, with the admin’s style at the end of its head', () => {
    const shown = shownPage(page('Entrada', paragraphs.slice(0, 2)), '<style data-admin-preview>p{outline:1px}</style>')
    expect(shown.html).not.toContain('<script')
    expect(shown.html).toContain('<style data-admin-preview>p{outline:1px}</style></head>')
    expect(shown.html).toContain('<p>Párrafo 1 con')
  })

  it('a word typed at the end of a long post changes that paragraph’s text only', () => {
    const before = shownPage(page('Entrada', paragraphs))
    const typed = [...paragraphs.slice(0, -1), paragraphs.at(-1)!.replace('.</p>', '. marca</p>')]
    const after = shownPage(page('Entrada', typed))
    const patches = diffPages(before, after)
    expect(patches).toEqual([{ kind: 'children', path: expect.any(Array), index: 4, remove: 1, html: '. marca' }])
    expect(apply(before, patches)).toBe(serialize(after.doc))
  })

  it.each([
    ['a paragraph added in the middle', (p: string[]) => [...p.slice(0, 700), '<p>Nuevo</p>', ...p.slice(700)], 'Entrada', ''],
    ['a paragraph removed', (p: string[]) => [...p.slice(0, 5), ...p.slice(6)], 'Entrada', ''],
    ['a link’s address changed', (p: string[]) => p.map((x, i) => (i === 1200 ? x.replace('/shopify', '/woocommerce') : x)), 'Entrada', ''],
    ['the title (head and heading) changed', (p: string[]) => p, 'Otro título & más', ''],
    ['a list turned into a paragraph', (p: string[]) => [...p.slice(0, 3), '<ul><li>uno</li><li>dos</li></ul>', ...p.slice(4)], 'Entrada', ''],
    ['the contact section appears after the article', (p: string[]) => p, 'Entrada', '<section id="contacto"><h2>Contacto</h2></section>'],
    ['a notice appears before the header, the title changes', (p: string[]) => p, 'Otra', '', '<p role="alert">No se podría guardar así</p>'],
    ['everything differs', () => ['<table><tr><td>celda</td></tr></table>'], 'Nada igual', '<footer>pie</footer>'],
  ])('%s: the first page with the changes applied is the second', (_, edit, title, extra, notice = '') => {
    const before = shownPage(page('Entrada', paragraphs), '<style data-admin-preview>a{}</style>')
    const after = shownPage(page(title, edit(paragraphs), extra, notice), '<style data-admin-preview>b{}</style>')
    const patches = diffPages(before, after)
    expect(apply(before, patches)).toBe(serialize(after.doc))
    if (title === 'Entrada' && !extra) expect(patches.reduce((size, p) => size + ('html' in p ? p.html.length : 0), 0)).toBeLessThan(200)
  })

  it('the same answer twice changes nothing', () => {
    const html = page('Entrada', paragraphs)
    expect(diffPages(shownPage(html), shownPage(html))).toEqual([])
  })
})
