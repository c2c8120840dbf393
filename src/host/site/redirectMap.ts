// The CMS's redirects (public.redirects), held in memory per CMS revision: one read when the revision moves
// (a redirect written moves it too), then a map lookup, so a path that is no page costs no query of its own
// and random 404s stay as cheap as before. A failed read leaves no redirects for that revision (the pages
// still render) and is tried again at the next one. The database refuses redirects that lead back to their
// source or out to another host; the map holds to that too, for rows written before it compared paths
// decoded: a redirect whose chain comes back to its own path is not answered (a 404, not an endless 301),
// and a Location never begins with two slashes (a browser reads `//host` as another site).
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
  const url = new URL(target, BASE)
  if (query) url.search = url.search ? `${url.search}&${query}` : `?${query}`
  // `/.//evil.example` resolves to the path `//evil.example`: one leading slash keeps it on this site.
  return absolute ? url.href : `${url.pathname.replace(/^\/+/, '/')}${url.search}${url.hash}`
}

const BASE = 'http://site.invalid'
const MAX_HOPS = 20

/** Whether following `source`'s redirect (through the others in `map`) comes back to a path already passed. */
function leadsBack(map: Map<string, CmsRedirect>, source: string): boolean {
  const passed = new Set([source])
  let target = map.get(source)?.target
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    if (!target || /^https?:\/\//i.test(target)) return false
    // The path the browser asks for next, in the form the map compares.
    const next = redirectKey(new URL(target, BASE).pathname.replace(/^\/+/, '/'))
    if (passed.has(next)) return true
    passed.add(next)
    const onward = map.get(next)
    target = onward && onward.status !== 410 ? onward.target : null
  }
  return true
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
      (redirects) => {
        const map = new Map(redirects.map((r) => [redirectKey(r.source), r]))
        for (const source of [...map.keys()].filter((key) => leadsBack(map, key))) map.delete(source)
        return map
      },
      (error: unknown) => {
        this.onError(error)
        return new Map()
      },
    )
  }
}
