/**
 * The registry of islands: the only React components a public page hydrates (phones hydrate none of them). Each entry loads its
 * component lazily, so a page downloads only the islands it has. Names are the contract between
 * the server (<Island> from src/islands/Island.tsx) and the browser (src/islands/client.ts, which the page
 * script, renderer/siteScript.ts, hands these loaders).
 */
export const islandLoaders = {
  DesktopNav: () => import('./layout/DesktopNav'),
}
export type IslandName = keyof typeof islandLoaders
