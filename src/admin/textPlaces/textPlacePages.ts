import { pageKeyOf, textPlaces, type TextPlace } from '../../siteContent/places'
import type { Landing } from '../../siteContent/schema'

/**
 * A page the Textos tab offers, with every text place its content file declares. Derived at build
 * time from the route registry (pages/admin/+data.ts), so the list is the site's landing pages, never a
 * hand-kept one; the home page comes first and is the default.
 */
export interface TextPlacePage {
  /** content_blocks.page: "home", "shopify"… */
  key: string
  path: string
  label: string
  places: TextPlace[]
}

export function textPlacePagesOf(landings: { path: string; data: Landing }[]): TextPlacePage[] {
  return landings
    .map(({ path, data }) => ({ key: pageKeyOf(path), path, label: path === '/' ? 'Página Principal' : data.name, places: textPlaces(data) }))
    .sort((a, b) => (a.path === '/' ? -1 : b.path === '/' ? 1 : a.label.localeCompare(b.label, 'es')))
}
