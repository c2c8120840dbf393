import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'

/**
 * Server side of an island: renders the component in isolation (its own React root, as the browser
 * will hydrate it, so ids from useId match) and records its name and props for ./client.ts.
 * Props must be JSON-serialisable; they travel in a data attribute, never as script. `name` is the
 * component's name in the registry the page script hydrates from (src/components/islands.ts).
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
  media,
  when = 'load',
}: {
  name: string
  component: ComponentType<P>
  props: P
  /** Hydrate only while this media query matches (the desktop menu), so phones never load it. */
  media?: string
  /**
   * "interaction": hydrate when the pointer comes over the island or focus enters it (a menu is hovered
   * or tabbed to before it is clicked), so a visit that never gets there loads no React. Input that
   * arrives before the island is ready is replayed then (./earlyInput.ts).
   */
  when?: 'load' | 'interaction'
}) {
  const element = <Component {...props} />
  // The client-rendered quality baseline (renderer/buildMode.ts) renders the whole page in the
  // browser: there an island is an ordinary part of the one React tree.
  if (!import.meta.env.SSR) return element
  const html = renderToString(element, { identifierPrefix: `${name}-` })
  return (
    <div
      data-island={name}
      data-props={JSON.stringify(props)}
      data-island-media={media}
      data-island-when={when === 'load' ? undefined : when}
      className="contents"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
