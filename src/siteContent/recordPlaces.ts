/**
 * The plain-text places of a post's and a page's staff render that «Editar en la página» edits
 * (docs/decisions/0101-edit-on-the-page.md), marked as a landing page's text places are (./placeMarks.ts): a
 * post's title, a page's title and each of its heading blocks. Their other texts are Markdown or structured
 * blocks, which their forms edit.
 */
import type { PlaceRef } from './placeMarks'

export const postPlaces = { title: { section: 'entrada', key: 'titulo' } } as const satisfies Record<string, PlaceRef>

export const pagePlaces = {
  title: { section: 'pagina', key: 'titulo' },
  /** The block at `index` (from 0) of the page's content, named from 1 as the editor numbers them. */
  heading: (index: number): PlaceRef => ({ section: `bloque-${index + 1}`, key: 'texto' }),
} as const
