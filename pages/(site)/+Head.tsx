import { useData } from 'vike-react/useData'
import { HeadTags } from '../../src/seo/HeadTags'
import { FeedLink } from '../../src/seo/FeedLink'
import { PaintAfterParsing } from '../../src/components/layout/PageScript'
import { JsonLd } from '../../src/seo/JsonLd'
import { CoverPreload } from '../../src/sections/blog/CoverImage'
import { site } from '../../src/siteContent/registry.server'
import type { PageData } from '../../src/pageData/types'

export default function Head() {
  const data = useData<PageData>()
  const { head, jsonLd } = data
  // A post's featured image is its LCP element: asked for with the stylesheet, not once the parser reaches it.
  const leadImage = data.kind === 'post' ? data.post.featuredImage : undefined
  return (
    <>
      <PaintAfterParsing />
      {leadImage && <CoverPreload src={leadImage} />}
      <HeadTags tags={head.tags} />
      <JsonLd site={site} page={jsonLd} />
      <FeedLink site={site} />
    </>
  )
}
