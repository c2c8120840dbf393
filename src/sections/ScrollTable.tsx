import type { ComponentProps } from 'react'

/**
 * A wide table scrolls inside its own box instead of widening a phone's page (the cookie policy's table of
 * cookies is wider than 390 px); the box can take focus so keyboard users can scroll it. Blog posts get the
 * same box from their Markdown pipeline (src/blog/markdown.server.ts).
 */
export function ScrollTable(props: ComponentProps<'table'>) {
  return (
    // The region must be focusable to be scrollable with the keyboard (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Tabla">
      <table {...props} />
    </div>
  )
}
