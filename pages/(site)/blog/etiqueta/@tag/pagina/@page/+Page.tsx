import { useData } from 'vike-react/useData'
import type { PageData } from '../../../../../../../src/pageData/types'
import { SitePage } from '../../../../../../../src/sections/SitePage'

export default function Page() {
  return <SitePage data={useData<PageData>()} />
}
