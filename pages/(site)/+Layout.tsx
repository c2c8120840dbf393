import type { ReactNode } from 'react'
import { useData } from 'vike-react/useData'
import { SiteShell } from '../../src/components/layout/SiteShell'
import { shellData, type PageData } from '../../src/content/page'
import '../../src/styles/global.css'

export default function Layout({ children }: { children: ReactNode }) {
  const data = useData<PageData>()
  return (
    <SiteShell shell={shellData()} alwaysSolidHeader={data.kind === 'legal'} idsOnPage={data.sectionIds}>
      {children}
    </SiteShell>
  )
}
