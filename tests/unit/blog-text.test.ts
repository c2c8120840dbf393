import { describe, expect, it } from 'vitest'
import { blogDescription, excerptFrom, readingMinutes, readingTimeLabel } from '../../src/blog/text'
import { SEO_LIMITS } from '../../src/lib/seoLimits'

const words = (n: number) => Array.from({ length: n }, (_, i) => `palabra${i}`).join(' ')

describe('readingMinutes', () => {
  it('counts about 200 words a minute, rounded', () => {
    expect(readingMinutes(words(400))).toBe(2)
    expect(readingMinutes(words(800))).toBe(4)
    expect(readingMinutes(words(899))).toBe(4)
    expect(readingMinutes(words(900))).toBe(5)
  })

  it('is at least 1, even for an empty or one-line post', () => {
    expect(readingMinutes('')).toBe(1)
    expect(readingMinutes('   ')).toBe(1)
    expect(readingMinutes('Hola.')).toBe(1)
  })

  it('counts words however they are spaced', () => {
    expect(readingMinutes(`${words(300)}\n\n\t ${words(300)}`)).toBe(3)
  })

  it('labels it in Spanish', () => {
    expect(readingTimeLabel(4)).toBe('4 min de lectura')
  })
})

describe('excerptFrom', () => {
  const text =
    'Elegir plataforma para una tienda online es una decisión de tres años: afecta a los costes, al equipo que la mantiene y a lo rápido que puedes lanzar campañas nuevas cada temporada.'

  it('returns short text whole, without an ellipsis, whitespace collapsed', () => {
    expect(excerptFrom('  Un texto   corto.\n')).toBe('Un texto corto.')
  })

  it('cuts long text at a word boundary within the SEO description limit, ending in an ellipsis', () => {
    const excerpt = excerptFrom(text)
    expect(text.length).toBeGreaterThan(SEO_LIMITS.description)
    expect(excerpt.length).toBeLessThanOrEqual(SEO_LIMITS.description)
    expect(excerpt.endsWith('…')).toBe(true)
    const head = excerpt.slice(0, -1)
    expect(text.startsWith(head)).toBe(true)
    // The next character of the original is a space: no word was cut.
    expect(text[head.length]).toBe(' ')
    expect(excerpt).toBe(
      'Elegir plataforma para una tienda online es una decisión de tres años: afecta a los costes, al equipo que la mantiene y a lo rápido que puedes lanzar campañas…',
    )
  })

  it('takes another limit and drops punctuation left before the ellipsis', () => {
    expect(excerptFrom(text, 75)).toBe('Elegir plataforma para una tienda online es una decisión de tres años…')
  })

  it('cuts a single word longer than the limit rather than returning nothing', () => {
    const excerpt = excerptFrom('a'.repeat(200), 20)
    expect(excerpt).toBe(`${'a'.repeat(19)}…`)
  })
})

describe('blogDescription', () => {
  it('names the business and fits a meta description', () => {
    const description = blogDescription({ brand: 'Nexo Digital', city: 'Valencia' })
    expect(description).toContain('del equipo de Nexo Digital en Valencia.')
    expect(description.length).toBeLessThanOrEqual(SEO_LIMITS.description)
  })
})
