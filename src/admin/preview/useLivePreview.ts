import { useEffect, useRef, useState } from 'react'
import { LIVE_PREVIEW_PATH, type PreviewDraft } from '../../pageData/livePreview'
import { useAccessToken } from '../shared/useAccessToken'

/** How long typing must pause before the draft is sent: the preview follows within this plus one render. */
export const PREVIEW_DEBOUNCE_MS = 200

export type PreviewState = { status: 'waiting' } | { status: 'ready'; html: string } | { status: 'failed'; message: string }

/**
 * The page the site renders for `draft` (src/pageData/livePreview.ts), fetched again once typing pauses. An
 * answer that arrives after a newer request was sent is dropped (its request is aborted), so the preview
 * never steps back to an older draft.
 */
export function useLivePreview(draft: PreviewDraft): PreviewState {
  const token = useAccessToken()
  const [state, setState] = useState<PreviewState>({ status: 'waiting' })
  const body = JSON.stringify(draft)
  const last = useRef('')
  useEffect(() => {
    if (!token || `${token} ${body}` === last.current) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      last.current = `${token} ${body}`
      fetch(LIVE_PREVIEW_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
        signal: controller.signal,
        cache: 'no-store',
      })
        .then(async (response) => {
          if (!response.ok) throw new Error(response.status === 404 ? 'Tu sesión no permite ver la vista previa.' : `Error ${response.status}`)
          setState({ status: 'ready', html: await response.text() })
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return
          last.current = ''
          setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) })
        })
    }, PREVIEW_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [token, body])
  return state
}
