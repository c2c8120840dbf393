import type { ReactNode } from 'react'
import { useData } from 'vike-react/useData'
import { usePageContext } from 'vike-react/usePageContext'
import { SiteShell } from '../../src/components/layout/SiteShell'
import { MarkPlaces } from '../../src/sections/PlaceMarks'
import { shellData } from '../../src/siteContent/page.server'
import type { PageData } from '../../src/pageData/types'
import '../../src/styles/site.css'

export default function Layout({ children }: { children: ReactNode }) {
  const data = useData<PageData>()
  const { marksPlaces = false } = usePageContext()
  // Only landing pages open on a dark hero the header can be transparent over.
  const overHero = data.kind === 'home' || data.kind === 'service'
  return (
    <SiteShell shell={shellData(data.nav)} alwaysSolidHeader={!overHero} idsOnPage={data.sectionIds}>
      <MarkPlaces on={marksPlaces}>{children}</MarkPlaces>
    </SiteShell>
  )
}
