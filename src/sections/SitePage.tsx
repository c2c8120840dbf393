import { tagPagePath } from '../blog/paths'
import type { PageData } from '../pageData/types'
import { BlogIndex } from './blog/BlogIndex'
import { PostPage } from './blog/PostPage'
import { DynamicPage } from './DynamicPage'
import { LandingPage } from './LandingPage'
import { LegalPage } from './LegalPage'

/** Every public page's content, by kind; each route's +Page is this component. */
export function SitePage({ data }: { data: PageData }) {
  switch (data.kind) {
    case 'home':
    case 'service':
      return <LandingPage path={data.path} landing={data.landing} />
    case 'legal':
      return <LegalPage path={data.path} />
    case 'blog':
      return <BlogIndex listing={data.listing} />
    case 'tag':
      return <BlogIndex listing={data.listing} tag={data.tag} pathFor={(page) => tagPagePath(data.tag.slug, page)} />
    case 'post':
      return <PostPage post={data.post} related={data.related} preview={data.preview} />
    case 'page':
      return <DynamicPage page={data.page} />
  }
}
