// Signed URLs (src/http/routes/object/{getSignedURL,getSignedURLs,getSignedUploadURL}.ts): a JWT signed
// with the server's key names the object (`url` = "bucket/name") and expires; whoever holds the URL may
// read (or, for an upload URL, write once) that one object. Making one is checked as the caller: a
// download URL needs the object to be readable by them, an upload URL the upload to be allowed. Unlike
// Supabase Storage, which writes a signed upload as the service, the upload runs as its signer (whose
// claims the token carries) and the policies decide again: someone removed from the team meanwhile is
// refused at once, not for the URL's remaining two hours.
import type { JWTPayload } from 'jose'
import { API_ROLES, type ApiRole } from '../db.ts'
import { ownerOf, type Caller } from './caller.ts'
import { errors } from './errors.ts'
import { findBucket, selectObject, type StorageContext } from './context.ts'
import { mustBeValidKey } from './names.ts'
import { mayWrite } from './objects.ts'

const UPLOAD_URL_SECONDS = 2 * 3600

function expiresIn(value: unknown): number {
  const seconds = Number(value)
  if (!Number.isInteger(seconds) || seconds < 1) throw errors.invalidRequest('expiresIn must be a positive whole number of seconds')
  return seconds
}

function objectPath(bucketId: string, name: string): string {
  return `/${encodeURIComponent(bucketId)}/${name.split('/').map(encodeURIComponent).join('/')}`
}

async function signedDownload(ctx: StorageContext, caller: Caller, bucketId: string, name: string, seconds: number): Promise<string | null> {
  const row = await ctx.db.asCaller(caller, (tx) => selectObject(tx, bucketId, name))
  if (!row) return null
  const iat = Math.floor(Date.now() / 1000)
  const token = await ctx.keys.sign({ url: `${bucketId}/${name}`, iat, exp: iat + seconds })
  return `/object/sign${objectPath(bucketId, name)}?token=${token}`
}

/** POST /object/sign/{bucket}/{name} `{expiresIn}` → `{signedURL}`. */
export async function signOne(ctx: StorageContext, bucketId: string, name: string): Promise<{ signedURL: string }> {
  const seconds = expiresIn((await ctx.json()).expiresIn)
  await findBucket(ctx, bucketId)
  const signedURL = await signedDownload(ctx, await ctx.caller(), bucketId, name, seconds)
  if (!signedURL) throw errors.noSuchKey()
  return { signedURL }
}

/** POST /object/sign/{bucket} `{expiresIn, paths}` → one `{error, path, signedURL}` per path. */
export async function signMany(ctx: StorageContext, bucketId: string): Promise<unknown[]> {
  const body = await ctx.json()
  const seconds = expiresIn(body.expiresIn)
  const paths = body.paths
  if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string') || paths.length > 1000) {
    throw errors.invalidRequest('paths must be an array of at most 1000 object names')
  }
  await findBucket(ctx, bucketId)
  const caller = await ctx.caller()
  const out = []
  for (const path of paths) {
    const signedURL = await signedDownload(ctx, caller, bucketId, path, seconds)
    out.push(
      signedURL
        ? { error: null, path, signedURL }
        : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
    )
  }
  return out
}

/** POST /object/upload/sign/{bucket}/{name} → `{url, token}`: the caller must be allowed to upload there. */
export async function signUpload(ctx: StorageContext, bucketId: string, name: string): Promise<{ url: string; token: string }> {
  mustBeValidKey(name)
  await findBucket(ctx, bucketId)
  const caller = await ctx.caller()
  const upsert = ctx.api.headers['x-upsert'] === 'true'
  await mayWrite(ctx, caller, bucketId, name, ownerOf(caller), upsert)
  const iat = Math.floor(Date.now() / 1000)
  const token = await ctx.keys.sign({
    url: `${bucketId}/${name}`,
    owner: ownerOf(caller),
    upsert,
    signer: signerClaims(caller),
    iat,
    exp: iat + UPLOAD_URL_SECONDS,
  })
  return { url: `/object/upload/sign${objectPath(bucketId, name)}?token=${token}`, token }
}

/**
 * The signer's claims, kept in an upload URL's token so the upload runs as them. Nested, never at the top
 * level: a token without a top-level `role` is no API token, so the URL's token cannot be used as a bearer.
 */
function signerClaims(caller: Caller): JWTPayload {
  const { iat: _iat, exp: _exp, nbf: _nbf, ...claims } = caller.claims
  return { ...claims, role: caller.role }
}

/** Who signed an upload URL (its token's `signer`), to run the upload as; a token without one is refused. */
export function signerOf(claims: JWTPayload): Caller {
  const signer = claims.signer as JWTPayload | undefined
  const role = signer?.role as ApiRole | undefined
  if (!signer || typeof signer !== 'object' || !role || !API_ROLES.includes(role)) throw errors.invalidSignature('Invalid signature')
  return { role, claims: signer }
}

/** The verified claims of a signed URL's token, which must name exactly this object. */
export async function verifySigned(ctx: StorageContext, bucketId: string, name: string): Promise<JWTPayload> {
  const token = ctx.api.query.get('token')
  if (!token) throw errors.invalidSignature('Missing token')
  const claims = await ctx.keys.verify(token).catch((error: unknown) => {
    throw errors.invalidSignature((error as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'jwt expired' : 'Invalid signature')
  })
  if (claims.url !== `${bucketId}/${name}`) throw errors.invalidSignature('Invalid signature')
  return claims
}
