/**
 * The part of the blog's Markdown pipeline that decides what a post's body *says*: parsed with GFM, headings
 * demoted under the page's h1, raw HTML dropped and GitHub's allow-list applied, and the visible plain text
 * of the result. The server's renderer (./markdown.server.ts) builds its HTML on this same pipeline; the
 * admin's SEO tab loads this module on demand to show a post's description exactly as the site computes it
 * (docs/decisions/0022-blog-markdown-pipeline.md). Nothing here is server-only.
 */
import type { Element, Root as HastRoot, RootContent } from 'hast'
import type { Heading, Nodes, Root as MdastRoot } from 'mdast'
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'

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

/** A fresh processor from Markdown to the sanitised HTML tree; the renderer adds its own steps after it. */
export function sanitisedMarkdown() {
  return unified().use(remarkParse).use(remarkGfm).use(remarkDemoteHeadings).use(remarkRehype, footnotes).use(rehypeSanitize, schema)
}

const BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'pre', 'blockquote', 'tr', 'td', 'th', 'br', 'div', 'table', 'ul', 'ol', 'hr'])

/** The visible text: block boundaries become spaces (so "Título" and "Párrafo" never run together). */
export function plainText(tree: HastRoot): string {
  const parts: string[] = []
  const walk = (node: HastRoot | RootContent) => {
    if (node.type === 'text') parts.push(node.value)
    else if (node.type === 'element' && isNotProse(node)) return
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

/**
 * The footnotes' hidden heading, their "↩" back links and the reference marks in the text are not prose: a
 * description reads "…en anuncios. Te contamos…", not "…en anuncios1. Te contamos…".
 */
function isNotProse(el: Element): boolean {
  const classes = Array.isArray(el.properties.className) ? el.properties.className : []
  return classes.includes('sr-only') || el.properties.dataFootnoteBackref !== undefined || el.properties.dataFootnoteRef !== undefined
}

/** A post body's visible text, as the site uses it for excerpts, reading time and descriptions. */
export function markdownText(markdown: string): string {
  const pipeline = sanitisedMarkdown()
  return plainText(pipeline.runSync(pipeline.parse(markdown)))
}
