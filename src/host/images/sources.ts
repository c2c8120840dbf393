// Where an upload's original comes from: `media/<name>` is an object of the public `media` bucket — read from
// this server's own storage, or, with a hosted project, fetched from its public URL. Each comes with a
// version (its ETag) that names the cached variants made from it, and its public URL.
import { mediaPath } from '../../lib/imageVariants.ts'
import type { StorageService } from '../../backend/storage/service.ts'

export interface Original {
  version: string
  /** The original's public URL (what a request gets while the encoder is too busy). */
  url: string
  read(): Promise<Buffer>
}

export type OriginalReader = (source: string) => Promise<Original | null>

export interface SourceOptions {
  /** This server's storage (embedded backend)… */
  storage?: StorageService
  /** …or a hosted project's URL, whose public bucket is read over HTTP. */
  hostedUrl?: string
}

const HOSTED_VERSION_SECONDS = 60

export function originalReader(options: SourceOptions): OriginalReader {
  const hostedVersions = new Map<string, { version: string | null; checkedAt: number }>()

  async function hostedMedia(name: string): Promise<Original | null> {
    const url = `${options.hostedUrl!.replace(/\/+$/, '')}${mediaPath(name)}`
    // A HEAD per request would put the project's latency on every image: its ETag is re-read once a minute.
    let known = hostedVersions.get(name)
    if (!known || Date.now() - known.checkedAt > HOSTED_VERSION_SECONDS * 1000) {
      const head = await fetch(url, { method: 'HEAD' }).catch(() => null)
      known = { version: head?.ok ? (head.headers.get('etag') ?? head.headers.get('last-modified')) : null, checkedAt: Date.now() }
      hostedVersions.set(name, known)
    }
    if (!known.version) return null
    return {
      version: known.version,
      url,
      read: async () => {
        const response = await fetch(url)
        if (!response.ok) throw new Error(`The original ${name} answered ${response.status}`)
        return Buffer.from(await response.arrayBuffer())
      },
    }
  }

  return async (source) => {
    if (!source.startsWith('media/')) return null
    const name = source.slice('media/'.length)
    if (options.storage) {
      const object = await options.storage.publicObject('media', name)
      return object && { ...object, url: mediaPath(name) }
    }
    return options.hostedUrl ? hostedMedia(name) : null
  }
}
