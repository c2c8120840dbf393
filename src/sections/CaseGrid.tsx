import type { SectionOf, SuccessCase } from '../siteContent/schema'
import { caseTypes } from '../siteContent/schema'
import { desktopColumns } from './grid'
import { ResponsiveImage } from './ResponsiveImage'
import { SectionHeading, SectionShell } from './SectionHeading'

/** The success-case filter's values and labels; "all" is the default. */
export const caseFilters = [
  { value: 'all', label: 'Todos' },
  { value: 'ecommerce', label: 'Ecommerce' },
  { value: 'plataforma', label: 'Plataformas' },
  { value: 'automatizacion', label: 'Automatización' },
] as const satisfies readonly { value: 'all' | (typeof caseTypes)[number]; label: string }[]

function CaseCard({ item }: { item: SuccessCase }) {
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-lg">
      <ResponsiveImage
        src={item.image}
        alt=""
        frame="card"
        sizes="(min-width: 1024px) 24rem, (min-width: 768px) 45vw, 92vw"
        className="aspect-[8/5] w-full bg-slate-100 object-cover"
      />
      <div className="flex grow flex-col p-6">
        <div className="flex flex-wrap items-center gap-2 text-xs font-semibold">
          <span className="rounded-full bg-brand-50 px-2.5 py-1 text-brand-700">{item.category}</span>
          {item.scope && <span className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700">{item.scope}</span>}
        </div>
        <h3 className="mt-3 text-lg font-bold text-slate-900">{item.name}</h3>
        <p className="mt-2 grow leading-relaxed text-slate-600">{item.description}</p>
        <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Servicios">
          {item.services
            .split('|')
            .map((s) => s.trim())
            .filter(Boolean)
            .map((s) => (
              <li key={s} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                {s}
              </li>
            ))}
        </ul>
      </div>
    </article>
  )
}

export function CaseGrid({ section, headingId }: { section: SectionOf<'cases'>; headingId: string }) {
  const grid = (
    <ul className={`mt-10 grid gap-6 md:grid-cols-2 ${desktopColumns(section.items.length)}`}>
      {section.items.map((item) => (
        <li key={item.name} data-case-type={item.type}>
          <CaseCard item={item} />
        </li>
      ))}
    </ul>
  )
  return (
    <SectionShell id={section.id} tone="muted" labelledBy={headingId}>
      <SectionHeading id={headingId} place={section.id} eyebrow={section.eyebrow} title={section.title} intro={section.intro} />
      {section.filter ? (
        <div data-case-filter>
          <fieldset className="mt-10 flex flex-wrap justify-center gap-2">
            <legend className="sr-only">Filtrar casos por tipo</legend>
            {caseFilters.map((f) => (
              <label
                key={f.value}
                className="cursor-pointer rounded-full bg-white px-5 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-200 transition hover:ring-brand-500 has-[:checked]:bg-brand-600 has-[:checked]:text-white has-[:checked]:ring-brand-600 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-500"
              >
                <input type="radio" name="case-filter" value={f.value} defaultChecked={f.value === 'all'} className="sr-only" />
                {f.label}
              </label>
            ))}
          </fieldset>
          {grid}
        </div>
      ) : (
        grid
      )}
    </SectionShell>
  )
}
