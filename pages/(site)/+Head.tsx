import { useData } from 'vike-react/useData'
import { HeadTags } from '../../src/seo/HeadTags'
import type { PageData } from '../../src/content/page'

export default function Head() {
  const { head } = useData<PageData>()
  return <HeadTags tags={head.tags} />
}
