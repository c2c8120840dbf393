/**
 * Browser side of the islands: hydrates every [data-island] element with the component the registry
 * names, reading its props from data-props. An island with data-island-media waits until its media
 * query matches, so a phone never downloads the desktop menu. Runs once per page load (public pages
 * have no client routing).
 */
import { createElement, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { islandLoaders, type IslandName } from './registry'

function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(islandLoaders, name)
}

async function hydrate(el: HTMLElement, name: IslandName): Promise<void> {
  const { default: Component } = await islandLoaders[name]()
  const props = JSON.parse(el.dataset.props ?? '{}') as object
  // As a transition, hydration yields to the browser every few milliseconds instead of one long task.
  startTransition(() => {
    hydrateRoot(el, createElement(Component as React.FunctionComponent<object>, props), { identifierPrefix: `${name}-` })
  })
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

export async function hydrateIslands(root: ParentNode = document): Promise<void> {
  const elements = [...root.querySelectorAll<HTMLElement>('[data-island]')]
  await Promise.all(elements.map(async (el) => {
    const name = el.dataset.island
    if (!isIslandName(name)) {
      console.error(`Isla desconocida: ${name}`)
      return
    }
    if (el.dataset.islandMedia) await whenMediaMatches(el.dataset.islandMedia)
    await hydrate(el, name)
  }))
}
