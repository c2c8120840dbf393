// The address a request came from. Behind a reverse proxy (Caddy or nginx on the same machine, docs/deploy.md)
// every request's peer is the proxy: rate limits would then count every visitor as one, and the analytics
// visitor hash would make them one visitor. The configuration names the proxies to trust (TRUST_PROXY), and the
// client is the nearest address in X-Forwarded-For that no trusted proxy added. That walk is proxy-addr's
// (Express's), not written here; with no proxy trusted, the header is ignored (a visitor could write it).
import type { IncomingMessage } from 'node:http'
import proxyAddr from 'proxy-addr'

export type ClientAddress = (req: IncomingMessage) => string

/** `trusted`: addresses, subnets or proxy-addr's names (loopback, linklocal, uniquelocal); none by default. */
export function clientAddressFor(trusted: readonly string[] = []): ClientAddress {
  const trust = proxyAddr.compile([...trusted])
  return (req) => (req.socket.remoteAddress ? proxyAddr(req, trust) : 'unknown')
}
