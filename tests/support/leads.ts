// What tests build leads from.

/** A lead that came with no referrer and no campaign (utm_*) parameters: the columns as the database stores them. */
export const NO_ATTRIBUTION = {
  referrer: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_term: null,
  utm_content: null,
} as const
