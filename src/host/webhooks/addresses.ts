// Where a webhook may go (docs/decisions/0095-signed-webhooks-from-a-queue.md): a public unicast address only.
// Loopback, private, link-local (the cloud metadata service, 169.254.169.254), carrier-grade NAT, unique-local,
// multicast, reserved and unspecified addresses are refused, as classified by ipaddr.js (a well-kept table of
// the IANA ranges, not a hand-written list). The same rule is applied when an endpoint is saved (every address
// its name resolves to) and when it is called (the address the socket connects to, through `guardedLookup`), so a
// name that resolves elsewhere later (DNS rebinding) is still refused.
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'
import { formRefusal, URL_REFUSALS as REFUSALS } from '../../lib/webhookUrl.ts'

export { formRefusal, REFUSALS }

export class RefusedAddress extends Error {
  constructor(readonly reason: string) {
    super(reason)
    this.name = 'RefusedAddress'
  }
}

/** Whether a webhook may be sent to this IP address; loopback too when `allowLoopback` (tests only). */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  if (!ipaddr.isValid(address)) return false
  // An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it is.
  const range = ipaddr.process(address).range()
  return range === 'unicast' || (allowLoopback && range === 'loopback')
}

/** Why this URL may not receive webhooks (its form, or any address its name resolves to), or null. */
export async function urlRefusal(url: string, allowLoopback: boolean): Promise<string | null> {
  const form = formRefusal(url, allowLoopback)
  if (form) return form
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  if (isIP(host)) return isAllowedAddress(host, allowLoopback) ? null : REFUSALS.private
  const addresses = await new Promise<LookupAddress[] | null>((resolve) =>
    dnsLookup(host, { all: true }, (error, found) => resolve(error ? null : found)),
  )
  if (!addresses?.length) return REFUSALS.unresolved
  return addresses.every((a) => isAllowedAddress(a.address, allowLoopback)) ? null : REFUSALS.private
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/**
 * A `lookup` for http(s).request: resolves as usual, then refuses the connection when an address is not allowed,
 * so what is checked is what the socket connects to. (Node does not call it for an IP literal: the caller checks
 * those with isAllowedAddress first.)
 */
export function guardedLookup(allowLoopback: boolean) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, [])
      const refused = found.find((a) => !isAllowedAddress(a.address, allowLoopback))
      if (refused || !found.length) return callback(new RefusedAddress(REFUSALS.private), [])
      if (options.all) return callback(null, found)
      callback(null, found[0]!.address, found[0]!.family)
    })
  }
}
