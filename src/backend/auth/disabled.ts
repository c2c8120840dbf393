// The GoTrue features this product leaves out (public sign-up, phone and SMS, OAuth providers, SSO/SAML, passkeys, web3,
// anonymous sign-in, acting as an OAuth server), each answered with the error GoTrue itself gives when the feature is turned off in
// a project's settings: the same code and the same HTTP status, so clients that branch on either react as they would against a
// hosted project with them disabled. Each names where GoTrue answers it (supabase/auth, internal/api); where GoTrue's status
// for one code differs by endpoint, so do these.
import { AuthError } from './errors.ts'

export const disabled = {
  /** signup.go, with `disable_signup`. */
  signup: () => new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance'),
  /**
   * A phone sign-up (signup.go), code (otp.go, SmsOtp) or SMS resend (resend.go): GoTrue's 400. Also a phone on an
   * account (admin create/update, PUT /user), which GoTrue would take and this product keeps none of.
   */
  phone: () => new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled'),
  /** A password sign-in with a phone (token.go): GoTrue's 422, unlike the phone answers above. */
  phoneLogin: () => new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled'),
  /** The /signup route with neither e-mail nor phone (api.go). */
  anonymous: () => new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled'),
  /** An ID token of a provider that is off (token_oidc.go); GET /authorize answers 400 too. */
  oauth: () => new AuthError(400, 'provider_disabled', 'Unsupported provider: provider is not enabled'),
  /** /sso and /sso/saml/* (middleware.go, requireSAMLEnabled). */
  sso: () => new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled'),
  /** grant_type=web3 (web3.go). */
  web3: () => new AuthError(422, 'web3_provider_disabled', 'Web3 provider is disabled'),
  /** /passkeys/* (middleware.go, requirePasskeyEnabled). */
  passkeys: () => new AuthError(404, 'passkey_disabled', 'Passkeys are disabled'),
  /** mfa.go, enrolment. */
  mfaPhone: () => new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone'),
  mfaWebauthn: () => new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn'),
  /** /oauth/* and /admin/oauth/* (middleware.go, requireOAuthServerEnabled): GoTrue's generic feature_disabled. */
  oauthServer: () => new AuthError(404, 'feature_disabled', 'OAuth server is disabled'),
  /** middleware.go, requireManualLinkingEnabled. */
  manualLinking: () => new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled'),
}
