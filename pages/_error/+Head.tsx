import { site } from '../../src/siteContent/registry.server'
import { FeedLink } from '../../src/seo/FeedLink'
import { PaintAfterParsing } from '../../src/components/layout/PageScript'

// An error page must never be indexed; it still announces the blog's feed, as every public page does.
export default function Head() {
  return (
    <>
      <PaintAfterParsing />
      <meta name="robots" content="noindex,nofollow" />
      <FeedLink site={site} />
    </>
  )
}
