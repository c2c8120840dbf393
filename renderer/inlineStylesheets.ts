import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'
import { createStyleInliner } from '../src/server/site/inline-styles.server.ts'

/** The client-rendered shells keep their linked sheet: the admin's is large and shared by all its screens. */
const LINKED_SHELLS = ['admin/', 'auth/']

/**
 * The prerendered public pages carry their stylesheet inline, as `npm start`'s live renders do
 * (docs/decisions/0077-inline-site-stylesheet.md): whichever answers a visitor, the first paint waits for
 * no stylesheet. Runs once Vike has written them (it prerenders when the server build is written).
 */
export function inlineStylesheets(): Plugin {
  return {
    name: 'inline-stylesheets',
    apply: 'build',
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (this.environment.name !== 'ssr') return
        const clientRoot = join(this.environment.config.build.outDir, '..', 'client')
        const inline = createStyleInliner(clientRoot)
        for (const file of readdirSync(clientRoot, { recursive: true, encoding: 'utf8' })) {
          if (!file.endsWith('.html') || LINKED_SHELLS.some((shell) => file.startsWith(shell))) continue
          const path = join(clientRoot, file)
          const html = readFileSync(path, 'utf8')
          const inlined = inline(html)
          if (inlined !== html) writeFileSync(path, inlined)
        }
      },
    },
  }
}
