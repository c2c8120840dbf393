import { createHmac } from 'node:crypto'

/**
 * A visitor: HMAC-SHA-256 keyed by the day's random salt over (IP, User-Agent, site), the method Plausible
 * documents. The IP and the User-Agent go in and are never kept; once the day's salt is deleted (after at
 * most 48 h) no one can compute the same hash again, so yesterday's visitors cannot be re-identified.
 * 128 bits of the digest, as hex: the table's format.
 */
export function visitorHash(salt: string, ip: string, userAgent: string, site: string): string {
  return createHmac('sha256', Buffer.from(salt, 'hex')).update(`${ip}\u0000${userAgent}\u0000${site}`).digest('hex').slice(0, 32)
}
