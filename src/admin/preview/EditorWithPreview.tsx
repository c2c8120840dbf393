import type { ReactNode } from 'react'

/** A form and its live preview: side by side on wide screens, the preview under the form (behind its toggle) on narrow ones. */
export function EditorWithPreview({ preview, children }: { preview: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="min-w-0">{children}</div>
      {preview}
    </div>
  )
}
