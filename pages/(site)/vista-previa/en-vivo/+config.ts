import type { Config } from 'vike/types'

/**
 * The live preview beside the admin's editors: a draft as the site renders it, for staff only. `npm start`
 * renders it on request with the staff member's token (src/host/site/liveSite.ts), never ahead of time.
 * A 1 MB post's Markdown takes seconds to render, and over Vike's 30 s on a loaded machine (measured at load 16
 * to 20 on the 2 cores): its data hook may take 3 minutes before the answer is an error.
 */
export default {
  prerender: false,
  hooksTimeout: { data: { error: 180_000, warning: 30_000 } },
} satisfies Config
