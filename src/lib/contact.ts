/** A wa.me chat link: the number in international digits (no "+"), with a first message already typed. */
function waMeUrl(digits: string, message: string): string {
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`
}

/** A wa.me link that opens a chat with the agency, with a first message already typed. */
export function whatsappUrl(whatsapp: { e164: string; message: string }): string {
  return waMeUrl(whatsapp.e164.replace(/^\+/, ''), whatsapp.message)
}

/**
 * A phone number as someone typed it ("612 34 56 78", "+34 612…", "0034 612…", "(+44) 20…") in international
 * digits; a nine-digit Spanish number may come without its prefix. null when it does not read as a phone
 * number (E.164: at most 15 digits). Hand-written: libphonenumber-js would bring its metadata for this one rule.
 */
export function internationalDigits(phone: string): string | null {
  const compact = phone.replace(/[\s().\-/]/g, '')
  const digits = /^\+\d+$/.test(compact)
    ? compact.slice(1)
    : /^00\d+$/.test(compact)
      ? compact.slice(2)
      : /^[6789]\d{8}$/.test(compact)
        ? `34${compact}`
        : null
  return digits && digits.length >= 8 && digits.length <= 15 ? digits : null
}

/** tel: and wa.me links to a number someone typed; null for either when it does not read as a phone number. */
export function phoneLinks(phone: string, message: string): { tel: string; whatsapp: string } | null {
  const digits = internationalDigits(phone)
  return digits ? { tel: `tel:+${digits}`, whatsapp: waMeUrl(digits, message) } : null
}
