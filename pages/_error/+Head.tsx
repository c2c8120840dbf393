import { site } from '../../src/site-content/registry.server'
import { EntryPreloads } from '../../src/seo/EntryPreloads'
import { FeedLink } from '../../src/seo/FeedLink'

// An error page must never be indexed; it still announces the blog's feed, as every public page does.
export default function Head() {
  return (
    <>
      <meta name="robots" content="noindex,nofollow" />
      <EntryPreloads />
      <FeedLink site={site} />
    </>
  )
}
