// The media bucket under attack, through supabase-js against the embedded backend: a signed upload URL
// held by someone who has since left the team, an editor replacing an admin's image, and a phone photo whose
// location and camera would be served to anyone who reads the public bucket.
import type { StorageError } from '@supabase/storage-js'
import type { SupabaseClient } from '@supabase/supabase-js'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { md5, photo, plainJpeg } from '../support/images.ts'
import { account, client, embeddedOnly, isHosted, serverWithTeam, unique } from './target.ts'

const team = serverWithTeam()

const media = (c: SupabaseClient) => c.storage.from('media')
const name = (ext = 'jpg') => `${unique('ataque')}.${ext}`
const statusOf = (error: StorageError | null) => error?.statusCode
/** The tags of an EXIF block's first directory (sharp's `metadata().exif`: "Exif\0\0" then a TIFF header). */
function exifTags(exif: Buffer | undefined): number[] {
  if (!exif) return []
  const tiff = exif.subarray(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0)
  const le = tiff.toString('latin1', 0, 2) === 'II'
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at))
  const first = le ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4)
  return Array.from({ length: u16(first) }, (_, i) => u16(first + 2 + i * 12))
}
const MAKE = 0x010f
const MODEL = 0x0110
const ORIENTATION = 0x0112
const GPS = 0x8825

const stored = async (path: string) => md5(await (await media(client(team.target)).download(path)).data!.arrayBuffer())

// Supabase Storage itself writes a signed upload as the service, whoever signed it; the embedded backend
// checks the signer's rights again when the body arrives.
describe.skipIf(isHosted)(`a signed upload URL ${embeddedOnly}`, () => {
  it('is refused at once when its signer has been removed from the team, upsert or not', async () => {
    const editor = await account(team.target, { staff: true })
    const path = name()
    const original = await plainJpeg(64, 64)
    expect((await media(editor.client).upload(path, original, { contentType: 'image/jpeg' })).error).toBeNull()
    const replace = await media(editor.client).createSignedUploadUrl(path, { upsert: true })
    expect(replace.error).toBeNull()
    const fresh = await media(editor.client).createSignedUploadUrl(name())
    expect(fresh.error).toBeNull()

    const service = client(team.target, team.target.serviceRoleKey)
    expect((await service.from('staff').delete().eq('user_id', editor.id)).error).toBeNull()

    const other = await plainJpeg(40, 40)
    for (let attempt = 0; attempt < 2; attempt++) {
      const put = await media(client(team.target)).uploadToSignedUrl(path, replace.data!.token, other, { contentType: 'image/jpeg', upsert: true })
      expect(statusOf(put.error)).toBe('403')
    }
    expect(await stored(path)).toBe(md5(original))
    const created = await media(client(team.target)).uploadToSignedUrl(fresh.data!.path, fresh.data!.token, other, { contentType: 'image/jpeg' })
    expect(statusOf(created.error)).toBe('403')
    expect((await media(client(team.target)).exists(fresh.data!.path)).data).toBe(false)
  })

  it('still works for a member of the team', async () => {
    const path = name()
    const signed = await media(team.editor.client).createSignedUploadUrl(path)
    expect(signed.error).toBeNull()
    const body = await plainJpeg(32, 32)
    expect((await media(client(team.target)).uploadToSignedUrl(path, signed.data!.token, body, { contentType: 'image/jpeg' })).error).toBeNull()
    expect(await stored(path)).toBe(md5(body))
  })
})

describe('an editor and the objects of others', () => {
  it("an editor cannot replace or move an admin's image, by upsert, update, move or a signed URL", async () => {
    const path = name()
    const original = await plainJpeg(64, 64)
    expect((await media(team.admin.client).upload(path, original, { contentType: 'image/jpeg' })).error).toBeNull()
    const other = await plainJpeg(40, 40)
    expect(statusOf((await media(team.editor.client).upload(path, other, { contentType: 'image/jpeg', upsert: true })).error)).toBe('403')
    expect(statusOf((await media(team.editor.client).update(path, other, { contentType: 'image/jpeg' })).error)).toBe('403')
    expect(statusOf((await media(team.editor.client).move(path, name())).error)).toBe('403')
    expect(statusOf((await media(team.editor.client).createSignedUploadUrl(path, { upsert: true })).error)).toBe('403')
    expect(await stored(path)).toBe(md5(original))
  })

  it("an editor replaces their own image; an admin replaces anyone's", async () => {
    const path = name()
    expect((await media(team.editor.client).upload(path, await plainJpeg(64, 64), { contentType: 'image/jpeg' })).error).toBeNull()
    const mine = await plainJpeg(48, 48)
    expect((await media(team.editor.client).upload(path, mine, { contentType: 'image/jpeg', upsert: true })).error).toBeNull()
    expect(await stored(path)).toBe(md5(mine))
    const admins = await plainJpeg(40, 40)
    expect((await media(team.admin.client).update(path, admins, { contentType: 'image/jpeg' })).error).toBeNull()
    expect(await stored(path)).toBe(md5(admins))
  })
})

describe.skipIf(isHosted)(`a phone photo in the public bucket ${embeddedOnly}`, () => {
  it('is served without its location and camera, with its orientation and colour profile', async () => {
    const path = name()
    const phone = await sharp(await photo(640, 480))
      .withExif({
        IFD0: { Make: 'TestCam', Model: 'Model 1', Orientation: '6' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 28/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 22/1 0/1' },
      })
      .withIccProfile('p3')
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 90 })
      .toBuffer()
    expect(exifTags((await sharp(phone).metadata()).exif)).toEqual(expect.arrayContaining([MAKE, MODEL, ORIENTATION, GPS]))
    expect((await media(team.editor.client).upload(path, phone, { contentType: 'image/jpeg' })).error).toBeNull()

    const response = await fetch(media(client(team.target)).getPublicUrl(path).data.publicUrl)
    expect(response.status).toBe(200)
    const served = Buffer.from(await response.arrayBuffer())
    const meta = await sharp(served).metadata()
    expect({ camera: served.includes('TestCam'), tags: exifTags(meta.exif), orientation: meta.orientation, icc: Boolean(meta.icc) }).toEqual({
      camera: false,
      tags: [ORIENTATION],
      orientation: 6,
      icc: true,
    })
    expect([meta.width, meta.height]).toEqual([640, 480])
    const { data: info } = await media(client(team.target)).info(path)
    expect(info?.size).toBe(served.length)
    expect(response.headers.get('etag')).toBe(`"${md5(served)}"`)
  })

  it.each(['png', 'webp'] as const)('a %s original is served without its camera and location either', async (format) => {
    const path = name(format)
    const body = await sharp(await photo(64, 48))
      .withExif({ IFD0: { Make: 'TestCam', Model: 'Model 1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 28/1 0/1' } })
      .toFormat(format)
      .toBuffer()
    expect((await sharp(body).metadata()).exif).toBeDefined()
    expect((await media(team.editor.client).upload(path, body, { contentType: `image/${format}` })).error).toBeNull()
    const served = Buffer.from(await (await media(client(team.target)).download(path)).data!.arrayBuffer())
    const meta = await sharp(served).metadata()
    expect({ camera: served.includes('TestCam'), tags: exifTags(meta.exif), format: meta.format, size: [meta.width, meta.height] }).toEqual({
      camera: false,
      tags: [],
      format,
      size: [64, 48],
    })
  })
})
