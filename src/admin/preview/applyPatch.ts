import type { PagePatch } from './pageDiff'

/** The node at `path` (child indexes from the document), or null when the document has no such node. */
function nodeAt(doc: Document, path: number[]): Node | null {
  let node: Node | null = doc
  for (const index of path) node = node?.childNodes[index] ?? null
  return node
}

/**
 * Applies the changes ./pageDiff.ts worked out to the frame's document, in order. False when one does not fit
 * (the document is not the one they were worked out from): the caller then loads the whole page instead.
 * New nodes are parsed in their parent's context, as the page's own parse would; the answers carry no script.
 */
export function applyPatches(doc: Document, patches: PagePatch[]): boolean {
  for (const patch of patches) {
    const node = nodeAt(doc, patch.path)
    // The frame's nodes belong to its own realm: `instanceof Element` (the admin's) would be false.
    if (!node || node.nodeType !== Node.ELEMENT_NODE) return false
    const element = node as Element
    if (patch.kind === 'attributes') {
      for (const { name } of [...element.attributes]) if (!patch.attributes.some(([n]) => n === name)) element.removeAttribute(name)
      for (const [name, value] of patch.attributes) if (element.getAttribute(name) !== value) element.setAttribute(name, value)
      continue
    }
    // <html>'s children are the head and the body, which a fragment cannot hold: a change there is a new page.
    if (element === doc.documentElement || element.childNodes.length < patch.index + patch.remove) return false
    const range = doc.createRange()
    range.selectNodeContents(element)
    const fragment = range.createContextualFragment(patch.html)
    for (let i = 0; i < patch.remove; i++) element.childNodes[patch.index]!.remove()
    element.insertBefore(fragment, element.childNodes[patch.index] ?? null)
  }
  return true
}
