/**
 * A blog post's Markdown body → sanitised HTML and plain text, on the server: the shared sanitising pipeline
 * (./markdownText.ts) plus heading ids, external-link rels, the site's attributes and the HTML string. The
 * pipeline and its rules: docs/decisions/0022-blog-markdown-pipeline.md.
 */
import type { Element, ElementContent, Root as HastRoot } from 'hast'
import { createHash } from 'node:crypto'
import rehypeExternalLinks from 'rehype-external-links'
import rehypeStringify from 'rehype-stringify'
import { slugOrTitle } from '../lib/slug'
import { plainText, sanitisedMarkdown } from './markdownText'
import { excerptFrom, readingMinutes } from './text'

export interface RenderedMarkdown {
  /** Sanitised HTML for `dangerouslySetInnerHTML`. */
  html: string
  /** The visible text, whitespace collapsed. */
  text: string
  // Derived from the text where it is rendered (a worker thread on the server): on a 1 MB body each is a
  // scan of a megabyte, too long for the event loop on every page that lists the post.
  /** Minutes to read the text (./text.ts). */
  readingMinutes: number
  /** The start of the text within the description limit (./text.ts): a post's summary when staff wrote none. */
  excerpt: string
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

function processor(options: RenderOptions) {
  return (
    sanitisedMarkdown()
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
  const text = plainText(tree)
  return { html: pipeline.stringify(tree), text, readingMinutes: readingMinutes(text), excerpt: excerptFrom(text) }
}

export type MarkdownRenderer = (markdown: string, options: RenderOptions) => Promise<RenderedMarkdown>

/**
 * What the process shares: the server's renderer, and rendered bodies keyed by their Markdown and options
 * (not by row or revision: a body that did not change is never rendered again, whatever else staff changed),
 * each a promise, so concurrent pages share one render; bounded by the characters held, the oldest going
 * first. A process-wide key rather than module variables, because the build's server code (dist/server,
 * which renders pages) holds its own copy of this module, apart from the one src/host imports (the feed).
 */
const SHARED = Symbol.for('agencia-web.markdown')
interface Shared {
  renderer?: MarkdownRenderer
  bodies: Map<string, { size: number; body: Promise<RenderedMarkdown> }>
  chars: number
  /** A caller's name for a body it rendered (a row's version) → the body's key in `bodies`. */
  versions: Map<string, string>
}
const shared: Shared = ((globalThis as { [SHARED]?: Shared })[SHARED] ??= { bodies: new Map(), chars: 0, versions: new Map() })
const CACHE_CHARS = 64 * 1024 * 1024
/** Version names are short strings; past this many the oldest are forgotten (their bodies may stay cached). */
const CACHE_VERSIONS = 10_000

/** The server installs its worker pool (src/host/site/markdownPool.ts) here; undefined takes it out. */
export function installMarkdownRenderer(renderer: MarkdownRenderer | undefined): void {
  shared.renderer = renderer
}

/**
 * renderMarkdown where it cannot hold the server's event loop: in the server's worker pool when one is
 * installed (a 1 MB body takes seconds to parse), in this thread otherwise (the build, tests, `vike dev`);
 * each distinct body once while it stays in the cache.
 */
export function renderMarkdownOffThread(markdown: string, options: RenderOptions = {}, version?: string): Promise<RenderedMarkdown> {
  const key = createHash('sha256')
    .update(options.siteUrl ?? '')
    .update('\0')
    .update(markdown)
    .digest('base64url')
  if (version !== undefined) rememberVersion(versionKey(version, options), key)
  const hit = shared.bodies.get(key)
  if (hit) return hit.body
  const body = renderMarkdownUncached(markdown, options)
  // A failed render is not kept: the next page tries again.
  body.catch(() => {
    if (shared.bodies.get(key)?.body === body) forget(key)
  })
  const size = markdown.length * 2
  shared.bodies.set(key, { size, body })
  shared.chars += size
  for (const oldest of shared.bodies.keys()) {
    if (shared.chars <= CACHE_CHARS || oldest === key) break
    forget(oldest)
  }
  return body
}

/**
 * renderMarkdownOffThread without the cache: for a draft in the live preview (src/pageData/draft.server.ts),
 * whose text must not stay in the server's memory once its preview is answered.
 */
export function renderMarkdownUncached(markdown: string, options: RenderOptions = {}): Promise<RenderedMarkdown> {
  const renderer = shared.renderer
  return renderer ? renderer(markdown, options) : Promise.resolve().then(() => renderMarkdown(markdown, options))
}

function forget(key: string): void {
  shared.chars -= shared.bodies.get(key)?.size ?? 0
  shared.bodies.delete(key)
}

/**
 * The body rendered earlier under `version` (a caller's name for one state of a body, such as a row's id and
 * update time), or undefined when none is cached: a page that lists a post whose row did not change needs
 * neither its Markdown from the database nor a render.
 */
export function renderedVersion(version: string, options: RenderOptions = {}): Promise<RenderedMarkdown> | undefined {
  const key = shared.versions.get(versionKey(version, options))
  return key === undefined ? undefined : shared.bodies.get(key)?.body
}

const versionKey = (version: string, options: RenderOptions) => `${options.siteUrl ?? ''}\0${version}`

function rememberVersion(version: string, key: string): void {
  shared.versions.delete(version)
  shared.versions.set(version, key)
  for (const oldest of shared.versions.keys()) {
    if (shared.versions.size <= CACHE_VERSIONS) break
    shared.versions.delete(oldest)
  }
}
