import type { Site } from '../content/schema'

/** A wa.me link that opens a chat with the agency, with a first message already typed. */
export function whatsappUrl(whatsapp: Site['whatsapp']): string {
  return `https://wa.me/${whatsapp.e164.replace(/^\+/, '')}?text=${encodeURIComponent(whatsapp.message)}`
}
