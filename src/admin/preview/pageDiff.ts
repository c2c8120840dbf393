/**
 * What changed between two answers of the live preview, worked out off the admin's main thread
 * (./pageDiffWorker.ts): the preview pane applies only that to its frame (./applyPatch.ts). Parsing a 1 MB
 * post's page and morphing the frame's whole document in the main thread took seconds (idiomorph compares every
 * sibling with every later one) and froze the admin on every pause in typing; the work the main thread does now
 * is the size of the change. parse5 builds the tree a browser builds from the same HTML (it implements the
 * standard's parser), so a path of child indexes in one names the same node in the other.
 */
import { parse, serializeOuter, type DefaultTreeAdapterTypes as T } from 'parse5'

/** One change to the frame's document, by the path of child indexes from the document to the parent it changes. */
export type PagePatch =
  /** Replaces `remove` children from `index` with the nodes `html` parses to (in the parent's context). */
  | { kind: 'children'; path: number[]; index: number; remove: number; html: string }
  /** Sets the element's attributes to exactly these. */
  | { kind: 'attributes'; path: number[]; attributes: [string, string][] }

/** An answer as it is shown: its source (scripts taken out, the admin's styles in) and its tree. */
export interface ShownPage {
  html: string
  doc: T.Document
}

const parsed = (html: string) => parse(html, { sourceCodeLocationInfo: true })

/**
 * The answer as the frame shows it: with `headExtra` (the admin's outline of the text places) at the end of its
 * head and without its scripts, so neither the page script nor its analytics beacon runs in the preview. The
 * scripts are cut out of the source where the parser found them, not by a pattern over the HTML.
 */
export function shownPage(answer: string, headExtra = ''): ShownPage {
  const withExtra = headExtra ? answer.replace('</head>', `${headExtra}</head>`) : answer
  const cuts: [number, number][] = []
  const visit = (node: T.ParentNode) => {
    for (const child of node.childNodes) {
      if (child.nodeName === 'script' && child.sourceCodeLocation)
        cuts.push([child.sourceCodeLocation.startOffset, child.sourceCodeLocation.endOffset])
      else if ('childNodes' in child) visit(child)
    }
  }
  const first = parsed(withExtra)
  visit(first)
  if (cuts.length === 0) return { html: withExtra, doc: first }
  let html = ''
  let from = 0
  for (const [start, end] of cuts) {
    html += withExtra.slice(from, start)
    from = end
  }
  html += withExtra.slice(from)
  return { html, doc: parsed(html) }
}

const source = (page: ShownPage, node: T.ChildNode) => {
  const at = node.sourceCodeLocation
  return at ? page.html.slice(at.startOffset, at.endOffset) : undefined
}

/** Same source, same subtree: both answers come from the same renderer, so equal text parses to equal nodes. */
function same(before: ShownPage, a: T.ChildNode, after: ShownPage, b: T.ChildNode): boolean {
  const text = source(before, a)
  return text !== undefined && text === source(after, b)
}

const isElement = (node: T.ChildNode): node is T.Element => 'tagName' in node
/** Two elements of the same kind, whose children can be compared. A template's live in its content fragment, which paths do not reach. */
const alike = (a: T.ChildNode, b: T.ChildNode) =>
  isElement(a) && isElement(b) && a.tagName === b.tagName && a.namespaceURI === b.namespaceURI && a.tagName !== 'template'
const attributesOf = (element: T.Element): [string, string][] => element.attrs.map((a) => [a.name, a.value])

/**
 * The changes that turn `before`'s document into `after`'s. At each parent: the children equal at the start and
 * at the end are kept; changed elements of the same kind, as many on both sides, are gone into (so a typed word
 * replaces its paragraph's text, not the article); anything else between them is replaced. A parent gets at most
 * one change of its children, after which nothing under it changes, so the paths stay valid while the changes
 * are applied in order.
 */
export function diffPages(before: ShownPage, after: ShownPage): PagePatch[] {
  const patches: PagePatch[] = []
  const children = (a: T.ParentNode, b: T.ParentNode, path: number[]) => {
    const old = a.childNodes
    const next = b.childNodes
    let start = 0
    while (start < old.length && start < next.length && same(before, old[start]!, after, next[start]!)) start++
    let oldEnd = old.length
    let nextEnd = next.length
    while (oldEnd > start && nextEnd > start && same(before, old[oldEnd - 1]!, after, next[nextEnd - 1]!)) {
      oldEnd--
      nextEnd--
    }
    if (oldEnd === start && nextEnd === start) return
    // As many nodes on each side, pairwise equal or elements of the same kind (a head and a body around the
    // whitespace between them): each changed one is gone into.
    const pairs = oldEnd - start === nextEnd - start ? old.slice(start, oldEnd).map((x, i) => [x, next[start + i]!] as const) : []
    const kept = pairs.map(([x, y]) => same(before, x, after, y))
    if (pairs.length > 0 && pairs.every(([x, y], i) => kept[i] || alike(x, y))) {
      pairs.forEach(([x, y], i) => {
        if (kept[i]) return
        const at = [...path, start + i]
        const attributes = attributesOf(y as T.Element)
        if (JSON.stringify(attributesOf(x as T.Element)) !== JSON.stringify(attributes)) patches.push({ kind: 'attributes', path: at, attributes })
        children(x as T.Element, y as T.Element, at)
      })
      return
    }
    patches.push({
      kind: 'children',
      path,
      index: start,
      remove: oldEnd - start,
      html: next
        .slice(start, nextEnd)
        .map((node) => serializeOuter(node))
        .join(''),
    })
  }
  children(before.doc, after.doc, [])
  return patches
}
