import iconSprite from 'virtual:icon-sprite'
import type { SpriteIconName } from './icons'

/**
 * A decorative icon, drawn from the icon sprite by name (./icons.ts, renderer/iconSprite.ts): the page
 * carries a reference, not the icon's paths. Lucide's stroke attributes are set here, on the page's <svg>,
 * so a class can still change them (`fill-current` fills a star).
 */
export function Icon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className={className}
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <use href={`${iconSprite}#${name}`} />
    </svg>
  )
}
