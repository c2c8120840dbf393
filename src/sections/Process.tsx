import type { SectionOf } from '../siteContent/schema'
import { Icon } from '../components/ui/Icon'
import { SectionHeading, SectionShell } from './SectionHeading'

export function Process({ section, headingId }: { section: SectionOf<'process'>; headingId: string }) {
  return (
    <SectionShell id={section.id} labelledBy={headingId}>
      <SectionHeading id={headingId} place={section.id} eyebrow={section.eyebrow} title={section.title} intro={section.intro} />
      <ol className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {section.steps.map((step) => (
          <li key={step.number} className="relative rounded-2xl border border-slate-200 p-6">
            <div className="flex items-center gap-3">
              <span className="text-4xl font-black text-gradient" aria-hidden="true">
                {step.number}
              </span>
              {step.icon && <Icon name={step.icon} className="size-5 text-brand-600" />}
            </div>
            <h3 className="mt-3 text-lg font-bold text-slate-900">
              <span className="sr-only">Paso {Number(step.number)}: </span>
              {step.title}
            </h3>
            <p className="mt-2 leading-relaxed text-slate-600">{step.description}</p>
          </li>
        ))}
      </ol>
    </SectionShell>
  )
}
