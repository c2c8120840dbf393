import { parseFragment, type DefaultTreeAdapterMap } from 'parse5'
import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../src/blog/markdown.server'

type Node = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['documentFragment']
type El = DefaultTreeAdapterMap['element']

const SITE = 'https://www.example.com'

/** The elements a browser builds from the HTML (parse5 follows the HTML standard's parser). */
function elements(html: string): El[] {
  const out: El[] = []
  const walk = (node: Node) => {
    if ('tagName' in node) out.push(node)
    if ('childNodes' in node) node.childNodes.forEach(walk)
    if ('content' in node) walk(node.content)
  }
  walk(parseFragment(html))
  return out
}

function visibleText(html: string): string {
  const parts: string[] = []
  const walk = (node: Node) => {
    if (node.nodeName === '#text' && 'value' in node) parts.push(node.value)
    if ('childNodes' in node) node.childNodes.forEach(walk)
  }
  walk(parseFragment(html))
  return parts.join('').replace(/\s+/g, ' ').trim()
}

const attr = (el: El, name: string) => el.attrs.find((a) => a.name === name)?.value

/** What makes markup dangerous to a visitor, checked on the parsed DOM, not on the string. */
function assertHarmless(html: string) {
  for (const el of elements(html)) {
    expect(['script', 'iframe', 'object', 'embed', 'style', 'svg', 'math', 'form', 'base', 'link', 'meta', 'frame', 'template']).not.toContain(
      el.tagName,
    )
    for (const a of el.attrs) {
      expect(a.name, `<${el.tagName} ${a.name}>`).not.toMatch(/^on/i)
      expect(a.name).not.toBe('style')
      if (['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset', 'poster', 'background'].includes(a.name)) {
        // Browsers ignore ASCII whitespace and control characters inside a URL's scheme.
        // eslint-disable-next-line no-control-regex -- what a browser strips from a URL is control characters
        const scheme = a.value.replace(/[\u0000-\u0020]/g, '').toLowerCase()
        expect(scheme, `${el.tagName}[${a.name}]`).not.toMatch(/^(javascript|vbscript|data):/)
      }
    }
  }
}

describe('renderMarkdown sanitising: XSS payloads render harmless', () => {
  const payloads: { name: string; md: string; text?: string }[] = [
    { name: 'script block', md: '<script>alert(1)</script>', text: '' },
    { name: 'script inside a paragraph', md: 'Hola <script>alert(1)</script> mundo', text: 'Hola alert(1) mundo' },
    { name: 'img onerror', md: '<img src=x onerror=alert(1)>', text: '' },
    { name: 'inline tag with handler keeps its text', md: 'Hola <b onmouseover="alert(1)">mundo</b>.', text: 'Hola mundo.' },
    { name: 'javascript: link', md: '[pulsa](javascript:alert(1))', text: 'pulsa' },
    { name: 'JAVASCRIPT: link', md: '[pulsa](JAVASCRIPT:alert(1))', text: 'pulsa' },
    { name: 'decimal-entity javascript', md: '[pulsa](&#106;avascript:alert(1))', text: 'pulsa' },
    { name: 'hex-entity javascript', md: '[pulsa](&#x6A;&#x61;vascript:alert(1))', text: 'pulsa' },
    { name: 'tab-entity inside the scheme', md: '[pulsa](java&#9;script:alert(1))', text: 'pulsa' },
    { name: 'reference-style javascript link', md: '[pulsa][x]\n\n[x]: javascript:alert(1)', text: 'pulsa' },
    { name: 'javascript autolink is shown as text', md: '<javascript:alert(1)>', text: 'javascript:alert(1)' },
    { name: 'vbscript link', md: '[pulsa](vbscript:msgbox(1))', text: 'pulsa' },
    { name: 'data: link', md: '[pulsa](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)', text: 'pulsa' },
    { name: 'data: image', md: '![foto](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)', text: '' },
    { name: 'raw anchor with javascript', md: '<a href="javascript:alert(1)">pulsa</a>', text: 'pulsa' },
    { name: 'iframe', md: '<iframe src="https://evil.example/"></iframe>', text: '' },
    { name: 'object and embed', md: '<object data="x.swf"></object><embed src="x.swf">', text: '' },
    { name: 'style block', md: '<style>body{display:none}</style>', text: '' },
    { name: 'svg onload', md: '<svg onload=alert(1)>', text: '' },
    { name: 'inline svg in a paragraph', md: 'Texto <svg><script>alert(1)</script></svg> fin', text: 'Texto alert(1) fin' },
    { name: 'details ontoggle', md: '<details open ontoggle=alert(1)>x</details>' },
    { name: 'form with javascript action', md: '<form action="javascript:alert(1)"><button>Enviar</button></form>' },
    { name: 'HTML comment', md: 'a <!-- <script>alert(1)</script> --> b', text: 'a b' },
    { name: 'image title is only text', md: '![a](/img/x.png "onerror=alert(1)")' },
  ]

  for (const { name, md, text } of payloads) {
    it(name, () => {
      const { html, text: plain } = renderMarkdown(md, { siteUrl: SITE })
      assertHarmless(html)
      // The string too, in case a parser other than parse5 reads it differently; the words may stay as text.
      expect(html).not.toMatch(/<(script|iframe|object|embed|style|svg)|=\s*["']?\s*(javascript|vbscript|data):/i)
      if (text !== undefined) {
        expect(visibleText(html)).toBe(text)
        expect(plain).toBe(text)
      }
    })
  }

  it('keeps a link that looks like text, unlinked, when its URL is refused', () => {
    const [a] = elements(renderMarkdown('[pulsa](javascript:alert(1))').html).filter((el) => el.tagName === 'a')
    expect(a).toBeDefined()
    expect(attr(a!, 'href')).toBeUndefined()
  })

  it('escapes characters that look like markup instead of dropping the text', () => {
    const { html, text } = renderMarkdown('Si 1 < 2 & 3 > 2, entonces `<b>` es texto.')
    expect(text).toBe('Si 1 < 2 & 3 > 2, entonces <b> es texto.')
    expect(visibleText(html)).toBe(text)
    expect(elements(html).map((el) => el.tagName)).toEqual(['p', 'code'])
  })
})

describe('renderMarkdown: GitHub-flavoured Markdown', () => {
  const md = [
    '## Por qué elegir Shopify',
    '',
    'Texto con **negrita**, _cursiva_, ~~tachado~~ y `código`.',
    '',
    '- uno',
    '- dos',
    '',
    '1. primero',
    '2. segundo',
    '',
    '- [x] hecho',
    '- [ ] pendiente',
    '',
    '| Plataforma | Cuota |',
    '| --- | ---: |',
    '| Shopify | 39 € |',
    '',
    '```ts',
    'const precio = 39',
    '```',
    '',
    '> Una cita.',
    '',
    '![Tienda online](https://images.example.org/tienda.jpg)',
    '',
    'Visita www.example.org o [nuestra página de Shopify](/shopify).',
  ].join('\n')
  const { html } = renderMarkdown(md, { siteUrl: SITE })
  const els = elements(html)
  const tags = (name: string) => els.filter((el) => el.tagName === name)

  it('renders headings, lists, task lists, tables, code, quotes and inline formatting', () => {
    expect(tags('h2')).toHaveLength(1)
    expect(tags('strong')).toHaveLength(1)
    expect(tags('em')).toHaveLength(1)
    expect(tags('del')).toHaveLength(1)
    expect(tags('ul')).toHaveLength(2)
    expect(tags('ol')).toHaveLength(1)
    expect(tags('li')).toHaveLength(6)
    const boxes = tags('input')
    expect(boxes.map((b) => [attr(b, 'type'), attr(b, 'checked') !== undefined, attr(b, 'disabled') !== undefined, attr(b, 'aria-label')])).toEqual([
      ['checkbox', true, true, 'Hecho'],
      ['checkbox', false, true, 'Pendiente'],
    ])
    expect(tags('table')).toHaveLength(1)
    expect(tags('th').map((th) => visibleText(th.childNodes.map((c) => ('value' in c ? c.value : '')).join('')))).toEqual(['Plataforma', 'Cuota'])
    expect(
      attr(
        tags('code').find((c) => attr(c, 'class'))!,
        'class',
      ),
    ).toBe('language-ts')
    expect(tags('pre')).toHaveLength(1)
    expect(tags('blockquote')).toHaveLength(1)
  })

  it('wraps tables in a scrollable, keyboard-reachable box and lets code blocks take focus to scroll', () => {
    const table = tags('table')[0]!
    const box = table.parentNode as El
    expect(box.tagName).toBe('div')
    expect(attr(box, 'class')).toContain('overflow-x-auto')
    expect(attr(box, 'tabindex')).toBe('0')
    expect(attr(box, 'role')).toBe('region')
    expect(attr(box, 'aria-label')).toBe('Tabla')
    expect(attr(tags('pre')[0]!, 'tabindex')).toBe('0')
  })

  it('links bare www addresses (GFM autolink literal) and keeps site paths', () => {
    const hrefs = tags('a').map((a) => attr(a, 'href'))
    expect(hrefs).toEqual(['http://www.example.org', '/shopify'])
  })

  it('gives images a fixed 16:9 box, lazy loading and async decoding', () => {
    const [img] = tags('img')
    expect(img).toBeDefined()
    expect(attr(img!, 'src')).toBe('https://images.example.org/tienda.jpg')
    expect(attr(img!, 'alt')).toBe('Tienda online')
    expect(attr(img!, 'loading')).toBe('lazy')
    expect(attr(img!, 'decoding')).toBe('async')
    expect(Number(attr(img!, 'width')) / Number(attr(img!, 'height'))).toBeCloseTo(16 / 9)
    expect(attr(img!, 'class')!.split(' ')).toEqual(expect.arrayContaining(['aspect-video', 'w-full', 'object-contain']))
  })

  it('gives an image without alt text an empty alt (decorative), not none', () => {
    const [img] = elements(renderMarkdown('![](/images/x.jpg)').html).filter((el) => el.tagName === 'img')
    expect(attr(img!, 'alt')).toBe('')
  })
})

describe('renderMarkdown: headings', () => {
  it('gives headings clean ASCII ids from the site slug rule, unique on the page', () => {
    const { html } = renderMarkdown('## ¿Por qué Shopify?\n\n## Diseño y año\n\n### Diseño y año\n\n## Contacto')
    const ids = elements(html)
      .filter((el) => /^h\d$/.test(el.tagName))
      .map((el) => attr(el, 'id'))
    // "contacto" is the shared contact section's id on the same page.
    expect(ids).toEqual(['por-que-shopify', 'diseno-y-ano', 'diseno-y-ano-2', 'contacto-articulo'])
  })

  it('never produces an h1: a body that uses # moves every heading one level down', () => {
    const { html } = renderMarkdown('# Título\n\n## Sección\n\n###### Muy abajo')
    const headings = elements(html).filter((el) => /^h\d$/.test(el.tagName))
    expect(headings.map((el) => el.tagName)).toEqual(['h2', 'h3', 'h6'])
    expect(attr(headings[0]!, 'id')).toBe('titulo')
  })

  it('keeps ## as h2 when the body has no #', () => {
    const { html } = renderMarkdown('## Uno\n\n### Dos')
    expect(elements(html).map((el) => el.tagName)).toEqual(['h2', 'h3'])
  })
})

describe('renderMarkdown: external links', () => {
  const links = (md: string, siteUrl?: string) =>
    elements(renderMarkdown(md, { siteUrl }).html)
      .filter((el) => el.tagName === 'a')
      .map((a) => [attr(a, 'href'), attr(a, 'rel') ?? null, attr(a, 'target') ?? null])

  it('adds rel="noopener noreferrer" to http(s) links to other hosts only, and never a target', () => {
    const md =
      '[a](https://otro.example.org/x) [b](http://otro.example.org) [c](https://www.example.com/shopify) [d](/shopify) [e](mailto:hola@example.com) [f](//otro.example.org/x) [g](#seccion)'
    expect(links(md, SITE)).toEqual([
      ['https://otro.example.org/x', 'noopener noreferrer', null],
      ['http://otro.example.org', 'noopener noreferrer', null],
      ['https://www.example.com/shopify', null, null],
      ['/shopify', null, null],
      ['mailto:hola@example.com', null, null],
      ['//otro.example.org/x', 'noopener noreferrer', null],
      ['#seccion', null, null],
    ])
  })

  it('treats every absolute http(s) link as external when no site URL is given', () => {
    expect(links('[c](https://www.example.com/shopify) [d](/shopify)')).toEqual([
      ['https://www.example.com/shopify', 'noopener noreferrer', null],
      ['/shopify', null, null],
    ])
  })
})

describe('renderMarkdown: plain text', () => {
  it('is the visible text with block boundaries as spaces and no markup', () => {
    const { text } = renderMarkdown('## Título\n\nPárrafo con **negrita** y [enlace](/x).\n\n- uno\n- dos\n\n![foto](/a.jpg)')
    expect(text).toBe('Título. Párrafo con negrita y enlace. uno dos')
  })

  it('ends a heading without punctuation with a full stop, so excerpts read as sentences', () => {
    expect(renderMarkdown('## No es «cuál es mejor»\n\nCada semana.').text).toBe('No es «cuál es mejor». Cada semana.')
    expect(renderMarkdown('## ¿Por qué?\n\nPorque sí.').text).toBe('¿Por qué? Porque sí.')
    expect(renderMarkdown('## Pasos:\n\n- uno').text).toBe('Pasos: uno')
  })

  it('leaves out the footnotes hidden heading, back links and reference marks from the text', () => {
    const { html, text } = renderMarkdown('Dato[^1].\n\n[^1]: La fuente.')
    expect(text).toBe('Dato. La fuente.')
    // Footnote ids and their links agree (one prefix, added once).
    const ids = elements(html)
      .map((el) => attr(el, 'id'))
      .filter(Boolean)
    const targets = elements(html)
      .map((el) => attr(el, 'href'))
      .filter((h) => h?.startsWith('#'))
    for (const target of targets) expect(ids).toContain(target!.slice(1))
    expect(html).toContain('Volver a la referencia 1')
  })
})

describe('renderMarkdown: size', () => {
  // Not a timing test: the body must render whole. micromark parses about 0.1-0.5 MB/s on this 2-core
  // machine depending on how dense the syntax is, hence the generous timeout.
  it('renders a 1 MB body completely', { timeout: 180_000 }, () => {
    const prose = 'Un párrafo de un artículo sobre comercio electrónico, integraciones y automatización con inteligencia artificial. '
    const section = (i: number) =>
      `## Sección ${i}\n\n${prose.repeat(6)}[Más información](https://otro.example.org/${i}).\n\n- punto uno\n- punto dos\n\n`
    const parts: string[] = []
    let size = 0
    for (let i = 0; size < 1024 * 1024; i++) {
      parts.push(section(i))
      size += Buffer.byteLength(parts[i]!)
    }
    const { html, text } = renderMarkdown(parts.join(''))
    expect(Buffer.byteLength(html)).toBeGreaterThan(1024 * 1024)
    expect(elements(html).filter((el) => el.tagName === 'h2')).toHaveLength(parts.length)
    expect(text.endsWith(`Sección ${parts.length - 1}. ${prose.repeat(6).trim()} Más información. punto uno punto dos`)).toBe(true)
  })
})
