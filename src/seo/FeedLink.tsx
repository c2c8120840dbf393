import { FEED_PATH } from '../blog/paths'
import type { Site } from '../siteContent/schema'
import { feedTitle } from './feed'

/** The blog's RSS feed, announced on every public page so readers and crawlers find it. */
export function FeedLink({ site }: { site: Pick<Site, 'brand'> }) {
  return <link rel="alternate" type="application/rss+xml" title={feedTitle(site)} href={FEED_PATH} />
}
