import type { ReactNode } from 'react'
import { useData } from 'vike-react/useData'
import { SiteShell } from '../../src/components/layout/SiteShell'
import { shellData } from '../../src/siteContent/page.server'
import type { PageData } from '../../src/pageData/types'
import '../../src/styles/site.css'

export default function Layout({ children }: { children: ReactNode }) {
  const data = useData<PageData>()
  // Only landing pages open on a dark hero the header can be transparent over.
  const overHero = data.kind === 'home' || data.kind === 'service'
  return (
    <SiteShell shell={shellData(data.nav)} alwaysSolidHeader={!overHero} idsOnPage={data.sectionIds}>
      {children}
    </SiteShell>
  )
}
