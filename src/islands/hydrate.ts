/**
 * React's part of the island runtime, loaded only when the first island of a page is due, so a page
 * whose islands never hydrate (a phone that never scrolls to the calendar) downloads no React.
 */
import { createElement, startTransition, useEffect, type ComponentType, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'

/** Marks the island element data-hydrated once React has taken it over (tests and CSS can wait for it). */
function Hydrated({ el, children }: { el: HTMLElement; children?: ReactNode }) {
  useEffect(() => { el.dataset.hydrated = '' }, [el])
  return children
}

export function hydrateIsland(el: HTMLElement, name: string, Component: ComponentType<object>, props: object): void {
  // As a transition, hydration yields to the browser every few milliseconds instead of one long task.
  startTransition(() => {
    hydrateRoot(el, createElement(Hydrated, { el }, createElement(Component, props)), { identifierPrefix: `${name}-` })
  })
}
