// The public blog's loaders (src/cms/blog.server.ts) read the CMS as a visitor does, through supabase-js with
// the anonymous key. What a reader notices: the "related posts" under an article are the ones sharing most
// tags, then the newest, never the article itself or a draft; a tag whose only posts are drafts has no page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setCmsBackend } from '../../src/cms/backend.server.ts'
import { postPage, tagListing } from '../../src/cms/blog.server.ts'
import { account, unique, startTarget, type Account, type Target } from './target.ts'

let target: Target
let staff: Account
const siteUrl = 'https://www.example.com'

beforeAll(async () => {
  // A backend of its own, not the shared one: "the newest posts" are the newest of the whole database.
  target = await startTarget()
  staff = await account(target, { staff: true })
  // The loaders read the backend `npm start` gives them (src/cms/backend.server.ts).
  setCmsBackend({ url: target.url, anonKey: target.anonKey })
})
afterAll(async () => {
  setCmsBackend(null)
  await target?.close()
})

// Within the last day: later than anything the seed holds (a week old at the newest), so these posts are the
// newest on the blog, and already passed, so they are public (a time still to come schedules a post).
const hoursIntoLastDay = (hours: number) => new Date(Date.now() - 24 * 3_600_000 + hours * 3_600_000).toISOString()

async function tag(): Promise<{ id: string; slug: string }> {
  const slug = unique('tema')
  const { data, error } = await staff.client.from('blog_tags').insert({ name: slug, slug }).select('id,slug').single()
  if (error) throw error
  return data
}

async function post(tags: { id: string }[], publishedAt: string | null): Promise<string> {
  const slug = unique('entrada')
  const { data, error } = await staff.client
    .from('blog_posts')
    .insert({ title: `Entrada ${slug}`, slug, excerpt: 'Extracto', content: 'Texto.', published: publishedAt !== null, published_at: publishedAt })
    .select('id')
    .single()
  if (error) throw error
  const id = data.id
  const linked = await staff.client.rpc('replace_post_tags', { post_id: id, tag_ids: tags.map((t) => t.id) })
  if (linked.error) throw linked.error
  return slug
}

const relatedSlugs = async (slug: string) => (await postPage(siteUrl, { slug }))!.related.map((p) => p.slug)

describe('related posts under an article', () => {
  it('come by tags in common, then newest; never the article itself or a draft', async () => {
    const [a, b] = [await tag(), await tag()]
    const article = await post([a, b], hoursIntoLastDay(0))
    const bothTagsOldest = await post([a, b], hoursIntoLastDay(1))
    const oneTagOlder = await post([a], hoursIntoLastDay(2))
    const oneTagNewer = await post([b], hoursIntoLastDay(3))
    await post([a, b], null) // a draft sharing both tags
    await post([], hoursIntoLastDay(4)) // the newest post, sharing nothing

    expect(await relatedSlugs(article)).toEqual([bothTagsOldest, oneTagNewer, oneTagOlder])
  })

  it('are filled with the newest posts when too few share a tag', async () => {
    const alone = await tag()
    const article = await post([alone], hoursIntoLastDay(10))
    const newest = [await post([], hoursIntoLastDay(11)), await post([], hoursIntoLastDay(12)), await post([], hoursIntoLastDay(13))].reverse()

    expect(await relatedSlugs(article)).toEqual(newest)
  })
})

describe('tag pages', () => {
  it('a tag whose only post is a draft has no page; publishing the post gives it one', async () => {
    const t = await tag()
    const slug = await post([t], null)
    expect(await tagListing(siteUrl, t.slug, 1)).toBeNull()

    const { error } = await staff.client
      .from('blog_posts')
      .update({ published: true, published_at: hoursIntoLastDay(20) })
      .eq('slug', slug)
    expect(error).toBeNull()
    const listing = await tagListing(siteUrl, t.slug, 1)
    expect(listing?.posts.map((p) => p.slug)).toEqual([slug])
  })
})

describe('an edited post', () => {
  // Pages find a post's rendered body by its row's version, not by reading the body each time
  // (src/cms/blog.server.ts): an edit must still show everywhere at once.
  it('shows its new body, summary and reading time on its page and in the listings after an edit', async () => {
    const t = await tag()
    const slug = await post([t], hoursIntoLastDay(20))
    const { error: cleared } = await staff.client.from('blog_posts').update({ excerpt: null }).eq('slug', slug)
    expect(cleared).toBeNull()
    const before = (await postPage(siteUrl, { slug }))!.post
    expect(before.excerpt).toBe('Texto.')
    expect(before.readingMinutes).toBe(1)

    const longer = `Primera frase nueva. ${'palabra '.repeat(1_000)}`
    const { error } = await staff.client.from('blog_posts').update({ content: longer }).eq('slug', slug)
    expect(error).toBeNull()

    const after = (await postPage(siteUrl, { slug }))!.post
    expect(after.html).toContain('Primera frase nueva.')
    expect(after.excerpt).toMatch(/^Primera frase nueva\. palabra/)
    expect(after.readingMinutes).toBe(5)
    const listed = (await tagListing(siteUrl, t.slug, 1))!.posts.find((p) => p.slug === slug)!
    expect(listed.excerpt).toBe(after.excerpt)
    expect(listed.readingMinutes).toBe(5)
  })
})
