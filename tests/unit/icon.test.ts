// Icons are drawn inline (src/components/ui/Icon.tsx, docs/decisions/0082-icons-drawn-inline.md): a page
// refers to no other document for them, and each is decorative.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { SocialIcon } from '../../src/components/layout/SocialIcon'
import { socialPaths, type SocialNetwork } from '../../src/components/layout/socialPaths'
import { Icon } from '../../src/components/ui/Icon'
import { icons, type AnyIconName } from '../../src/components/ui/icons'

describe('icons', () => {
  it('every named icon is a decorative svg with its shapes inline, with lucide’s strokes and the given class', () => {
    for (const name of Object.keys(icons) as AnyIconName[]) {
      const html = renderToStaticMarkup(createElement(Icon, { name, className: 'size-4' }))
      expect(html, name).toMatch(/^<svg [^>]*stroke="currentColor"[^>]*>.*<\/svg>$/)
      expect(html, name).toMatch(/<(path|circle|rect|line|polyline|polygon)\b/)
      expect(html, name).toContain('aria-hidden="true"')
      expect(html, name).toMatch(/class="[^"]*\bsize-4\b/)
      expect(html, name).not.toContain('<use')
    }
  })

  it('every social mark is a decorative svg drawing its network’s path', () => {
    for (const network of Object.keys(socialPaths) as SocialNetwork[]) {
      const html = renderToStaticMarkup(createElement(SocialIcon, { network, className: 'size-5' }))
      expect(html).toBe(
        `<svg viewBox="0 0 24 24" class="size-5" fill="currentColor" aria-hidden="true" focusable="false"><path d="${socialPaths[network]}"></path></svg>`,
      )
    }
  })
})
