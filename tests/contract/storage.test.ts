// The `media` bucket through supabase-js storage, against the embedded backend (or a hosted project with
// the migrations): who may upload, list, replace, move and delete (row-level security on storage.objects),
// and what the bucket refuses — too large, not an allowed image by its content, bad names — each answered
// in Storage's error shape with the real status in `statusCode`.
import type { StorageError } from '@supabase/storage-js'
import type { SupabaseClient } from '@supabase/supabase-js'
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { md5, photo, plainJpeg, pngBomb, scriptNamedJpg, svgWithScript } from '../support/images.ts'
import { account, embeddedOnly, isHosted, serverWithRoles, unique } from './target.ts'

const roles = serverWithRoles()
let user: SupabaseClient
let jpeg: Buffer

beforeAll(async () => {
  user = (await account(roles.target, { staff: false })).client
  jpeg = await plainJpeg(640, 480)
})

const media = (client: SupabaseClient) => client.storage.from('media')
const name = (ext = 'jpg') => `${unique('foto')}.${ext}`

function statusOf(error: StorageError | null): string | undefined {
  return error?.statusCode
}

describe('who may do what in the media bucket', () => {
  it('everyone reads the public bucket: its row, and objects through the public URL', async () => {
    const { data: bucket, error } = await roles.anon.storage.getBucket('media')
    expect(error).toBeNull()
    expect(bucket).toMatchObject({ id: 'media', public: true, file_size_limit: 10485760 })
    expect(bucket!.allowed_mime_types).toEqual(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'])

    const path = name()
    expect((await media(roles.staff).upload(path, jpeg, { contentType: 'image/jpeg' })).error).toBeNull()
    const { publicUrl } = media(roles.anon).getPublicUrl(path).data
    const response = await fetch(publicUrl)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/jpeg')
    expect(md5(await response.arrayBuffer())).toBe(md5(jpeg))
    const listed = await media(roles.anon).list('', { search: path.replace('.jpg', '') })
    expect(listed.data?.map((o) => o.name)).toEqual([path])
  })

  it('anonymous visitors and signed-in accounts that are not staff cannot upload (refused by the policies)', async () => {
    for (const client of [roles.anon, user]) {
      const { data, error } = await media(client).upload(name(), jpeg, { contentType: 'image/jpeg' })
      expect(data).toBeNull()
      expect(statusOf(error)).toBe('403')
      expect(error?.message).toBe('new row violates row-level security policy')
    }
  })

  it('only staff replace, move, copy and delete; others are refused or change nothing', async () => {
    const path = name()
    expect((await media(roles.staff).upload(path, jpeg, { contentType: 'image/jpeg' })).error).toBeNull()

    const replaced = await media(user).update(path, await plainJpeg(64, 64), { contentType: 'image/jpeg' })
    expect(statusOf(replaced.error)).toBe('403')
    expect(statusOf((await media(user).move(path, name())).error)).toBe('403')
    expect(statusOf((await media(roles.anon).copy(path, name())).error)).toBe('403')
    expect((await media(user).remove([path])).data).toEqual([])
    expect((await media(roles.anon).remove([path])).data).toEqual([])
    expect((await media(roles.anon).exists(path)).data).toBe(true)

    const small = await plainJpeg(64, 64)
    expect((await media(roles.staff).update(path, small, { contentType: 'image/jpeg' })).error).toBeNull()
    expect(md5(await (await media(roles.staff).download(path)).data!.arrayBuffer())).toBe(md5(small))
    const moved = name()
    expect((await media(roles.staff).move(path, moved)).error).toBeNull()
    expect((await media(roles.anon).exists(path)).data).toBe(false)
    const copied = name()
    expect((await media(roles.staff).copy(moved, copied)).error).toBeNull()
    const removed = await media(roles.staff).remove([moved, copied])
    expect(removed.data?.map((o) => o.name).sort()).toEqual([moved, copied].sort())
    expect((await media(roles.anon).exists(moved)).data).toBe(false)
  })

  it('keeps a photo without metadata as uploaded, byte for byte, and reports its metadata', async () => {
    const path = name()
    expect((await media(roles.staff).upload(path, jpeg, { contentType: 'image/jpeg', cacheControl: '60' })).error).toBeNull()
    const { data: info, error } = await media(roles.anon).info(path)
    expect(error).toBeNull()
    expect(info).toMatchObject({ name: path, bucketId: 'media', size: jpeg.length, contentType: 'image/jpeg', cacheControl: 'max-age=60' })
    const downloaded = Buffer.from(await (await media(roles.anon).download(path)).data!.arrayBuffer())
    expect(md5(downloaded)).toBe(md5(jpeg))
  })
})

describe('what the bucket refuses, whoever uploads', () => {
  it('stores the type the content is, not the declared one', async () => {
    const path = name('jpg')
    const png = await photo(32, 32, 'png')
    expect((await media(roles.staff).upload(path, png, { contentType: 'image/jpeg' })).error).toBeNull()
    const { data } = await media(roles.staff).info(path)
    expect(data?.contentType).toBe(isHosted ? 'image/jpeg' : 'image/png')
  })

  it.skipIf(isHosted)(`refuses content that is not an allowed image, whatever its name and declared type ${embeddedOnly}`, async () => {
    const cases: [Buffer, string, string][] = [
      [scriptNamedJpg, 'jpg', 'mime type application/octet-stream is not supported'],
      [svgWithScript, 'svg.png', 'mime type image/svg+xml is not supported'],
    ]
    for (const [body, ext, message] of cases) {
      const { error } = await media(roles.staff).upload(name(ext), body, { contentType: 'image/png' })
      expect(statusOf(error)).toBe('415')
      expect(error?.message).toBe(message)
    }
  })

  it('refuses a declared type outside the allow-list (SVG)', async () => {
    const { error } = await media(roles.staff).upload(name('svg'), svgWithScript, { contentType: 'image/svg+xml' })
    expect(statusOf(error)).toBe('415')
    expect(error?.message).toBe('mime type image/svg+xml is not supported')
  })

  it.skipIf(isHosted)(`refuses a decompression bomb and an empty file ${embeddedOnly}`, async () => {
    const bomb = await media(roles.staff).upload(name('png'), pngBomb(), { contentType: 'image/png' })
    expect(statusOf(bomb.error)).toBe('400')
    expect(bomb.error?.message).toMatch(/100000×100000 pixels; at most 60 megapixels/)
    const empty = await media(roles.staff).upload(name(), Buffer.alloc(0), { contentType: 'image/jpeg' })
    expect(statusOf(empty.error)).toBe('400')
    expect(empty.error?.message).toMatch(/0 bytes/)
  })

  it('refuses an object over 10 MB, without storing anything', async () => {
    const path = name()
    const big = Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024)])
    const { error } = await media(roles.staff).upload(path, big, { contentType: 'image/jpeg' })
    expect(statusOf(error)).toBe('413')
    expect(error?.message).toBe('The object exceeded the maximum allowed size')
    expect((await media(roles.anon).exists(path)).data).toBe(false)
  })

  it.skipIf(isHosted)(`refuses names that climb folders or use characters outside S3's safe set ${embeddedOnly}`, async () => {
    for (const bad of ['../fuera.jpg', 'a/../../b.jpg', 'montaña.jpg', 'foto-😀.jpg']) {
      const { error } = await media(roles.staff).upload(bad, jpeg, { contentType: 'image/jpeg' })
      expect(statusOf(error), bad).toBe('400')
      expect(error?.message).toContain('Invalid key')
    }
    const spaced = `${unique('con espacios')}.jpg`
    expect((await media(roles.staff).upload(spaced, jpeg, { contentType: 'image/jpeg' })).error).toBeNull()
  })

  it('of two uploads of the same new name at once, one is stored and the other is told it exists', async () => {
    const path = name()
    const [a, b] = await Promise.all([
      media(roles.staff).upload(path, jpeg, { contentType: 'image/jpeg' }),
      media(roles.staff).upload(path, await plainJpeg(48, 48), { contentType: 'image/jpeg' }),
    ])
    const errors = [a.error, b.error].filter(Boolean)
    expect(errors).toHaveLength(1)
    expect(statusOf(errors[0]!)).toBe('409')
    const stored = md5(await (await media(roles.anon).download(path)).data!.arrayBuffer())
    expect(stored).toBe(a.error ? md5(await plainJpeg(48, 48)) : md5(jpeg))
  })

  it('upsert replaces an existing object; without it the name is taken', async () => {
    const path = name()
    expect((await media(roles.staff).upload(path, jpeg, { contentType: 'image/jpeg' })).error).toBeNull()
    expect(statusOf((await media(roles.staff).upload(path, jpeg, { contentType: 'image/jpeg' })).error)).toBe('409')
    const other = await plainJpeg(40, 40)
    expect((await media(roles.staff).upload(path, other, { contentType: 'image/jpeg', upsert: true })).error).toBeNull()
    expect(md5(await (await media(roles.anon).download(path)).data!.arrayBuffer())).toBe(md5(other))
  })

  it('signed URLs give access to one object, until they expire', async () => {
    const path = name()
    expect((await media(roles.staff).upload(path, jpeg, { contentType: 'image/jpeg' })).error).toBeNull()
    const { data, error } = await media(roles.anon).createSignedUrl(path, 60)
    expect(error).toBeNull()
    const ok = await fetch(data!.signedUrl)
    expect(ok.status).toBe(200)
    const tampered = await fetch(data!.signedUrl.replace(path, `${randomUUID()}.jpg`))
    expect(tampered.status).toBe(400)
  })
})
