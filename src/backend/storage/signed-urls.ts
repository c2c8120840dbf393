// Signed URLs (src/http/routes/object/{getSignedURL,getSignedURLs,getSignedUploadURL}.ts): a JWT signed
// with the server's key names the object (`url` = "bucket/name") and expires; whoever holds the URL may
// read (or, for an upload URL, write once) that one object. Making one is checked as the caller: a
// download URL needs the object to be readable by them, an upload URL the upload to be allowed.
import type { JWTPayload } from 'jose'
import { ownerOf, type Caller } from './caller.ts'
import { errors } from './errors.ts'
import { findBucket, selectObject, type StorageContext } from './context.ts'
import { mustBeValidKey } from './names.ts'

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
  await ctx.db.allows(caller, async (tx) => {
    if (!upsert && (await selectObject(tx, bucketId, name))) throw errors.keyAlreadyExists()
    await tx.query(
      `insert into storage.objects (bucket_id, name, owner, owner_id) values ($1, $2, $3::uuid, $3) on conflict (bucket_id, name) do nothing`,
      [bucketId, name, ownerOf(caller)],
    )
  })
  const iat = Math.floor(Date.now() / 1000)
  const token = await ctx.keys.sign({ url: `${bucketId}/${name}`, owner: ownerOf(caller), upsert, iat, exp: iat + UPLOAD_URL_SECONDS })
  return { url: `/object/upload/sign${objectPath(bucketId, name)}?token=${token}`, token }
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
