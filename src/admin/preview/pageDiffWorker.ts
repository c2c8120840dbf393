/// <reference lib="webworker" />
// The live preview's parsing and comparing, off the admin's main thread (./pageDiff.ts): told each answer and
// whether the frame shows the previous one, it answers the whole page to load or the changes to apply.
import { diffPages, shownPage, type PagePatch, type ShownPage } from './pageDiff'

export interface PageDiffRequest {
  answer: string
  /** Added to the page's head: the admin's outline of the text places. */
  headExtra: string
  /** The frame shows the page last answered: changes to it are enough. */
  shown: boolean
}

export type PageDiffResult = { kind: 'load'; html: string } | { kind: 'patch'; patches: PagePatch[] }

let last: ShownPage | undefined

self.onmessage = (event: MessageEvent<PageDiffRequest>) => {
  const { answer, headExtra, shown } = event.data
  const next = shownPage(answer, headExtra)
  let result: PageDiffResult = { kind: 'load', html: next.html }
  try {
    if (shown && last) result = { kind: 'patch', patches: diffPages(last, next) }
  } catch (error) {
    // The pane must follow the typing even then: the page whole, and the cause where a developer looks.
    console.error('[live preview] comparing failed, the page is loaded whole', error)
  }
  last = next
  self.postMessage(result)
}
