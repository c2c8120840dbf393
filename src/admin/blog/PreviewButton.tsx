import { Eye } from 'lucide-react'
import { PREVIEW_PATH } from '../../blog/paths'
import { Button } from '../../components/ui/button'
import { uiText } from '../../lib/uiText'
import { useAccessToken } from '../shared/useAccessToken'

/**
 * "Vista previa": opens the post as the site renders it, drafts included, in a new tab. A form posts the
 * staff member's current access token to the server, which reads the post with it, so row-level security
 * decides what is shown; the token never appears in a URL or the history. Submitting is the click itself,
 * so the new tab is never taken for a pop-up.
 */
export function PreviewButton({ postId, title }: { postId: string; title: string }) {
  const token = useAccessToken()
  return (
    <form method="post" action={PREVIEW_PATH} target="_blank" className="contents">
      <input type="hidden" name="id" value={postId} />
      <input type="hidden" name="access_token" value={token} />
      <Button
        type="submit"
        variant="ghost"
        size="sm"
        className="text-slate-700"
        disabled={!token}
        aria-label={`Vista previa de «${title}» ${uiText.opensInNewTab}`}
      >
        <Eye aria-hidden="true" /> Vista previa
      </Button>
    </form>
  )
}
