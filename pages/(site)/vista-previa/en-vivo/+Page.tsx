import { useData } from 'vike-react/useData'
import type { LivePreviewData } from '#src/pageData/draft.server.ts'
import { PreviewProblems } from '#src/sections/PreviewProblems.tsx'
import { SitePage } from '#src/sections/SitePage.tsx'

export default function Page() {
  const data = useData<LivePreviewData>()
  return (
    <>
      <SitePage data={data} />
      <PreviewProblems problems={data.problems} />
    </>
  )
}
