import type { IconName } from '../../site-content/schema'
import { Icon } from './Icon'
import { symbolId } from './SpriteIcon'

/**
 * The icons that islands show, drawn once into the server-rendered page as SVG symbols: an island
 * then refers to one by name (<SpriteIcon>) and ships no icon code at all.
 */
export function IconSprite({ names }: { names: IconName[] }) {
  return (
    <svg aria-hidden="true" focusable="false" width="0" height="0" className="absolute">
      <defs>
        {[...new Set(names)].map((name) => (
          <symbol key={name} id={symbolId(name)} viewBox="0 0 24 24">
            <Icon name={name} />
          </symbol>
        ))}
      </defs>
    </svg>
  )
}
