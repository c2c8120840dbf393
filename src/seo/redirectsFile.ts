/**
 * The `_redirects` file a static build leaves in dist/client (docs/decisions/0068-redirects-in-the-database.md):
 * Netlify's format, which Cloudflare Pages reads too: "from to status" per line. A page that is gone (410)
 * is written as Netlify writes it, its 404 page with that status. Paths are percent-encoded so a space in
 * one cannot split its line.
 */
export interface StaticRedirect {
  source: string
  target: string | null
  status: number
}

const encoded = (path: string) => (/^https?:\/\//i.test(path) ? new URL(path).href : encodeURI(decodeURISafe(path)))

function decodeURISafe(path: string): string {
  try {
    return decodeURI(path)
  } catch {
    return path
  }
}

export function redirectsFile(redirects: StaticRedirect[]): string {
  const lines = redirects.map((r) => `${encoded(r.source)} ${r.status === 410 || !r.target ? '/404.html' : encoded(r.target)} ${r.status}`)
  return lines.length ? `${lines.join('\n')}\n` : ''
}
