/**
 * How a render for staff marks the elements that show a text place (./places.ts): the live preview beside
 * the admin's editors and «Editar en la página» render the page with `marksPlaces` set, and then each
 * element that renders a place carries `data-place="{section}/{key}"`. A visitor's page is rendered without
 * it and carries no mark: its bytes do not change (docs/decisions/0100-live-preview.md).
 *
 * Pure and free of React, so the admin and a page's edit-mode script can read the marks without it.
 */
import type { TextBlock } from './places'

/** The attribute that marks an element rendering a text place. */
export const PLACE_ATTRIBUTE = 'data-place'

/** A text place by its row's coordinates (content_blocks: section, key). */
export type PlaceRef = Pick<TextBlock, 'section' | 'key'>

/** The mark's value: section ids and keys are [a-z0-9-], so a slash cannot occur inside either. */
export function placeId(place: PlaceRef): string {
  return `${place.section}/${place.key}`
}

/** The place a mark names, or null for a value no place has. */
export function parsePlaceId(id: string): PlaceRef | null {
  const match = /^([a-z0-9-]+)\/([a-z0-9-]+)$/.exec(id)
  return match ? { section: match[1]!, key: match[2]! } : null
}

/** A CSS selector for the elements marked with `place`, or with any place when none is given. */
export function placeSelector(place?: PlaceRef): string {
  return place ? `[${PLACE_ATTRIBUTE}="${placeId(place)}"]` : `[${PLACE_ATTRIBUTE}]`
}

/** The place of the nearest marked element at or above `element`, or null when it is in none. */
export function placeOf(element: Element | null): PlaceRef | null {
  const marked = element?.closest(placeSelector())
  return marked ? parsePlaceId(marked.getAttribute(PLACE_ATTRIBUTE) ?? '') : null
}
