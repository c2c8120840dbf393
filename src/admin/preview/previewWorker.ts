/// <reference lib="webworker" />
// The live preview's network and parsing work, off the admin's main thread (docs/decisions/0100-live-preview.md,
// 0105): told each unsaved draft, the worker posts it to the site's renderer, parses the answer and works out
// what changed since the page the frame shows (./pageDiff.ts), and answers the whole page to load or only the
// changes to apply. A 1 MB post's JSON, its request and its page's decoding cost this thread, not the one the
// editor types on.
import { LIVE_PREVIEW_PATH, type PreviewDraft } from '../../pageData/livePreview'
import { diffPages, shownPage, type PagePatch, type ShownPage } from './pageDiff'

export type PreviewWorkerRequest =
  /** The form as it is now, with the session's access token. */
  | { kind: 'draft'; draft: PreviewDraft; token: string }
  /**
   * How to show the last answer: with `headExtra` (the admin's outline of the text places) in its head; `shown`
   * false when the frame does not show the page last answered (still loading it, or a change did not fit), so the
   * page must come whole.
   */
  | { kind: 'show'; headExtra: string; shown: boolean }
  /** The pane is gone: the request on its way is cancelled, and the worker ends. */
  | { kind: 'close' }

export type PreviewWorkerResult = { kind: 'load'; html: string } | { kind: 'patch'; patches: PagePatch[] } | { kind: 'failed'; message: string }

let headExtra = ''
/** The last answer of the renderer, and the page the frame was last given (by load or changes). */
let answer: string | undefined
let shown: ShownPage | undefined

function show(): void {
  if (answer === undefined) return
  const next = shownPage(answer, headExtra)
  let result: PreviewWorkerResult = { kind: 'load', html: next.html }
  try {
    if (shown) result = { kind: 'patch', patches: diffPages(shown, next) }
  } catch (error) {
    // The pane must follow the typing even then: the page whole, and the cause where a developer looks.
    console.error('[live preview] comparing failed, the page is loaded whole', error)
  }
  shown = next
  self.postMessage(result)
}

// One request at a time: a draft typed while one is on its way waits for it and then goes alone (the latest
// only), so a fast typist keeps the server to one render per editor, and no answer overtakes a newer one. An
// aborted request would not stop the render the server has begun.
let pending: { draft: PreviewDraft; token: string } | null = null
let busy = false
let inFlight: AbortController | null = null
/** Asked to end: once the request on its way has failed, so that its connection is seen to close. */
let closing = false
/** The token and body of the last request answered: the same draft again (a re-render of the form) is not sent. */
let answered = ''

async function sendPending(): Promise<void> {
  busy = true
  while (pending) {
    const { draft, token } = pending
    pending = null
    const body = JSON.stringify(draft)
    const key = `${token}\n${body}`
    if (key === answered) continue
    inFlight = new AbortController()
    try {
      const response = await fetch(new URL(LIVE_PREVIEW_PATH, self.location.origin), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
        cache: 'no-store',
        signal: inFlight.signal,
      })
      if (!response.ok) throw new Error(response.status === 404 ? 'Tu sesión no permite ver la vista previa.' : `Error ${response.status}`)
      answer = await response.text()
      answered = key
      show()
    } catch (error) {
      if (closing) return self.close()
      answered = ''
      self.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies PreviewWorkerResult)
    }
  }
  busy = false
  if (closing) self.close()
}

self.onmessage = ({ data }: MessageEvent<PreviewWorkerRequest>) => {
  if (data.kind === 'close') {
    closing = true
    pending = null
    return busy ? inFlight?.abort() : self.close()
  }
  if (data.kind === 'draft') {
    pending = data
    if (!busy) void sendPending()
    return
  }
  headExtra = data.headExtra
  if (!data.shown) shown = undefined
  show()
}
