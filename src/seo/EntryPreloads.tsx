import urls from 'virtual:entry-preloads'

/** The island entry's static imports, fetched alongside it rather than after it (renderer/entryPreloads.ts). */
export function EntryPreloads() {
  return urls.map((href) => <link key={href} rel="modulepreload" href={href} />)
}
