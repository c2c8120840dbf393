import { icons, type AnyIconName } from './icons'

/**
 * A decorative icon by name (./icons.ts), drawn inline: lucide's own <svg>, so a class can still change its
 * strokes (`fill-current` fills a star). Not from a sprite file: a page's <use> references to another
 * document made the browser restyle and lay out the whole page again when that file arrived, after the
 * first paint (docs/decisions/0082-icons-drawn-inline.md).
 */
export function Icon({ name, className }: { name: AnyIconName; className?: string }) {
  const Glyph = icons[name]
  return <Glyph aria-hidden="true" focusable="false" className={className} />
}
