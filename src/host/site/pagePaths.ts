// Which paths are pages at a revision: the content routes and what the CMS publishes (the sitemap's own
// list, noindex pages included), so a request for any other path is answered with the one 404 page,
// rendered once per revision, instead of a render of its own (random paths cost as much as pages did:
// 0.05× their rate). A path counts under each spelling the router accepts for its page: a trailing slash,
// /index.html, Vike's /index.pageContext.json, and /pagina/1 of a listing (each redirects or renders it).
import { BLOG_PATH, PREVIEW_PATH } from '../../blog/paths.ts'
import { publishedRoutes, type RouteInfo } from '../../seo/siteFiles.server.ts'

/** The page a path names, spelling aside: "/blog/pagina/1/" and "/shopify/index.html" → "/blog", "/shopify". */
export function pagePathOf(pathname: string): string {
  const path = pathname
    .replace(/(\/index)?\.(html|pageContext\.json)$/, '')
    .replace(/\/+$/, '')
    .replace(/\/pagina\/1$/, '')
  return path === '' ? '/' : path
}

export class PagePaths {
  private known: { revision: string; paths: Promise<Set<string> | null> } | undefined

  constructor(private readonly contentRoutes: RouteInfo[]) {}

  /** False only when the path is surely no page; true too when the CMS could not be read (rendering decides). */
  async isPage(pathname: string, revision: string): Promise<boolean> {
    if (this.known?.revision !== revision) this.known = { revision, paths: this.read() }
    const paths = await this.known.paths
    return !paths || paths.has(pagePathOf(pathname))
  }

  private read(): Promise<Set<string> | null> {
    return publishedRoutes().then(
      (published) => new Set([...this.contentRoutes.map((r) => r.path), ...published.map((r) => r.path), BLOG_PATH, PREVIEW_PATH]),
      () => null,
    )
  }
}
