import { useId, type MouseEvent } from 'react'
import { useAdmin } from '../context'
import { recordPath } from '../recordLinks'
import type { MediaUse } from './mediaLibrary'

/** «Se usa en»: the posts and pages that show an image, each a link to its form. */
export function MediaUses({ uses }: { uses: MediaUse[] }) {
  const { openRecord } = useAdmin()
  const titleId = useId()
  if (uses.length === 0) return <p className="text-xs text-slate-600">No se usa en ninguna entrada ni página.</p>
  return (
    <div className="grid gap-1 text-xs">
      <p id={titleId} className="font-medium text-slate-700">
        Se usa en
      </p>
      <ul aria-labelledby={titleId} className="grid gap-1">
        {uses.map((use) => (
          <li key={`${use.kind}:${use.id}`} className="truncate">
            <a
              href={recordPath(use)}
              // A plain click opens the form here; with a modifier key the browser opens the address in a new tab.
              onClick={(event: MouseEvent) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
                event.preventDefault()
                openRecord(use)
              }}
              className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              {use.kind === 'post' ? 'Entrada' : 'Página'}: {use.title}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
