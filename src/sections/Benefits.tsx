import type { SectionOf } from '../siteContent/schema'
import { Icon } from '../components/ui/Icon'
import { desktopColumns } from './grid'
import { SectionHeading, SectionShell } from './SectionHeading'

export function Benefits({ section, headingId }: { section: SectionOf<'benefits'>; headingId: string }) {
  return (
    <SectionShell id={section.id} tone="muted" labelledBy={headingId}>
      <SectionHeading id={headingId} place={section.id} eyebrow={section.eyebrow} title={section.title} intro={section.intro} />
      <ul className={`mt-14 grid gap-6 md:grid-cols-2 ${desktopColumns(section.items.length)}`}>
        {section.items.map((b) => (
          <li key={b.title} className="flex gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <span className="grid size-10 shrink-0 place-items-center rounded-full bg-accent-500/15 text-accent-600">
              {b.icon ? <Icon name={b.icon} className="size-5" /> : <Icon name="check" className="size-5" />}
            </span>
            <div>
              <h3 className="font-bold text-slate-900">{b.title}</h3>
              <p className="mt-1.5 leading-relaxed text-slate-600">{b.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </SectionShell>
  )
}
