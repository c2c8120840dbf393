/**
 * Browser side of the islands: hydrates every [data-island] element with the component the registry
 * names, reading its props from data-props. An island with data-island-media waits until its media
 * query matches, so a phone never downloads the desktop menu; one with data-island-when="interaction"
 * waits until it is hovered, touched or focused. Whatever the visitor does meanwhile is held and
 * replayed once the island is ready (./earlyInput.ts). Runs once per page load (public pages have no
 * client routing).
 */
import type { ComponentType } from 'react'
import { holdEarlyInput } from './earlyInput'

/** The components a page may hydrate, by name, each loaded when due (the registry: src/components/islands.ts). */
export type IslandLoaders = Record<string, () => Promise<{ default: ComponentType<never> }>>

async function hydrate(el: HTMLElement, load: IslandLoaders[string], name: string, onReady: () => void): Promise<void> {
  const [{ hydrateIsland }, { default: Component }] = await Promise.all([import('./hydrate'), load()])
  hydrateIsland(el, name, Component as React.ComponentType<object>, JSON.parse(el.dataset.props ?? '{}') as object, onReady)
}

function whenMediaMatches(query: string): Promise<void> {
  const mql = window.matchMedia(query)
  if (mql.matches) return Promise.resolve()
  return new Promise((resolve) => {
    const onChange = () => {
      if (!mql.matches) return
      mql.removeEventListener('change', onChange)
      resolve()
    }
    mql.addEventListener('change', onChange)
  })
}

/**
 * Resolves on the first sign of a visitor reaching for the island. A click counts too: one made before
 * this page's script had arrived is played back by it (renderer/pageBootstrap.ts), with no pointer or focus
 * event before it. Capturing, and registered before the island's own hold (./earlyInput.ts), so that
 * hold's stopping of the click does not hide it from here.
 */
function whenInteractedWith(el: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const events = ['pointerover', 'pointermove', 'focusin', 'touchstart', 'click'] as const
    const start = () => {
      for (const type of events) el.removeEventListener(type, start, true)
      resolve()
    }
    for (const type of events) el.addEventListener(type, start, { capture: true, passive: true })
  })
}

export async function hydrateIslands(loaders: IslandLoaders, root: ParentNode = document): Promise<void> {
  const elements = [...root.querySelectorAll<HTMLElement>('[data-island]')]
  await Promise.all(
    elements.map(async (el) => {
      const name = el.dataset.island
      const load = name !== undefined && Object.hasOwn(loaders, name) ? loaders[name] : undefined
      if (!name || !load) {
        console.error(`Isla desconocida: ${name}`)
        return
      }
      const reached = el.dataset.islandWhen === 'interaction' ? whenInteractedWith(el) : undefined
      const release = holdEarlyInput(el)
      if (el.dataset.islandMedia) await whenMediaMatches(el.dataset.islandMedia)
      await reached
      await hydrate(el, load, name, release)
    }),
  )
}
