import type { IconName } from '../../site-content/schema'

export const symbolId = (name: IconName) => `icon-${name}`

/** An icon drawn by reference to the page's <IconSprite>: no icon code travels with the island. */
export function SpriteIcon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" className={className}>
      <use href={`#${symbolId(name)}`} />
    </svg>
  )
}
