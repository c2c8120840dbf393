/**
 * React's part of the island runtime, loaded only when the first island of a page is due, so a page
 * whose islands never hydrate (a phone never shows the desktop menu) downloads no React.
 */
import { createElement, startTransition, useEffect, type ComponentType, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'

/**
 * Marks the island element data-hydrated once React has taken it over (tests and CSS can wait for it)
 * and then calls onReady, which replays the input that arrived before (./earlyInput.ts).
 */
function Hydrated({ el, onReady, children }: { el: HTMLElement; onReady: () => void; children?: ReactNode }) {
  useEffect(() => {
    el.dataset.hydrated = ''
    onReady()
  }, [el, onReady])
  return children
}

export function hydrateIsland(el: HTMLElement, name: string, Component: ComponentType<object>, props: object, onReady: () => void): void {
  // As a transition, hydration yields to the browser every few milliseconds instead of one long task.
  startTransition(() => {
    hydrateRoot(el, createElement(Hydrated, { el, onReady }, createElement(Component, props)), { identifierPrefix: `${name}-` })
  })
}
