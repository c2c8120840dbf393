// What the page script may report to the site's own analytics endpoint (docs/decisions/0091-cookie-free-analytics.md).
// Shared by the beacon (src/behaviors/beacon.ts, which must stay tiny: constants and a type only here) and
// the server that checks and stores each one (src/host/analytics/).

/** Where beacons go: the site's own origin, never a third party. */
export const BEACON_PATH = '/api/analitica'

/** The events a browser reports. A lead sent is recorded by the server when it stores the lead ('lead'). */
export const BEACON_KINDS = ['pageview', 'form_seen', 'form_started', 'email_click', 'phone_click', 'whatsapp_click', 'booking_opened'] as const
export type BeaconKind = (typeof BEACON_KINDS)[number]
export type EventKind = BeaconKind | 'lead'

/** A beacon's body: the kind, the page's path, and for a page view its referrer and query string. */
export interface Beacon {
  k: BeaconKind
  p: string
  r?: string
  q?: string
}

/** The largest beacon body taken, in bytes: a path, a referrer and a query string of ordinary length fit. */
export const MAX_BEACON_BYTES = 2048
