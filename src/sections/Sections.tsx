import type { ComponentType } from 'react'
import type { Section } from '../siteContent/schema'
import { Benefits } from './Benefits'
import { CardGrid } from './CardGrid'
import { CaseGrid } from './CaseGrid'
import { Process } from './Process'
import { SectionHeading, SectionShell } from './SectionHeading'
import { Stats } from './Stats'
import { TechStack } from './TechStack'

/** A section type without a case below is a compile error here, not a section that silently renders nothing. */
function unknownSection(section: never): never {
  throw new Error(`Tipo de sección sin componente: ${JSON.stringify(section)}`)
}

/** Renders a landing page's typed sections in order; `body` places the page's MDX prose. */
export function Sections({ sections, Body }: { sections: Section[]; Body: ComponentType }) {
  return sections.map((section, i) => {
    const headingId = `${section.id ?? `seccion-${i + 1}`}-titulo`
    switch (section.type) {
      case 'cards':
        return <CardGrid key={i} section={section} headingId={headingId} />
      case 'stack':
        return <TechStack key={i} section={section} headingId={headingId} />
      case 'benefits':
        return <Benefits key={i} section={section} headingId={headingId} />
      case 'process':
        return <Process key={i} section={section} headingId={headingId} />
      case 'cases':
        return <CaseGrid key={i} section={section} headingId={headingId} />
      case 'stats':
        return <Stats key={i} section={section} headingId={headingId} />
      case 'body':
        return (
          <SectionShell key={i} id={section.id} labelledBy={headingId}>
            <SectionHeading id={headingId} place={section.id} eyebrow={section.eyebrow} title={section.title} intro={section.intro} />
            <div className="prose prose-slate prose-lg mx-auto mt-10 prose-a:text-brand-700">
              <Body />
            </div>
          </SectionShell>
        )
      default:
        return unknownSection(section)
    }
  })
}
