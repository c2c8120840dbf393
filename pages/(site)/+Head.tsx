import { useData } from 'vike-react/useData'
import { HeadTags } from '../../src/seo/HeadTags'
import { FeedLink } from '../../src/seo/FeedLink'
import { JsonLd } from '../../src/seo/JsonLd'
import { site } from '../../src/content/registry.server'
import type { PageData } from '../../src/pageData/types'

export default function Head() {
  const { head, jsonLd } = useData<PageData>()
  return (
    <>
      <HeadTags tags={head.tags} />
      <JsonLd site={site} page={jsonLd} />
      <FeedLink site={site} />
    </>
  )
}
