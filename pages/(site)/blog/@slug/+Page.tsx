import { useData } from 'vike-react/useData'
import type { PageData } from '#src/pageData/types.ts'
import { SitePage } from '#src/sections/SitePage.tsx'

export default function Page() {
  return <SitePage data={useData<PageData>()} />
}
