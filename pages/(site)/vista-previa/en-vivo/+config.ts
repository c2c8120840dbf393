import type { Config } from 'vike/types'

/**
 * The live preview beside the admin's editors: a draft as the site renders it, for staff only. `npm start`
 * renders it on request with the staff member's token (src/host/site/liveSite.ts), never ahead of time.
 */
export default {
  prerender: false,
} satisfies Config
