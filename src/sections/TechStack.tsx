import type { SectionOf } from '../siteContent/schema'
import { desktopColumns } from './grid'
import { SectionHeading, SectionShell } from './SectionHeading'

export function TechStack({ section, headingId }: { section: SectionOf<'stack'>; headingId: string }) {
  return (
    <SectionShell id={section.id} tone="dark" labelledBy={headingId}>
      <SectionHeading id={headingId} place={section.id} dark eyebrow={section.eyebrow} title={section.title} intro={section.intro} />
      <div className={`mt-14 grid gap-8 ${desktopColumns(section.groups.length)}`}>
        {section.groups.map((group) => (
          <div key={group.name} className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
            <h3 className="text-sm font-semibold uppercase tracking-widest text-accent-400">{group.name}</h3>
            <dl className="mt-4 grid gap-4 sm:grid-cols-2">
              {group.items.map((item) => (
                <div key={item.tech} className="rounded-xl bg-white/5 p-4">
                  <dt className="font-semibold text-white">{item.tech}</dt>
                  <dd className="mt-1 text-sm leading-relaxed text-slate-300">{item.desc}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </div>
    </SectionShell>
  )
}
