/// <reference lib="webworker" />
// The live preview's network and parsing work, off the admin's main thread (docs/decisions/0100-live-preview.md,
// 0105, 0109): told each unsaved draft, the worker posts it to the site's renderer, parses the answer and works
// out what changed since the page the frame shows (./pageDiff.ts), and answers the whole page to load or only the
// changes to apply. A 1 MB post's JSON, its request and its page's decoding cost this thread, not the one the
// editor types on.
//
// One worker serves the admin for its lifetime, one pane at a time (a pane is an editor's preview; opening
// another starts afresh). It is never terminated: a request on its way when a pane closes ends normally and its
// answer is dropped, so no connection is left half-open.
import { LIVE_PREVIEW_PATH, type PreviewDraft } from '../../pageData/livePreview'
import { diffPages, shownPage, type PagePatch, type ShownPage } from './pageDiff'

/** What a pane asks of the worker. */
export type PreviewAsk =
  /** The form as it is now, with the session's access token. */
  | { kind: 'draft'; draft: PreviewDraft; token: string }
  /**
   * How to show the last answer: with `headExtra` (the admin's outline of the text places) in its head; `shown`
   * false when the frame does not show the page last answered (still loading it, or a change did not fit), so the
   * page must come whole.
   */
  | { kind: 'show'; headExtra: string; shown: boolean }
  /** The pane is gone: a draft still waiting is not sent. */
  | { kind: 'close' }

/** Each message names the pane it is from (or for). */
export type PreviewWorkerRequest = PreviewAsk & { pane: number }

export type PreviewWorkerResult = { pane: number } & (
  { kind: 'load'; html: string } | { kind: 'patch'; patches: PagePatch[] } | { kind: 'failed'; message: string }
)

/** The pane served now, and what it has been given. */
let pane = -1
let headExtra = ''
/** The last answer of the renderer, and the page the frame was last given (by load or changes). */
let answer: string | undefined
let shown: ShownPage | undefined
/** The token and body of the last request answered: the same draft again (a re-render of the form) is not sent. */
let answered = ''

// One request at a time: a draft typed while one is on its way waits for it and then goes alone (the latest
// only), so a fast typist keeps the server to one render, and no answer overtakes a newer one.
let pending: { draft: PreviewDraft; token: string } | null = null
let busy = false

function serve(next: number): void {
  if (next === pane) return
  pane = next
  headExtra = ''
  answer = undefined
  shown = undefined
  answered = ''
  pending = null
}

const answerPane = (result: PreviewWorkerResult) => self.postMessage(result)

function show(): void {
  if (answer === undefined) return
  const next = shownPage(answer, headExtra)
  let result: PreviewWorkerResult = { pane, kind: 'load', html: next.html }
  try {
    if (shown) result = { pane, kind: 'patch', patches: diffPages(shown, next) }
  } catch (error) {
    // The pane must follow the typing even then: the page whole, and the cause where a developer looks.
    console.error('[live preview] comparing failed, the page is loaded whole', error)
  }
  shown = next
  answerPane(result)
}

async function sendPending(): Promise<void> {
  busy = true
  while (pending) {
    const { draft, token } = pending
    const asked = pane
    pending = null
    const body = JSON.stringify(draft)
    const key = `${token}\n${body}`
    if (key === answered) continue
    try {
      const response = await fetch(new URL(LIVE_PREVIEW_PATH, self.location.origin), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
        cache: 'no-store',
      })
      const text = await response.text()
      if (asked !== pane) continue
      if (!response.ok) throw new Error(response.status === 404 ? 'Tu sesión no permite ver la vista previa.' : `Error ${response.status}`)
      answer = text
      answered = key
      show()
    } catch (error) {
      if (asked !== pane) continue
      answered = ''
      answerPane({ pane, kind: 'failed', message: error instanceof Error ? error.message : String(error) })
    }
  }
  busy = false
}

self.onmessage = ({ data }: MessageEvent<PreviewWorkerRequest>) => {
  if (data.kind === 'close') {
    if (data.pane === pane) pending = null
    return
  }
  serve(data.pane)
  if (data.kind === 'draft') {
    pending = data
    if (!busy) void sendPending()
    return
  }
  headExtra = data.headExtra
  if (!data.shown) shown = undefined
  show()
}
