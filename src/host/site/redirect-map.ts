// The CMS's redirects (public.redirects), held in memory per CMS revision: one read when the revision moves
// (a redirect written moves it too), then a map lookup, so a path that is no page costs no query of its own
// and random 404s stay as cheap as before. A failed read leaves no redirects for that revision (the pages
// still render) and is tried again at the next one.
import type { CmsRedirect } from '../../cms/redirects.server.ts'

export type RedirectAnswer = { status: 301 | 302; location: string } | { status: 410 }

/** The form a path is compared in: percent-decoded where it decodes, no trailing slash. */
export function redirectKey(pathname: string): string {
  let decoded = pathname
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    // A malformed escape is kept as sent: it can only match a source written the same way.
  }
  return decoded.length > 1 ? decoded.replace(/\/+$/, '') || '/' : decoded
}

/** Where to send the visitor: the target, with the request's query string added to its own. */
export function redirectLocation(target: string, query: string): string {
  const absolute = /^https?:\/\//i.test(target)
  const url = new URL(target, 'http://site.invalid')
  if (query) url.search = url.search ? `${url.search}&${query}` : `?${query}`
  return absolute ? url.href : `${url.pathname}${url.search}${url.hash}`
}

export class RedirectMap {
  private known: { revision: string; map: Promise<Map<string, CmsRedirect>> } | undefined

  constructor(
    private readonly read: () => Promise<CmsRedirect[]>,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async find(pathname: string, query: string, revision: string): Promise<RedirectAnswer | undefined> {
    if (this.known?.revision !== revision) this.known = { revision, map: this.load() }
    const redirect = (await this.known.map).get(redirectKey(pathname))
    if (!redirect) return undefined
    if (redirect.status === 410 || !redirect.target) return { status: 410 }
    return { status: redirect.status === 302 ? 302 : 301, location: redirectLocation(redirect.target, query) }
  }

  private load(): Promise<Map<string, CmsRedirect>> {
    return this.read().then(
      (redirects) => new Map(redirects.map((r) => [redirectKey(r.source), r])),
      (error: unknown) => {
        this.onError(error)
        return new Map()
      },
    )
  }
}
