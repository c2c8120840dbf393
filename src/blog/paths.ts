/**
 * The blog's public addresses, defined once: the router, the pages, the feed, the sitemap, the admin's
 * links and its SEO list all build them here.
 */
export const BLOG_PATH = '/blog'
/** Posts shown on each page of the blog index. */
export const POSTS_PER_PAGE = 12
/** Posts in the RSS feed. */
export const FEED_SIZE = 20
export const FEED_PATH = `${BLOG_PATH}/rss.xml`

export const postPath = (slug: string) => `${BLOG_PATH}/${slug}`
export const tagPath = (slug: string) => `${BLOG_PATH}/etiqueta/${slug}`
export const tagPagePath = (slug: string, page: number) => (page <= 1 ? tagPath(slug) : `${tagPath(slug)}/pagina/${page}`)
/** Page 1 is the index itself; /blog/pagina/1 redirects there. */
export const blogPagePath = (page: number) => (page <= 1 ? BLOG_PATH : `${BLOG_PATH}/pagina/${page}`)
/**
 * A staff preview of any post, drafts included: the admin posts a form here with the staff member's token
 * (src/host/site/preview.ts), never a link, so the token stays out of URLs and history.
 */
export const PREVIEW_PATH = `${BLOG_PATH}/vista-previa`
