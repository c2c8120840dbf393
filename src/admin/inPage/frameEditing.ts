/**
 * Edit mode's work on the page's document (docs/decisions/0101-edit-on-the-page.md). The admin renders the
 * page for staff with its text places marked (src/siteContent/placeMarks.ts) into a same-origin frame that may
 * run no script of its own; this module, running in the admin, makes the marked elements editable as plain
 * text, outlines them, and takes the page's links and fields out of the keyboard's way, so Tab goes from
 * place to place. The page itself never looks for edit mode.
 */
import { PLACE_ATTRIBUTE, parsePlaceId, placeId, placeSelector, type PlaceRef } from '../../siteContent/placeMarks'

export interface FrameEditingOptions {
  /** The places staff may change here, by their mark (placeId); a marked element not listed stays as it is. */
  labels: ReadonlyMap<string, string>
  /** Staff typed in a place: its whole text now. */
  onInput: (id: string, text: string) => void
  onEscape: () => void
  onSave: () => void
}

/** Marks an element whose text differs from the saved one, so its outline says so. */
const CHANGED_ATTRIBUTE = 'data-edit-changed'
const STYLE_ID = 'edit-mode-style'

// Amber reads on the dark hero and on white sections alike; the focused place gets a solid outline.
const STYLE = `
[${PLACE_ATTRIBUTE}][contenteditable] { outline: 2px dashed #f59e0b; outline-offset: 6px; border-radius: 2px; cursor: text; }
[${PLACE_ATTRIBUTE}][contenteditable]:hover { outline-style: solid; }
[${PLACE_ATTRIBUTE}][contenteditable]:focus { outline: 3px solid #f59e0b; outline-offset: 6px; }
[${PLACE_ATTRIBUTE}][${CHANGED_ATTRIBUTE}] { outline-color: #22c55e; }
`

const INTERACTIVE = 'a[href], button, input, select, textarea, summary, iframe, [tabindex]'

/** The text of a place as staff typed it: plain text, on one line (the site renders none of its line breaks). */
export function placeText(element: Element): string {
  return (element.textContent ?? '').replace(/\s*\n\s*/g, ' ')
}

/** Makes `doc`'s places editable; returns what undoes the listeners (the document is thrown away after). */
export function editPlaces(doc: Document, options: FrameEditingOptions): () => void {
  const style = doc.createElement('style')
  style.id = STYLE_ID
  style.textContent = STYLE
  doc.head.append(style)

  for (const element of doc.querySelectorAll<HTMLElement>(INTERACTIVE)) element.tabIndex = -1
  for (const element of editableElements(doc, options.labels)) {
    element.contentEditable = 'plaintext-only'
    element.spellcheck = true
  }

  const onInput = (event: Event) => {
    const element = placeElement(event.target)
    const id = element?.getAttribute(PLACE_ATTRIBUTE)
    if (element && id && options.labels.has(id)) options.onInput(id, placeText(element))
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      options.onEscape()
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault()
      options.onSave()
    } else if (event.key === 'Enter' && placeElement(event.target)) {
      // A place is one paragraph of plain text: a line break would not show on the page.
      event.preventDefault()
    }
  }
  // The page is shown to be edited, not browsed: a link or a form would take the frame away from it.
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element | null
    if (target?.nodeType === 1 && target.closest('a[href], button, [type=submit]')) event.preventDefault()
  }
  const onSubmit = (event: Event) => event.preventDefault()
  doc.addEventListener('input', onInput)
  doc.addEventListener('keydown', onKeyDown)
  doc.addEventListener('click', onClick, true)
  doc.addEventListener('submit', onSubmit, true)
  return () => {
    doc.removeEventListener('input', onInput)
    doc.removeEventListener('keydown', onKeyDown)
    doc.removeEventListener('click', onClick, true)
    doc.removeEventListener('submit', onSubmit, true)
  }
}

/** Shows which places differ from what is saved (by mark). */
export function showChanges(doc: Document, changed: ReadonlySet<string>): void {
  for (const element of doc.querySelectorAll(placeSelector())) {
    element.toggleAttribute(CHANGED_ATTRIBUTE, changed.has(element.getAttribute(PLACE_ATTRIBUTE) ?? ''))
  }
}

/** The element that renders `place`, to focus it after a refusal that names it. */
export function placeElementOf(doc: Document, place: PlaceRef): HTMLElement | null {
  return doc.querySelector<HTMLElement>(placeSelector(place))
}

/** The marked places of the page, in the page's order, with their text as rendered. */
export function markedPlaces(doc: Document): { id: string; place: PlaceRef; text: string }[] {
  return [...doc.querySelectorAll(placeSelector())].flatMap((element) => {
    const place = parsePlaceId(element.getAttribute(PLACE_ATTRIBUTE) ?? '')
    return place ? [{ id: placeId(place), place, text: placeText(element) }] : []
  })
}

function editableElements(doc: Document, labels: ReadonlyMap<string, string>): HTMLElement[] {
  return [...doc.querySelectorAll<HTMLElement>(placeSelector())].filter((element) => labels.has(element.getAttribute(PLACE_ATTRIBUTE) ?? ''))
}

function placeElement(target: EventTarget | null): Element | null {
  const node = target as Node | null
  const element = node && (node.nodeType === 1 ? (node as Element) : node.parentElement)
  return element?.closest(placeSelector()) ?? null
}
