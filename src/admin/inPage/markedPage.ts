/**
 * The page as the site renders it for staff, its text places marked (docs/decisions/0100-live-preview.md): the
 * live preview's endpoint, asked with the staff member's session and the record as stored, so edit mode shows
 * what visitors see now (or will see, for a draft). Its scripts are left out: the frame runs none (decision 0101), and
 * without them it fetches none either.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { LIVE_PREVIEW_PATH, type PreviewDraft } from '../../pageData/livePreview'

export async function markedPage(supabase: SupabaseClient, draft: PreviewDraft): Promise<string> {
  const { data } = await supabase.auth.getSession()
  const response = await fetch(LIVE_PREVIEW_PATH, {
    method: 'POST',
    headers: { authorization: `Bearer ${data.session?.access_token ?? ''}`, 'content-type': 'application/json' },
    body: JSON.stringify(draft),
  })
  if (!response.ok) throw new Error(`el servidor respondió ${response.status}`)
  const doc = new DOMParser().parseFromString(await response.text(), 'text/html')
  for (const element of doc.querySelectorAll('script, link[rel="modulepreload"]')) element.remove()
  return `<!doctype html>${doc.documentElement.outerHTML}`
}
