/**
 * A blog post's Markdown body → sanitised HTML and plain text, on the server only (the unified packages never
 * reach a browser bundle). The pipeline and its rules: docs/decisions/0022-blog-markdown-pipeline.md.
 */
import type { Element, ElementContent, Root as HastRoot, RootContent } from 'hast'
import type { Heading, Nodes, Root as MdastRoot } from 'mdast'
import rehypeExternalLinks from 'rehype-external-links'
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize'
import rehypeStringify from 'rehype-stringify'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import { slugOrTitle } from '../lib/slug'

export interface RenderedMarkdown {
  /** Sanitised HTML for `dangerouslySetInnerHTML`. */
  html: string
  /** The visible text, whitespace collapsed: for excerpts, reading time and descriptions. */
  text: string
}

export interface RenderOptions {
  /**
   * The site's own origin (`site.siteUrl` from content/site.yaml). Links to it are internal; without it every
   * absolute http(s) link counts as external, which only adds a harmless `rel` to the site's own links.
   */
  siteUrl?: string
}

/**
 * Ids the page around a post already uses (src/components/layout/SiteShell.tsx, src/sections/Contact.tsx,
 * src/sections/blog/*). A heading "Contacto" must not take `id="contacto"` from the contact section.
 */
const PAGE_IDS = new Set(['main', 'contacto', 'contacto-title', 'cookie-banner-title', 'articulos-relacionados'])

/**
 * GitHub's allow-list (rehype-sanitize's default): no script, style, iframe, object or embed, no `on*`
 * attribute, URLs only http(s)/mailto (links) and http(s) (images) or relative. `clobber` is emptied because
 * no author-chosen id can reach this step: raw HTML is already dropped by remark-rehype, and the only ids are
 * the footnotes' (which remark-rehype prefixes with `user-content-` and links to with the same prefix; a
 * second prefix here would break those links). Heading ids are added after this step.
 */
const schema: SanitizeSchema = { ...defaultSchema, clobber: [] }

/** Footnotes are labelled in the site's language (remark-rehype's defaults are English). */
const footnotes = {
  footnoteLabel: 'Notas',
  footnoteBackLabel: (index: number) => `Volver a la referencia ${index + 1}`,
}

/** Images get a fixed 16:9 box before they load (width/height give the ratio, CSS keeps it): CLS stays 0. */
const IMAGE_CLASS = 'aspect-video w-full rounded-xl bg-slate-100 object-contain'

function isExternal(href: string, siteUrl: string | undefined): boolean {
  let url: URL
  try {
    url = new URL(href, siteUrl ?? 'http://relative.invalid')
  } catch {
    return false
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  if (!siteUrl) return url.hostname !== 'relative.invalid'
  return url.host !== new URL(siteUrl).host
}

/**
 * A post's page has its title as the only h1. If the body uses `#`, every heading goes one level down
 * (h6 stays h6), so the author's outline survives under the page's h1; otherwise headings are kept.
 */
function remarkDemoteHeadings() {
  return (tree: MdastRoot) => {
    const headings: Heading[] = []
    const walk = (node: Nodes) => {
      if (node.type === 'heading') headings.push(node)
      if ('children' in node) node.children.forEach(walk)
    }
    walk(tree)
    if (!headings.some((h) => h.depth === 1)) return
    for (const h of headings) h.depth = Math.min(6, h.depth + 1) as Heading['depth']
  }
}

function eachElement(node: HastRoot | Element, visit: (element: Element, parent: HastRoot | Element, index: number) => void) {
  node.children.forEach((child, index) => {
    if (child.type !== 'element') return
    visit(child, node, index)
    eachElement(child, visit)
  })
}

/** Presentation and safety attributes added after sanitising (so the allow-list never has to permit them). */
function rehypeSiteAttributes() {
  return (tree: HastRoot) => {
    eachElement(tree, (el, parent, index) => {
      if (el.tagName === 'img') {
        Object.assign(el.properties, { loading: 'lazy', decoding: 'async', width: 1600, height: 900, className: IMAGE_CLASS.split(' ') })
        // An image without alt text is decorative to a screen reader rather than announced by its file name.
        if (typeof el.properties.alt !== 'string') el.properties.alt = ''
      } else if (el.tagName === 'pre') {
        // Long code lines scroll inside the block; keyboard users must be able to scroll it too.
        el.properties.tabIndex = 0
      } else if (el.tagName === 'table') {
        // A wide table scrolls inside its own box instead of widening a 390 px page.
        const box: Element = {
          type: 'element',
          tagName: 'div',
          properties: { className: ['overflow-x-auto'], tabIndex: 0, role: 'region', ariaLabel: 'Tabla' },
          children: [el],
        }
        parent.children[index] = box
      } else if (el.tagName === 'input') {
        // GFM task-list boxes (disabled checkboxes) need a name of their own for screen readers and axe.
        el.properties.ariaLabel = el.properties.checked ? 'Hecho' : 'Pendiente'
      }
    })
    // A Markdown image whose URL the sanitiser removed (data:, javascript:) would be an empty box.
    removeElements(tree, (el) => el.tagName === 'img' && typeof el.properties.src !== 'string')
  }
}

function removeElements(node: HastRoot | Element, drop: (element: Element) => boolean) {
  node.children = node.children.filter((child) => child.type !== 'element' || !drop(child))
  for (const child of node.children) if (child.type === 'element') removeElements(child, drop)
}

/**
 * Heading anchors with the site's one slug rule (src/lib/slug.ts, as post and tag slugs): "¿Por qué
 * Shopify?" → `por-que-shopify`, ASCII, so a shared link's fragment stays readable (github-slugger, which
 * rehype-slug uses, keeps accents: `título`). Repeats get -2, -3…; ids the page around the post already
 * uses get `-articulo`, so an anchor never lands on the wrong element.
 */
function rehypeHeadingIds() {
  return (tree: HastRoot) => {
    const taken = new Map<string, number>()
    eachElement(tree, (el) => {
      if (!/^h[1-6]$/.test(el.tagName) || el.properties.id !== undefined) return
      let id = slugOrTitle('', headingText(el)) || 'seccion'
      if (PAGE_IDS.has(id)) id = `${id}-articulo`
      const seen = taken.get(id) ?? 0
      taken.set(id, seen + 1)
      el.properties.id = seen === 0 ? id : `${id}-${seen + 1}`
    })
  }
}

function headingText(node: Element | ElementContent): string {
  if (node.type === 'text') return node.value
  return node.type === 'element' ? node.children.map(headingText).join('') : ''
}

const BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'pre', 'blockquote', 'tr', 'td', 'th', 'br', 'div', 'table', 'ul', 'ol', 'hr'])

/** The visible text: block boundaries become spaces (so "Título" and "Párrafo" never run together). */
function plainText(tree: HastRoot): string {
  const parts: string[] = []
  const walk = (node: HastRoot | RootContent) => {
    if (node.type === 'text') parts.push(node.value)
    else if (node.type === 'element' && isScreenReaderOnly(node)) return
    else if (node.type === 'element' || node.type === 'root') {
      const block = node.type === 'element' && BLOCKS.has(node.tagName)
      if (block) parts.push(' ')
      node.children.forEach(walk)
      // A heading read as prose ends its sentence: "…«cuál es mejor». Cada semana…", not "…mejor» Cada semana…".
      if (node.type === 'element' && /^h[1-6]$/.test(node.tagName) && !endsSentence(parts)) parts.push('.')
      if (block) parts.push(' ')
    }
  }
  walk(tree)
  return parts.join('').replace(/\s+/g, ' ').trim()
}

/** Whether the text so far ends in punctuation (or is empty); looks back only past trailing whitespace. */
function endsSentence(parts: string[]): boolean {
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i]!.trimEnd()
    if (part) return /[.!?…:;]$/.test(part)
  }
  return true
}

/** The footnotes' hidden heading and their "↩" back links are not part of what a reader reads. */
function isScreenReaderOnly(el: Element): boolean {
  const classes = Array.isArray(el.properties.className) ? el.properties.className : []
  return classes.includes('sr-only') || el.properties.dataFootnoteBackref !== undefined
}

function processor(options: RenderOptions) {
  return (
    unified()
      .use(remarkParse)
      .use(remarkGfm)
      .use(remarkDemoteHeadings)
      // No allowDangerousHtml: raw HTML in the Markdown (blocks and inline tags) is dropped, never markup.
      .use(remarkRehype, footnotes)
      .use(rehypeSanitize, schema)
      // After sanitising, so ids are the clean slugs ("por-que-shopify"), not clobber-prefixed.
      .use(rehypeHeadingIds)
      .use(rehypeExternalLinks, {
        rel: ['noopener', 'noreferrer'],
        test: (el: Element) => typeof el.properties.href === 'string' && isExternal(el.properties.href, options.siteUrl),
      })
      .use(rehypeSiteAttributes)
      .use(rehypeStringify)
  )
}

export function renderMarkdown(markdown: string, options: RenderOptions = {}): RenderedMarkdown {
  const pipeline = processor(options)
  const tree = pipeline.runSync(pipeline.parse(markdown))
  return { html: pipeline.stringify(tree), text: plainText(tree) }
}
