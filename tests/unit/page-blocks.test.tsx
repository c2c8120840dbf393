import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { blockTypes, emptyBlock, parseBlocks } from '../../src/siteContent/blocks'
import { isSiteOrWebLink } from '../../src/siteContent/links'
import { PageBlocks } from '../../src/sections/blocks/PageBlocks'
import { InlineMarkdown } from '../../src/sections/blocks/InlineMarkdown'
import { ACCEPTED_LINKS, REFUSED_LINKS } from '../support/links'

const html = (content: unknown) => renderToStaticMarkup(<PageBlocks blocks={parseBlocks(content).blocks} />)

describe('page block schema', () => {
  it('accepts every type with its fields, and the seed pages as they are', () => {
    const content = [
      { type: 'heading', text: 'Un equipo de producto en Valencia' },
      { type: 'heading', text: 'Sub', level: 3 },
      { type: 'paragraph', text: 'Desde **2019** diseñamos software.' },
      { type: 'list', items: ['Uno', 'Dos'], ordered: true },
      { type: 'image', src: 'https://images.example.com/a.jpg', alt: 'Oficina', caption: 'Nuestra oficina' },
      { type: 'quote', text: 'Entregan a tiempo.', author: 'Cliente' },
      { type: 'cta', label: 'Hablemos', href: '/#contacto' },
    ]
    const { blocks, invalid } = parseBlocks(content)
    expect(invalid).toEqual([])
    expect(blocks).toHaveLength(7)
    expect(blocks[0]).toEqual({ type: 'heading', text: 'Un equipo de producto en Valencia', level: 2 })
  })

  it('names the position and the reason of each invalid block, in Spanish, and keeps the valid ones', () => {
    const { blocks, invalid } = parseBlocks([
      { type: 'paragraph', text: 'Bien' },
      { type: 'heading', text: '  ', level: 4 },
      { type: 'video', src: 'x' },
      'texto suelto',
      { type: 'image', src: 'javascript:alert(1)', alt: '' },
      { type: 'cta', label: 'Ir', href: 'data:text/html,hola' },
    ])
    expect(blocks).toEqual([{ type: 'paragraph', text: 'Bien' }])
    expect(invalid.map((i) => i.position)).toEqual([2, 3, 4, 5, 6])
    expect(invalid[0]!.reason).toBe('Bloque 2 (Título): el texto no puede estar vacío; el nivel debe ser 2 o 3.')
    expect(invalid[1]!.reason).toBe('Bloque 3: el tipo «video» no existe; usa heading, paragraph, list, image, quote, cta.')
    expect(invalid[2]!.reason).toBe('Bloque 4: debe ser un objeto con un «type».')
    expect(invalid[3]!.reason).toContain('Bloque 5 (Imagen): la URL de la imagen no es válida')
    expect(invalid[3]!.reason).toContain('el texto alternativo no puede estar vacío')
    expect(invalid[4]!.reason).toContain('Bloque 6 (Botón): el enlace no es válido')
  })

  it('refuses content that is not a list', () => {
    expect(parseBlocks({ type: 'heading' }).invalid[0]!.reason).toContain('lista JSON de bloques')
  })

  it('offers a new block of every type that only needs its text written', () => {
    for (const type of blockTypes) expect(emptyBlock(type).type).toBe(type)
    expect(parseBlocks([emptyBlock('cta')]).invalid[0]!.reason).toContain('el texto del botón no puede estar vacío')
  })
})

describe('links CMS content may carry', () => {
  it.each(ACCEPTED_LINKS)('accepts %s', (href) => {
    expect(isSiteOrWebLink(href)).toBe(true)
  })
  it.each(REFUSED_LINKS)('refuses %j', (href) => {
    expect(isSiteOrWebLink(href)).toBe(false)
  })
})

describe('page block rendering', () => {
  it('renders inline Markdown as elements and everything else as escaped text', () => {
    const out = renderToStaticMarkup(<InlineMarkdown text={'**negrita**, *cursiva*, [servicio](/shopify) y <img src=x onerror=alert(1)> `<b>`'} />)
    expect(out).toBe(
      '<strong>negrita</strong>, <em>cursiva</em>, <a href="/shopify">servicio</a> y &lt;img src=x onerror=alert(1)&gt; <code>&lt;b&gt;</code>',
    )
  })

  it('never links javascript:, data: or protocol-relative addresses, and keeps their words', () => {
    const out = renderToStaticMarkup(<InlineMarkdown text={'[a](javascript:alert(1)) [b](data:text/html,x) [c](//evil.example) [d](JAVASCRIPT:x)'} />)
    expect(out).toBe('a b c d')
  })

  it('opens external links in a new tab without giving it the opener', () => {
    expect(renderToStaticMarkup(<InlineMarkdown text="[web](https://example.com)" />)).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">web<span class="sr-only"> (se abre en una pestaña nueva)</span></a>',
    )
  })

  it('renders each block type with its element, escaping every text', () => {
    const out = html([
      { type: 'heading', text: '<script>alert(1)</script>', level: 3 },
      { type: 'list', items: ['uno', '**dos**'], ordered: true },
      { type: 'image', src: '/images/og-default.jpg', alt: 'Portada "sitio"' },
      { type: 'quote', text: 'Cita', author: 'Ana' },
      { type: 'cta', label: 'Hablemos', href: '/#contacto' },
    ])
    expect(out).toContain('<h3>&lt;script&gt;alert(1)&lt;/script&gt;</h3>')
    expect(out).toContain('<ol><li>uno</li><li><strong>dos</strong></li></ol>')
    expect(out).toContain('<img src="/images/og-default.jpg" alt="Portada &quot;sitio&quot;" width="1600" height="900" loading="lazy"')
    expect(out).toContain('<blockquote><p>Cita</p></blockquote><figcaption>— Ana</figcaption>')
    expect(out).toMatch(/<a href="\/#contacto" class="[^"]+">Hablemos<svg/)
    expect(out).not.toContain('<script>')
  })
})
