/**
 * A build against a configured CMS backend reads it only when it prerenders, after bundling the whole site: an
 * unreachable one (a typo in SUPABASE_URL, a project not started) failed after a complete client and server build.
 * This Vite plugin reads the menu once when the build starts, as the prerender will, and stops the build there with
 * the same message (src/cms/backend.server.ts). With no backend configured it does nothing.
 */
import type { Plugin } from 'vite'
import { cmsClient, rows } from './backend.server.ts'

export function cmsReachable(): Plugin {
  let checked: Promise<void> | undefined
  return {
    name: 'agencia-web:cms-reachable',
    apply: 'build',
    // Once per `vike build`, whichever of its client and server builds starts first.
    buildStart() {
      checked ??= (async () => {
        const client = cmsClient()
        if (client) rows(await client.from('menu_items').select('id').limit(1), 'menú')
      })()
      return checked
    },
  }
}
