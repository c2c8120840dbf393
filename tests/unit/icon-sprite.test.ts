import { renderToStaticMarkup } from 'react-dom/server'
import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { spriteSvg } from '../../renderer/iconSprite'
import { socialPaths } from '../../src/components/layout/socialPaths'
import { Icon } from '../../src/components/ui/Icon'
import { spriteIcons } from '../../src/components/ui/icons'

const symbols = (svg: string) => new Map([...svg.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">(.*?)<\/symbol>/g)].map((m) => [m[1]!, m[2]!]))

describe('the icon sprite', () => {
  it('draws every icon a page can name, and every social mark, each once', () => {
    const drawn = symbols(spriteSvg())
    for (const name of Object.keys(spriteIcons)) expect(drawn.get(name), name).toMatch(/<(path|circle|rect|line|polyline|polygon)\b/)
    for (const network of Object.keys(socialPaths)) expect(drawn.get(`social-${network}`)).toContain('<path d=')
    expect(drawn.size).toBe(Object.keys(spriteIcons).length + Object.keys(socialPaths).length)
  })

  it('is what a page’s <Icon> refers to: a decorative svg using the named symbol, with lucide’s strokes', () => {
    const html = renderToStaticMarkup(createElement(Icon, { name: 'shopping-cart', className: 'size-4' }))
    expect(html).toMatch(
      /^<svg aria-hidden="true" focusable="false" class="size-4"[^>]* stroke="currentColor" stroke-width="2"[^>]*><use href="[^"#]*#shopping-cart"><\/use><\/svg>$/,
    )
  })
})
