/**
 * The texts of a landing page that staff may replace from the CMS's Textos tab, and how a
 * content_blocks row replaces one (docs/decisions/0042-editable-text-places.md). Each place is
 * declared once, in the page's content file, by the ids it already has: the hero is section "hero",
 * and a section's `id` makes its heading and intro editable under the keys "{id}-titulo" and
 * "{id}-intro". A text override (a content_blocks row: page, section, key) replaces that text on the
 * live page; deleting it brings back the file's text. Pure: used by the page's server hooks and, at build time, by the admin.
 */
import type { Landing } from './schema'

export interface TextPlace {
  section: string
  key: string
  /** What staff see: "Título principal", "Introducción"… */
  label: string
  /** The text in the content file ('' when the file has none, e.g. a section without intro). */
  text: string
}

/** The content_blocks `page` of a route: "home" for "/", the slug otherwise. */
export function pageKeyOf(path: string): string {
  return path === '/' ? 'home' : path.replace(/^\//, '')
}

/** The hero's places. */
export const heroPlaces = {
  title: { section: 'hero', key: 'hero-titulo' },
  subtitle: { section: 'hero', key: 'hero-subtitulo' },
} as const

/** The places of the section whose anchor id is `id`. */
export function sectionPlaces(id: string) {
  return { title: { section: id, key: `${id}-titulo` }, intro: { section: id, key: `${id}-intro` } }
}

export function textPlaces(data: Landing): TextPlace[] {
  return [
    { ...heroPlaces.title, label: 'Título principal', text: data.hero.title },
    { ...heroPlaces.subtitle, label: 'Subtítulo principal', text: data.hero.subtitle },
    ...data.sections.flatMap((s) =>
      s.id
        ? [
            { ...sectionPlaces(s.id).title, label: 'Título de la sección', text: s.title },
            { ...sectionPlaces(s.id).intro, label: 'Introducción de la sección', text: s.intro ?? '' },
          ]
        : [],
    ),
  ]
}

export interface TextBlock {
  section: string
  key: string
  content: string
}

/** The page's data with each block's text in its place; blocks that match no place change nothing. */
export function applyTextBlocks(data: Landing, blocks: readonly TextBlock[]): Landing {
  if (blocks.length === 0) return data
  const textOf = ({ section, key }: { section: string; key: string }) =>
    blocks.find((b) => b.section === section && b.key === key)?.content.trim() || undefined
  return {
    ...data,
    hero: {
      ...data.hero,
      title: textOf(heroPlaces.title) ?? data.hero.title,
      subtitle: textOf(heroPlaces.subtitle) ?? data.hero.subtitle,
    },
    sections: data.sections.map((s) =>
      s.id ? { ...s, title: textOf(sectionPlaces(s.id).title) ?? s.title, intro: textOf(sectionPlaces(s.id).intro) ?? s.intro } : s,
    ),
  }
}

/** Whether a text override has a place on the page (else the Textos tab flags it "No se muestra en la página"). */
export function hasPlace(places: readonly TextPlace[], block: Pick<TextBlock, 'section' | 'key'>): boolean {
  return places.some((p) => p.section === block.section && p.key === block.key)
}
