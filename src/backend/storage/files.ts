// Where object bodies live: `<DATA_DIR>/storage/objects/<version>`, one file per object version, named by
// a random UUID (storage.objects.version), never by the object's name, so no name can reach outside the
// folder and a move is a database update. A body is written to `storage/tmp/` while it streams in (hashed
// and counted as it goes, so a 50 MB upload never sits in memory), flushed to disk, then renamed into
// place and the folder flushed: a crash or `kill -9` leaves either no file or a whole one, never half of
// one. The row that points to a version is committed only after its file is in place; a crash between the
// two leaves an unreferenced file, which the start-up sweep removes.
import { createHash, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs'
import { copyFile, mkdir, open, readFile, readdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

export class TooLarge extends Error {}

export interface WrittenFile {
  /** The temporary file, to be committed under a version or discarded. */
  temp: string
  size: number
  /** Hex MD5 of the body, as S3 (and so Supabase Storage) gives it in the ETag. */
  md5: string
}

export class FileStore {
  private constructor(private readonly root: string) {}

  static async open(dataDir: string): Promise<FileStore> {
    const root = join(dataDir, 'storage')
    await mkdir(join(root, 'objects'), { recursive: true, mode: 0o700 })
    // Bodies that were still streaming when the server stopped belong to no answered request.
    await rm(join(root, 'tmp'), { recursive: true, force: true })
    await mkdir(join(root, 'tmp'), { mode: 0o700 })
    return new FileStore(root)
  }

  /** Streams `source` into a temporary file; rejects with TooLarge as soon as it passes `limit` bytes. */
  async write(source: Readable, limit: number): Promise<WrittenFile> {
    const temp = join(this.root, 'tmp', randomUUID())
    const hash = createHash('md5')
    let size = 0
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length
        if (size > limit) return done(new TooLarge())
        hash.update(chunk)
        done(null, chunk)
      },
    })
    try {
      // flush: the data reaches the disk (fsync) before the stream reports it finished.
      await pipeline(source, meter, createWriteStream(temp, { flags: 'wx', mode: 0o600, flush: true }))
    } catch (error) {
      await rm(temp, { force: true })
      throw error
    }
    return { temp, size, md5: hash.digest('hex') }
  }

  /** Moves a written temporary file into place as `version`, durably. */
  async commit(temp: string, version: string): Promise<void> {
    await rename(temp, this.path(version))
    await syncFolder(join(this.root, 'objects'))
  }

  async discard(temp: string): Promise<void> {
    await rm(temp, { force: true })
  }

  /** A durable copy of a version's body under a new version (storage `copy`). */
  async copy(version: string, newVersion: string): Promise<void> {
    const temp = join(this.root, 'tmp', randomUUID())
    await copyFile(this.path(version), temp)
    const handle = await open(temp, 'r+')
    await handle.sync().finally(() => handle.close())
    await this.commit(temp, newVersion)
  }

  async remove(version: string | null | undefined): Promise<void> {
    if (version) await rm(this.path(version), { force: true })
  }

  read(version: string, range?: { start: number; end: number }): ReadStream {
    return createReadStream(this.path(version), range)
  }

  readAll(version: string): Promise<Buffer> {
    return readFile(this.path(version))
  }

  async exists(version: string): Promise<boolean> {
    return stat(this.path(version)).then(
      () => true,
      () => false,
    )
  }

  /** Versions on disk that no row names (left by a crash between a file's rename and its row's commit). */
  async sweep(referenced: Set<string>): Promise<number> {
    let removed = 0
    for (const name of await readdir(join(this.root, 'objects'))) {
      if (referenced.has(name)) continue
      await rm(this.path(name), { force: true })
      removed++
    }
    return removed
  }

  private path(version: string): string {
    // Versions are UUIDs this server made; anything else would be a bug, never a path to follow.
    if (!/^[0-9a-f-]{36}$/.test(version)) throw new Error(`Not an object version: ${version}`)
    return join(this.root, 'objects', version)
  }
}

async function syncFolder(path: string): Promise<void> {
  const handle = await open(path, 'r')
  await handle.sync().finally(() => handle.close())
}
