import { buildJsonLd, serializeJsonLd, type JsonLdPage } from './jsonld'
import type { Site } from '../siteContent/schema'

/** The page's structured data as one inline JSON-LD script (data, never executed). */
export function JsonLd({ page, site }: { page: JsonLdPage; site: Site }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(buildJsonLd(page, site)) }} />
}
