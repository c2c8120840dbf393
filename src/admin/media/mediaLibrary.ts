import type { SupabaseClient } from '@supabase/supabase-js'
import slugify from '@sindresorhus/slugify'
import type { Database } from '../../lib/database.types'
import { mediaPath, variantUrl } from '../../lib/imageVariants'
import type { RecordKind } from '../recordLinks'

/** The public bucket staff upload images to (supabase/migrations/…_media_bucket.sql). */
export const MEDIA_BUCKET = 'media'
const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif']
export const ACCEPT_ATTRIBUTE = ACCEPTED.join(',')
/** The bucket's file_size_limit (the server refuses more whatever the browser says). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** A size limit as staff read it: «10 MB». */
export const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`

export interface MediaItem {
  name: string
  /** What content stores: the object's public path without an origin (decision 0063); the site serves variants of it. */
  url: string
  /** A small WebP variant for the admin's grid. */
  thumbnail: string
  size: number
  createdAt: string
  /** Empty until staff write it; an image without it cannot be picked for content. */
  alt: string
}

type Client = SupabaseClient<Database>

export async function listMedia(supabase: Client): Promise<MediaItem[]> {
  const [objects, alts] = await Promise.all([
    supabase.storage.from(MEDIA_BUCKET).list('', { limit: 1000, sortBy: { column: 'created_at', order: 'desc' } }),
    supabase.from('media_alt_text').select('name, alt'),
  ])
  if (objects.error) throw new Error(objects.error.message)
  if (alts.error) throw new Error(alts.error.message)
  const altOf = new Map(alts.data.map((row) => [row.name, row.alt]))
  return objects.data
    .filter((o) => o.id !== null) // folders have no id
    .map((o) => ({
      name: o.name,
      url: mediaPath(o.name),
      thumbnail: variantUrl(`media/${o.name}`, 'card', 400, 'webp'),
      size: Number((o.metadata as { size?: number } | null)?.size ?? 0),
      createdAt: o.created_at ?? '',
      alt: altOf.get(o.name) ?? '',
    }))
}

/** What a form gets when staff choose or upload an image: its path and its alt text (never empty). */
export type MediaChoice = Pick<MediaItem, 'url' | 'alt'>

export async function saveAlt(supabase: Client, name: string, alt: string): Promise<void> {
  const { error } = await supabase.from('media_alt_text').upsert({ name, alt: alt.trim(), updated_at: new Date().toISOString() })
  if (error) throw new Error(error.message)
}

export async function deleteMedia(supabase: Client, name: string): Promise<void> {
  const { error } = await supabase.storage.from(MEDIA_BUCKET).remove([name])
  if (error) throw new Error(error.message)
  const alt = await supabase.from('media_alt_text').delete().eq('name', name)
  if (alt.error) throw new Error(alt.error.message)
}

/** An object name from a file's name: lowercase ASCII words, a short unique suffix (two «foto.jpg» never collide). */
export function objectName(fileName: string, type: string): string {
  const dot = fileName.lastIndexOf('.')
  const base = slugify(dot > 0 ? fileName.slice(0, dot) : fileName) || 'imagen'
  const extension = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'avif', 'image/gif': 'gif' }[type] ?? 'bin'
  return `${base.slice(0, 80)}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}.${extension}`
}

/** A problem the browser can see before sending (the server checks the content again). */
export function localProblem(file: File, maxBytes: number): string | null {
  if (file.size === 0) return 'El archivo está vacío.'
  if (!ACCEPTED.includes(file.type)) return 'Solo se admiten imágenes JPEG, PNG, WebP, AVIF o GIF.'
  if (file.size > maxBytes) return `Supera el límite de ${megabytes(maxBytes)}.`
  return null
}

/** The Spanish text for a refused upload, from Storage's error body. */
export function uploadProblem(status: number, body: string): string {
  let code: string | undefined
  try {
    code = String((JSON.parse(body) as { statusCode?: string }).statusCode ?? '')
  } catch {
    code = undefined
  }
  if (status === 413 || code === '413') return `Supera el límite de ${megabytes(MAX_UPLOAD_BYTES)}.`
  if (status === 415 || code === '415') return 'El contenido no es una imagen JPEG, PNG, WebP, AVIF o GIF.'
  if (status === 409 || code === '409') return 'Ya existe una imagen con ese nombre.'
  if (status === 403 || status === 401 || code === '403') return 'Tu cuenta no tiene permiso para subir imágenes.'
  // The server's disk is full (src/backend/storage/errors.ts): retrying will not help until space is freed.
  if (status === 507 || code === '507')
    return 'El servidor se ha quedado sin espacio en disco y la imagen no se ha guardado. Avisa a quien administra el servidor.'
  if (status === 400) return 'El archivo no es una imagen válida.'
  return 'No se pudo subir la imagen. Inténtalo de nuevo.'
}

/**
 * Uploads one file to Storage's upload endpoint (POST /object/<bucket>/<name>, as storage-js does) with
 * XMLHttpRequest, because fetch reports no upload progress. Resolves with the object name.
 */
export async function uploadWithProgress(supabase: Client, file: File, onProgress: (fraction: number) => void): Promise<string> {
  const name = objectName(file.name, file.type)
  const { data } = await supabase.auth.getSession()
  // getPublicUrl builds <storage>/object/public/<bucket>/<name>: the same storage URL the upload goes to.
  const publicUrl = supabase.storage.from(MEDIA_BUCKET).getPublicUrl(name).data.publicUrl
  const uploadUrl = publicUrl.replace('/object/public/', '/object/')
  const apiKey = clientKey(supabase)
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', uploadUrl)
    xhr.setRequestHeader('Authorization', `Bearer ${data.session?.access_token ?? apiKey}`)
    xhr.setRequestHeader('apikey', apiKey)
    xhr.setRequestHeader('Content-Type', file.type)
    xhr.setRequestHeader('x-upsert', 'false')
    xhr.setRequestHeader('cache-control', 'max-age=3600')
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => (xhr.status < 300 ? resolve(name) : reject(new Error(uploadProblem(xhr.status, xhr.responseText))))
    xhr.onerror = () => reject(new Error('Sin conexión con el servidor. Inténtalo de nuevo.'))
    xhr.send(file)
  })
}

/**
 * The key the client was created with, which every request to the backend carries as `apikey`. The one cast of
 * this file, and it must stay: supabase-js keeps the key in a protected field (`supabaseKey`) and adds it to
 * each request only inside its own fetch, so no public property holds it, and its storage client's upload
 * reports no progress, which is why this request is made by hand. The alternatives are worse: a signed upload
 * URL is a second request to another endpoint, and reading the key again from the build or /backend.json is a
 * second source for what the client already has. Checked, so a supabase-js that renames the field fails here
 * rather than sending «undefined».
 */
function clientKey(supabase: Client): string {
  const key = (supabase as unknown as { supabaseKey?: unknown }).supabaseKey
  if (typeof key !== 'string' || !key) throw new Error('supabase-js no expone la clave del cliente (supabaseKey)')
  return key
}

export interface MediaUse {
  kind: RecordKind
  id: string
  title: string
}

/**
 * The posts and pages that show each image (by object name; an unused image is absent), from the database's
 * `media_uses` view; `name` narrows it to one image. The Medios tab lists them under each image, and deleting
 * one warns with them.
 */
export async function usesOf(supabase: Client, name?: string): Promise<Map<string, MediaUse[]>> {
  let query = supabase.from('media_uses').select('name, kind, id, title').order('title')
  if (name !== undefined) query = query.eq('name', name)
  const { data, error } = await query
  if (error) throw new Error(error.message)
  const uses = new Map<string, MediaUse[]>()
  for (const row of data) {
    if (!row.name || !row.id || (row.kind !== 'post' && row.kind !== 'page')) continue
    uses.set(row.name, [...(uses.get(row.name) ?? []), { kind: row.kind, id: row.id, title: row.title ?? '' }])
  }
  return uses
}

/** «la entrada «X», la página «Y»»: the uses in a sentence. */
export function describeUses(uses: MediaUse[]): string {
  return uses.map((use) => `${use.kind === 'post' ? 'la entrada' : 'la página'} «${use.title}»`).join(', ')
}
