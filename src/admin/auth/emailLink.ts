/**
 * What an e-mailed link left in the URL fragment when GET /auth/v1/verify redirected here: the link's type
 * (recovery or invite) with the session, or GoTrue's error. Read before supabase-js consumes and clears it.
 */
export interface EmailLink {
  type: string | null
  error: string | null
}

export function readEmailLink(hash: string): EmailLink {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  return { type: params.get('type'), error: params.get('error_code') ?? params.get('error') }
}
