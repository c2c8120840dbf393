import { siFacebook, siInstagram, siTiktok, siWhatsapp } from 'simple-icons'

// simple-icons no longer ships LinkedIn's mark (trademark request), so its two-letter glyph is drawn here.
const linkedin =
  'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.75h4v11.5H3zM9.75 9.75h3.8v1.6h.06c.53-1 1.83-2.06 3.77-2.06 4.03 0 4.77 2.65 4.77 6.1v5.86h-4v-5.2c0-1.24-.02-2.84-1.73-2.84-1.74 0-2 1.35-2 2.75v5.29h-4z'

export const socialPaths = { linkedin, instagram: siInstagram.path, facebook: siFacebook.path, tiktok: siTiktok.path, whatsapp: siWhatsapp.path }
export type SocialNetwork = keyof typeof socialPaths
