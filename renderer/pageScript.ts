import { fileURLToPath } from 'node:url'
import { build } from 'rolldown'
import type { Plugin } from 'vite'

/**
 * The public pages' script (docs/decisions/0084-no-script-before-the-first-paint.md): `renderer/siteScript.ts`
 * is an entry of the client build of its own (public pages have no Vike client entry, so Vike injects no
 * script into them), and `renderer/pageBootstrap.ts` is bundled apart into a classic script to inline, which
 * fetches that entry after the first paint. This plugin hands the server build all three as
 * `virtual:page-script`: the bootstrap's code, the entry's URL and the URLs of the chunks it imports (preloaded
 * with it rather than one round trip after it). Hand-written: neither Vike nor Vite has an option for a
 * script that starts after the first paint.
 */
const virtualId = 'virtual:page-script'
const entryName = 'site-script'
const entryPath = fileURLToPath(new URL('./siteScript.ts', import.meta.url))
const bootstrapPath = fileURLToPath(new URL('./pageBootstrap.ts', import.meta.url))

/** `pageBootstrap.ts` and what it imports as one minified classic script (no imports left, no exports). */
async function bundleBootstrap(): Promise<string> {
  const { output } = await build({ input: bootstrapPath, write: false, output: { format: 'iife', minify: true }, logLevel: 'warn' })
  return output[0].code.trim()
}

export function pageScript(): Plugin {
  let script: { entry: string; preloads: string[] } | undefined
  return {
    name: 'page-script',
    // One instance for every environment of a build: the client build finds the URLs, the server build reads them.
    sharedDuringBuild: true,
    configEnvironment(name) {
      return name === 'client' ? { build: { rollupOptions: { input: { [entryName]: entryPath } } } } : undefined
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return
      const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])))
      const entry = [...chunks.values()].find((c) => c.isEntry && c.facadeModuleId === entryPath)
      if (!entry) return this.error(`${entryPath} is not an entry of the client build`)
      const found = new Set<string>()
      const visit = (fileName: string) => {
        for (const imported of chunks.get(fileName)?.imports ?? []) {
          if (found.has(imported)) continue
          found.add(imported)
          visit(imported)
        }
      }
      visit(entry.fileName)
      script = { entry: `/${entry.fileName}`, preloads: [...found].map((fileName) => `/${fileName}`) }
    },
    resolveId: (id) => (id === virtualId ? `\0${virtualId}` : undefined),
    async load(id) {
      if (id !== `\0${virtualId}`) return undefined
      const bootstrap = await bundleBootstrap()
      // In development Vite serves every module on demand: the entry is its source file, nothing to preload.
      if (this.environment.mode === 'dev')
        return `export default ${JSON.stringify({ bootstrap, entry: '/renderer/siteScript.dev.ts', preloads: [] })}`
      if (!script) this.error(`${virtualId}: the client build has not run before the server build`)
      return `export default ${JSON.stringify({ bootstrap, ...script })}`
    },
  }
}
