import { parseFragment, type DefaultTreeAdapterMap } from 'parse5'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Hero } from '../../src/sections/Hero'
import { MarkPlaces } from '../../src/sections/PlaceMarks'
import { Sections } from '../../src/sections/Sections'
import { PLACE_ATTRIBUTE, parsePlaceId, placeId } from '../../src/siteContent/placeMarks'
import { textPlaces } from '../../src/siteContent/places'
import { landing, site } from '../../src/siteContent/registry.server'

const page = (path: string) => {
  const { data } = landing(path)
  return (
    <>
      <Hero hero={data.hero} reviews={site.reviews} />
      <Sections sections={data.sections} Body={() => <p>cuerpo</p>} />
    </>
  )
}

type Node = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['documentFragment']
const text = (node: Node): string =>
  node.nodeName === '#text' && 'value' in node ? node.value : 'childNodes' in node ? node.childNodes.map(text).join('') : ''

/** The text of each marked element, by its mark. */
function marked(html: string): Map<string, string> {
  const marks = new Map<string, string>()
  const walk = (node: Node) => {
    const mark = 'attrs' in node ? node.attrs.find((a) => a.name === PLACE_ATTRIBUTE) : undefined
    if (mark) marks.set(mark.value, text(node))
    if ('childNodes' in node) node.childNodes.forEach(walk)
  }
  walk(parseFragment(html))
  return marks
}

describe('text-place marks', () => {
  it.each(['/', '/shopify'])('are absent from a visitor’s render of %s', (path) => {
    const html = renderToStaticMarkup(page(path))
    expect(html).not.toContain(PLACE_ATTRIBUTE)
    expect(renderToStaticMarkup(<MarkPlaces on={false}>{page(path)}</MarkPlaces>)).toBe(html)
  })

  it.each(['/', '/shopify'])('mark every place of %s that has text, on the element showing that text', (path) => {
    const html = renderToStaticMarkup(<MarkPlaces on>{page(path)}</MarkPlaces>)
    const marks = marked(html)
    const withText = textPlaces(landing(path).data).filter((p) => p.text)
    expect([...marks.keys()].sort()).toEqual(withText.map(placeId).sort())
    for (const place of withText) expect(marks.get(placeId(place))).toBe(place.text)
  })

  it('round-trips a place through its mark and refuses values no place has', () => {
    expect(parsePlaceId(placeId({ section: 'servicios', key: 'servicios-intro' }))).toEqual({ section: 'servicios', key: 'servicios-intro' })
    expect(parsePlaceId('servicios')).toBeNull()
    expect(parsePlaceId('a/b"]')).toBeNull()
  })
})
