import Bowser from 'bowser'
import { isbot } from 'isbot'

export type Device = 'móvil' | 'tableta' | 'ordenador'

/** What a page view records of a User-Agent: its device class and browser family, no version. */
export interface Agent {
  device: Device
  browser: string
}

/**
 * The User-Agent as analytics reads it, with maintained libraries (isbot's list of crawlers and link
 * previewers, bowser's parser), never a hand-written pattern: null for a bot, or no User-Agent at all.
 */
export function readAgent(userAgent: string | undefined): Agent | null {
  if (!userAgent || isbot(userAgent)) return null
  const parsed = Bowser.parse(userAgent)
  const type = parsed.platform.type
  const device: Device = type === 'mobile' ? 'móvil' : type === 'tablet' ? 'tableta' : 'ordenador'
  return { device, browser: (parsed.browser.name ?? 'Otro').slice(0, 60) }
}
