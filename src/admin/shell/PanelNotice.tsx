import type { LucideIcon } from 'lucide-react'
import { useId, type ReactNode } from 'react'

/** A notice above the panel about what the signed-in account cannot do yet, and why (announced as a status). */
export function PanelNotice({ icon: Icon, title, children, action }: { icon: LucideIcon; title: string; children: ReactNode; action?: ReactNode }) {
  const titleId = useId()
  return (
    <section
      role="status"
      aria-labelledby={titleId}
      className="mb-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-5"
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <h2 id={titleId} className="font-semibold">
          {title}
        </h2>
        <p className="mt-1 text-sm">{children}</p>
        {action && <div className="mt-3">{action}</div>}
      </div>
    </section>
  )
}
