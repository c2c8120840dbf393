import type { SectionOf } from '../siteContent/schema'
import { Icon } from '../components/ui/Icon'
import { SectionHeading, SectionShell } from './SectionHeading'

export function Stats({ section, headingId }: { section: SectionOf<'stats'>; headingId: string }) {
  return (
    <SectionShell id={section.id} tone="dark" labelledBy={headingId}>
      <SectionHeading id={headingId} place={section.id} dark eyebrow={section.eyebrow} title={section.title} intro={section.intro} />
      <dl className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {section.items.map((s) => (
          <div key={s.label} className="flex flex-col rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
            <Icon name={s.icon} className="size-6 text-accent-400" />
            <dt className="order-3 mt-1 font-semibold text-white">{s.label}</dt>
            <dd className="order-2 mt-4 text-4xl font-extrabold tracking-tight text-white">{s.value}</dd>
            <dd className="order-4 mt-2 text-sm leading-relaxed text-slate-300">{s.description}</dd>
          </div>
        ))}
      </dl>
    </SectionShell>
  )
}
