import type { Config } from 'vike/types'

/**
 * A post as the site will render it, drafts included, for staff only: `npm start` renders it on request
 * with the staff member's token (src/host/site/preview.ts), never ahead of time.
 */
export default {
  prerender: false,
} satisfies Config
