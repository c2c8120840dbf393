import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'

/** What a search result and a shared link show, read from the head the site rendered for the draft. */
export interface PreviewHead {
  title: string
  description: string
  url: string
  ogTitle: string
  ogDescription: string
  ogImage: string
}

export function headOf(doc: Document): PreviewHead {
  const meta = (selector: string) => doc.querySelector(`meta[${selector}]`)?.getAttribute('content') ?? ''
  return {
    title: doc.title,
    description: meta('name="description"'),
    url: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '',
    ogTitle: meta('property="og:title"'),
    ogDescription: meta('property="og:description"'),
    ogImage: sameSite(meta('property="og:image"'), doc),
  }
}

/** The head's absolute URLs name the configured site (SITE_URL); an image on it is shown from this server. */
function sameSite(url: string, doc: Document): string {
  try {
    const image = new URL(url)
    const canonical = new URL(doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '')
    return image.origin === canonical.origin ? `${image.pathname}${image.search}` : url
  } catch {
    return url
  }
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

/** The card a social network shows for a shared link (og:title, og:description, og:image), as a large-image card. */
export function SocialCard({ head }: { head: PreviewHead }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Al compartir en redes</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
          {head.ogImage && <img src={head.ogImage} alt="" className="aspect-[1.91/1] w-full bg-slate-100 object-cover" />}
          <div className="border-t border-slate-200 p-3">
            <p className="truncate text-xs uppercase text-slate-600">{hostOf(head.url)}</p>
            <p className="mt-1 line-clamp-2 font-semibold text-slate-900">{head.ogTitle || head.title}</p>
            <p className="mt-1 line-clamp-2 text-sm text-slate-700">{head.ogDescription || head.description}</p>
          </div>
        </div>
      </CardContent>
    </Card>
  )
}
