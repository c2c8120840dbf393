import type { ComponentProps } from 'react'
import { renderToString } from 'react-dom/server'
import type { IslandComponent, IslandName } from './registry'

/**
 * Server side of an island: renders the component in isolation (its own React root, as the browser
 * will hydrate it, so ids from useId match) and records its name and props for ./client.ts.
 * Props must be JSON-serialisable; they travel in a data attribute, never as script.
 */
export function Island<N extends IslandName>({ name, component: Component, props }: {
  name: N
  component: IslandComponent<N>
  props: ComponentProps<IslandComponent<N>>
}) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the generic ties name, component and props together
  const html = renderToString(<Component {...(props as any)} />, { identifierPrefix: `${name}-` })
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="contents" dangerouslySetInnerHTML={{ __html: html }} />
  )
}
