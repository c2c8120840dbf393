// Where each image of the media bucket is used (the `media_uses` view the Medios tab and its delete warning
// read), through supabase-js: a post's cover, a post's body and a page's image block are found by the
// image's object name, whatever origin its URL was written with; only signed-in accounts read the view, and
// each sees only the posts and pages its row-level security lets it read.
import type { SupabaseClient } from '@supabase/supabase-js'
import { beforeAll, describe, expect, it } from 'vitest'
import { photo } from '../support/images.ts'
import { account, serverWithRoles, unique } from './target.ts'

const roles = serverWithRoles()
let user: SupabaseClient
const image = `${unique('usada')}.jpg`
const unused = `${unique('sin-usar')}.jpg`
const path = (name: string) => `/storage/v1/object/public/media/${name}`
let draftId: string
let publishedId: string
let pageId: string

beforeAll(async () => {
  user = (await account(roles.target, { staff: false })).client
  const jpeg = await photo(320, 240)
  for (const name of [image, unused])
    expect((await roles.staff.storage.from('media').upload(name, jpeg, { contentType: 'image/jpeg' })).error).toBeNull()
  const draft = await roles.staff
    .from('blog_posts')
    .insert({ title: `Borrador ${image}`, slug: unique('borrador'), content: 'Texto', featured_image: path(image) })
    .select('id')
    .single()
  // A body written before uploads were stored as paths: the absolute URL of another origin still counts.
  const published = await roles.staff
    .from('blog_posts')
    .insert({ title: `Publicada ${image}`, slug: unique('publicada'), content: `![Foto](https://otro.example${path(image)})`, published: true })
    .select('id')
    .single()
  const page = await roles.staff
    .from('pages')
    .insert({ title: `Página ${image}`, slug: unique('pagina'), content: [{ type: 'image', src: path(image), alt: 'Una foto' }] })
    .select('id')
    .single()
  expect([draft.error, published.error, page.error]).toEqual([null, null, null])
  draftId = draft.data!.id
  publishedId = published.data!.id
  pageId = page.data!.id
})

describe('media_uses', () => {
  it('lists, for staff, every post (cover or body) and page (blocks) that shows an image', async () => {
    const { data, error } = await roles.staff.from('media_uses').select('kind, id, title').eq('name', image)
    expect(error).toBeNull()
    expect(data).toHaveLength(3)
    expect(data).toEqual(
      expect.arrayContaining([
        { kind: 'post', id: draftId, title: `Borrador ${image}` },
        { kind: 'page', id: pageId, title: `Página ${image}` },
        { kind: 'post', id: publishedId, title: `Publicada ${image}` },
      ]),
    )
    expect((await roles.staff.from('media_uses').select('id').eq('name', unused)).data).toEqual([])
  })

  it('shows a signed-in account that is not staff only what it may read (the published post), and refuses visitors', async () => {
    const { data } = await user.from('media_uses').select('id').eq('name', image)
    expect(data).toEqual([{ id: publishedId }])
    const anon = await roles.anon.from('media_uses').select('id').eq('name', image)
    expect(anon.data).toBeNull()
    expect(anon.error?.code).toBe('42501')
  })
})
