import type { SectionOf } from '../siteContent/schema'
import { Icon } from '../components/ui/Icon'
import { cn } from '../lib/cn'
import { SectionHeading, SectionShell } from './SectionHeading'

const cols = { 2: 'md:grid-cols-2', 3: 'md:grid-cols-2 lg:grid-cols-3', 4: 'md:grid-cols-2 lg:grid-cols-4' } as const

export function CardGrid({ section, headingId }: { section: SectionOf<'cards'>; headingId: string }) {
  return (
    <SectionShell id={section.id} labelledBy={headingId}>
      <SectionHeading id={headingId} place={section.id} eyebrow={section.eyebrow} title={section.title} intro={section.intro} />
      <ul className={cn('mt-14 grid gap-6', cols[section.columns])}>
        {section.items.map((card) => {
          const body = (
            <>
              <span className="grid size-12 place-items-center rounded-xl bg-gradient-to-br from-brand-500 to-accent-500 text-white shadow-md shadow-brand-500/20">
                <Icon name={card.icon} className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-bold text-slate-900">{card.title}</h3>
              <p className="mt-2 grow leading-relaxed text-slate-600">{card.description}</p>
              {card.keywords && (
                <ul className="mt-4 flex flex-wrap gap-2" aria-label="Palabras clave">
                  {card.keywords.map((k) => (
                    <li key={k} className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-700">
                      {k}
                    </li>
                  ))}
                </ul>
              )}
              {card.href && (
                <span className="mt-5 inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
                  Ver servicio <Icon name="arrow-right" className="size-4 transition-transform group-hover:translate-x-1" />
                </span>
              )}
            </>
          )
          const box =
            'group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg'
          return (
            <li key={card.title}>
              {card.href ? (
                <a href={card.href} className={box}>
                  {body}
                </a>
              ) : (
                <div className={box}>{body}</div>
              )}
            </li>
          )
        })}
      </ul>
    </SectionShell>
  )
}
