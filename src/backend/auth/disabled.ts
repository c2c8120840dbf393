// The GoTrue features this product leaves out (public sign-up, phone and SMS, OAuth providers, SSO/SAML, passkeys, web3,
// anonymous sign-in, acting as an OAuth server), each answered with the error GoTrue itself gives when the feature is turned off in
// a project's settings, so clients react as they would against a hosted project with them disabled.
import { AuthError } from './errors.ts'

export const disabled = {
  signup: () => new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance'),
  phone: () => new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled'),
  anonymous: () => new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled'),
  oauth: () => new AuthError(400, 'provider_disabled', 'Unsupported provider: provider is not enabled'),
  sso: () => new AuthError(400, 'saml_provider_disabled', 'SAML 2.0 is disabled'),
  web3: () => new AuthError(400, 'web3_provider_disabled', 'Web3 provider is disabled'),
  passkeys: () => new AuthError(400, 'passkey_disabled', 'Passkeys are disabled'),
  mfaPhone: () => new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone'),
  mfaWebauthn: () => new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn'),
  oauthServer: () => new AuthError(404, 'oauth_server_disabled', 'OAuth server is disabled'),
  manualLinking: () => new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled'),
}
