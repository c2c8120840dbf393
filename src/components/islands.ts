/**
 * The registry of islands: the only React components a public page hydrates (phones hydrate none of them). Each entry loads its
 * component lazily, so a page downloads only the islands it has. Names are the contract between
 * the server (<Island>) and the browser (./client.ts).
 */
export const islandLoaders = {
  DesktopNav: () => import('../components/layout/DesktopNav'),
}
export type IslandName = keyof typeof islandLoaders
export type IslandComponent<N extends IslandName> = Awaited<ReturnType<(typeof islandLoaders)[N]>>['default']
