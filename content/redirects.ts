/**
 * Permanent redirects: old or misspelt path -> real route. Read by Vike (static redirect pages),
 * by `npm start` (a real 301) and checked against the route registry by the unit tests.
 */
export default {
  '/consultoria-ux-ui': '/consultoria-uxui',
} satisfies Record<`/${string}`, `/${string}`>
