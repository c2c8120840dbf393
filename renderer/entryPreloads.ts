import type { Plugin } from 'vite'

/**
 * Vike injects no `<link rel="modulepreload">` on HTML-only pages (their scripts are `inject: false` in its
 * getHtmlTags), so a browser learns of the island entry's static imports (Vite's preload helper, a shared
 * constant) only once the entry itself has arrived: one more round trip before the page's script runs,
 * which Lighthouse's simulated slow 4G adds to the LCP (a service page: 1.45 s with it, 1.14–1.23 s
 * without). This plugin reads those chunks from the client bundle and hands the server build their URLs
 * as `virtual:entry-preloads`, which src/seo/EntryPreloads.tsx links. Hand-written: neither Vike nor Vite
 * has an option for it.
 */
const virtualId = 'virtual:entry-preloads'
const entrySuffix = '/renderer/+client.ts'

export function entryPreloads(): Plugin {
  let urls: string[] | undefined
  return {
    name: 'entry-preloads',
    // One instance for every environment of a build: the client build finds the list, the server build reads it.
    sharedDuringBuild: true,
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return
      const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])))
      const entry = [...chunks.values()].find((c) => c.isEntry && c.facadeModuleId?.endsWith(entrySuffix))
      const found = new Set<string>()
      const visit = (fileName: string) => {
        for (const imported of chunks.get(fileName)?.imports ?? []) {
          if (found.has(imported)) continue
          found.add(imported)
          visit(imported)
        }
      }
      if (entry) visit(entry.fileName)
      urls = [...found].map((fileName) => `/${fileName}`)
    },
    resolveId: (id) => (id === virtualId ? `\0${virtualId}` : undefined),
    load(id) {
      if (id !== `\0${virtualId}`) return undefined
      // In development every module is served on demand: there is nothing to preload.
      if (this.environment.mode === 'dev') return 'export default []'
      if (!urls) this.error(`${virtualId}: the client build has not run before the server build`)
      return `export default ${JSON.stringify(urls)}`
    },
  }
}
