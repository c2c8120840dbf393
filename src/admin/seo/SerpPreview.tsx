import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'

/** "www.example.com › consultoria-uxui", as a results page shows an address. */
function breadcrumb(url: string): string {
  try {
    const { host, pathname } = new URL(url)
    return [host, ...pathname.split('/').filter(Boolean)].join(' › ')
  } catch {
    return url
  }
}

interface SerpPreviewProps {
  title: string
  description: string
  url: string
  noindex: boolean
}

/**
 * How the page could look in a search result (as Yoast and Payload's SEO plugin show it), from the head the
 * site would serve: empty fields fall back to the page's own title and description (./liveHead.ts).
 */
export function SerpPreview({ title, description, url, noindex }: SerpPreviewProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Vista previa en Google</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="rounded-lg border border-slate-200 bg-white p-4 font-[Arial,sans-serif]">
          <p className="truncate text-xs text-slate-700">{breadcrumb(url)}</p>
          <p className="mt-1 line-clamp-2 text-lg leading-snug text-[#1a0dab]">{title}</p>
          <p className="mt-1 line-clamp-3 text-sm leading-normal text-slate-700">{description}</p>
        </div>
        {noindex && <p className="mt-3 text-sm font-medium text-amber-800">Con «No indexar» activado, esta página no aparecerá en los buscadores.</p>}
        <p className="mt-3 text-xs text-slate-600">Los campos vacíos usan el título y la descripción propios de la página.</p>
      </CardContent>
    </Card>
  )
}
