// Signing keys and API keys of the embedded backend, made at the first start and kept in the data folder
// so tokens and the anon key stay valid across restarts. One ES256 key pair signs everything: access
// tokens, the anon key and the service-role key; its public half is published at /auth/v1/.well-known/jwks.json
// (asymmetric, with a kid, as current Supabase projects do, so auth-js can verify claims locally).
import { SignJWT, exportJWK, generateKeyPair, importJWK, jwtVerify, type JWK, type JWTPayload } from 'jose'
import { randomUUID } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

const ALG = 'ES256'
const TEN_YEARS = 10 * 365 * 24 * 3600
const VERIFIED_CACHE_SIZE = 1000

interface StoredKeys {
  privateJwk: JWK
  publicJwk: JWK
  anonKey: string
  serviceRoleKey: string
}

export class Keys {
  private constructor(
    private readonly privateKey: CryptoKey,
    private readonly publicKey: CryptoKey,
    readonly publicJwk: JWK,
    readonly anonKey: string,
    readonly serviceRoleKey: string,
  ) {}

  /** Loads `<dataDir>/keys.json`, or creates it (mode 0600: it holds the private key). */
  static async load(dataDir: string): Promise<Keys> {
    const file = join(dataDir, 'keys.json')
    const stored = await readFile(file, 'utf8').then(
      (text) => JSON.parse(text) as StoredKeys,
      () => null,
    )
    if (stored) {
      const [privateKey, publicKey] = await Promise.all([importJWK(stored.privateJwk, ALG), importJWK(stored.publicJwk, ALG)])
      return new Keys(privateKey as CryptoKey, publicKey as CryptoKey, stored.publicJwk, stored.anonKey, stored.serviceRoleKey)
    }
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true })
    const kid = randomUUID()
    const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig', key_ops: ['verify'] }
    const privateJwk: JWK = { ...(await exportJWK(privateKey)), kid, alg: ALG }
    const iat = Math.floor(Date.now() / 1000)
    const sign = (role: string) => signWith(privateKey, kid, { iss: 'supabase', ref: 'embedded', role, iat, exp: iat + TEN_YEARS })
    const keys: StoredKeys = { privateJwk, publicJwk, anonKey: await sign('anon'), serviceRoleKey: await sign('service_role') }
    await writeFile(file, JSON.stringify(keys, null, 2), { mode: 0o600 })
    return new Keys(privateKey, publicKey, publicJwk, keys.anonKey, keys.serviceRoleKey)
  }

  /** Signs `claims` as given: the caller sets iat and exp, so the token and its session agree on them. */
  sign(claims: SignedClaims): Promise<string> {
    return signWith(this.privateKey, this.publicJwk.kid ?? '', claims)
  }

  /**
   * Verifies signature and expiry; throws jose's errors (JWTExpired, JWSSignatureVerificationFailed...).
   * A client sends the same token with every request for an hour, and an ES256 check costs about as much as
   * a small query, so tokens already verified are remembered (by their exact text) until they expire.
   */
  async verify(token: string): Promise<JWTPayload> {
    const known = this.verified.get(token)
    if (known && (known.exp ?? 0) * 1000 > Date.now()) return known
    this.verified.delete(token)
    const { payload } = await jwtVerify(token, this.publicKey, { algorithms: [ALG] })
    if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!)
    this.verified.set(token, payload)
    return payload
  }

  private readonly verified = new Map<string, JWTPayload>()
}

export type SignedClaims = JWTPayload & { iat: number; exp: number }

function signWith(key: CryptoKey, kid: string, claims: SignedClaims): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: ALG, typ: 'JWT', kid }).sign(key)
}
