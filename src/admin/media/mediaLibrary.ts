import type { SupabaseClient } from '@supabase/supabase-js'
import slugify from '@sindresorhus/slugify'
import type { Database } from '../../lib/database.types'
import { variantUrl } from '../../lib/imageVariants'

/** The public bucket staff upload images to (supabase/migrations/…_media_bucket.sql). */
export const MEDIA_BUCKET = 'media'
const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif']
export const ACCEPT_ATTRIBUTE = ACCEPTED.join(',')

export interface MediaItem {
  name: string
  /** The URL content stores (the public object URL; the site serves it as responsive variants). */
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
    .map((o) => {
      const url = supabase.storage.from(MEDIA_BUCKET).getPublicUrl(o.name).data.publicUrl
      return {
        name: o.name,
        url,
        thumbnail: variantUrl(`media/${o.name}`, 'card', 400, 'webp'),
        size: Number((o.metadata as { size?: number } | null)?.size ?? 0),
        createdAt: o.created_at ?? '',
        alt: altOf.get(o.name) ?? '',
      }
    })
}

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
  if (file.size > maxBytes) return `Supera el límite de ${Math.round(maxBytes / 1024 / 1024)} MB.`
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
  if (status === 413 || code === '413') return 'Supera el límite de 10 MB.'
  if (status === 415 || code === '415') return 'El contenido no es una imagen JPEG, PNG, WebP, AVIF o GIF.'
  if (status === 409 || code === '409') return 'Ya existe una imagen con ese nombre.'
  if (status === 403 || status === 401 || code === '403') return 'Tu cuenta no tiene permiso para subir imágenes.'
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
  // The anon key every request carries; supabase-js keeps it in a protected field and has no upload with progress.
  const apiKey = (supabase as unknown as { supabaseKey: string }).supabaseKey
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
 * The posts and pages that show an image, by title: posts whose cover or body has its object name, pages
 * whose blocks have it. Names are lowercase ASCII words with a unique suffix (objectName), so a match is the
 * image and nothing else.
 */
export async function usesOf(supabase: Client, name: string): Promise<string[]> {
  const [posts, pages] = await Promise.all([
    supabase.from('blog_posts').select('title').or(`featured_image.ilike.*${name}*,content.ilike.*${name}*`),
    supabase.from('pages').select('title, content'),
  ])
  if (posts.error) throw new Error(posts.error.message)
  if (pages.error) throw new Error(pages.error.message)
  return [
    ...posts.data.map((p) => `la entrada «${p.title}»`),
    ...pages.data.filter((p) => JSON.stringify(p.content).includes(name)).map((p) => `la página «${p.title}»`),
  ]
}
