import { useData } from 'vike-react/useData'
import type { PageData } from '../../../src/content/page'
import { LandingPage } from '../../../src/sections/LandingPage'
import { LegalPage } from '../../../src/sections/LegalPage'

export default function Page() {
  const { path, kind } = useData<PageData>()
  return kind === 'legal' ? <LegalPage path={path} /> : <LandingPage path={path} />
}
