// The live preview's data (src/pageData/draft.server.ts, docs/decisions/0100-live-preview.md), read with the
// caller's own token against the embedded backend, or a hosted project when SUPABASE_URL is set: the database
// decides whether the caller is staff, so an anonymous, non-staff, forged or expired token gets nothing of
// the draft, and a member of staff gets the page with what the save would refuse in the save's words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setCmsBackend } from '../../src/cms/backend.server.ts'
import { livePreviewData } from '../../src/pageData/draft.server.ts'
import type { PreviewDraft } from '../../src/pageData/livePreview.ts'
import { account, sharedTarget, unique, type Account, type Target } from './target.ts'

let target: Target
let staff: Account
let visitor: Account
const tokenOf = async (who: Account) => (await who.client.auth.getSession()).data.session!.access_token

beforeAll(async () => {
  target = await sharedTarget()
  setCmsBackend({ url: target.url, anonKey: target.anonKey })
  staff = await account(target, { staff: true })
  visitor = await account(target, { staff: false })
})
afterAll(() => setCmsBackend(null))

const secret = `Texto del borrador ${unique('secreto')}`
const draft: PreviewDraft = {
  kind: 'post',
  title: 'Borrador en vista previa',
  slug: '',
  excerpt: '',
  content: `## Sección\n\n${secret}`,
  featuredImage: '',
  tagIds: [],
}

describe('the live preview endpoint’s data', () => {
  it('renders the draft for a member of staff, as the public post page would', async () => {
    const data = await livePreviewData({ accessToken: await tokenOf(staff), draft })
    expect(data?.kind).toBe('post')
    if (data?.kind !== 'post') return
    expect(data.post.title).toBe('Borrador en vista previa')
    expect(data.post.html).toContain(secret)
    expect(data.head.tags).toContainEqual(
      expect.objectContaining({ attrs: expect.objectContaining({ name: 'robots', content: expect.stringContaining('noindex') }) }),
    )
    expect(data.problems).toEqual([])
  })

  it('gives nothing of the draft to an anonymous, non-staff, forged or expired token', async () => {
    const staffToken = await tokenOf(staff)
    const [header, payload] = staffToken.split('.')
    const tokens = {
      anonymous: target.anonKey,
      'not staff': await tokenOf(visitor),
      forged: `${header}.${payload}.${Buffer.from('firma falsa').toString('base64url')}`,
      garbage: 'no-es-un-token',
      ...(target.signToken && {
        expired: await target.signToken({ sub: staff.id, role: 'authenticated', aud: 'authenticated', iat: 1_700_000_000, exp: 1_700_003_600 }),
      }),
    }
    for (const [who, accessToken] of Object.entries(tokens)) expect(await livePreviewData({ accessToken, draft }), who).toBeNull()
  })

  it('lists what the save would refuse, in its words, and still renders the page', async () => {
    const slug = unique('ocupado')
    const { error } = await staff.client.from('blog_posts').insert({ title: 'Ya publicada', slug, content: 'x' })
    expect(error).toBeNull()
    const taken = await livePreviewData({ accessToken: await tokenOf(staff), draft: { ...draft, title: '', slug, featuredImage: 'ftp://x' } })
    expect(taken?.problems).toEqual([
      'El título y contenido son obligatorios',
      'La imagen destacada debe ser una URL que empiece por http:// o https://, o una ruta del sitio que empiece por «/».',
      'Ya existe una entrada con ese slug. Elige otro slug: cada URL debe ser única.',
    ])
    const page = await livePreviewData({
      accessToken: await tokenOf(staff),
      draft: { kind: 'page', title: 'Página', slug: unique('pagina'), contentText: '[{"type":"heading","text":"Hola"},{"type":"nada"}]' },
    })
    expect(page?.kind === 'page' && page.page.blocks.map((b) => b.type)).toEqual(['heading'])
    expect(page?.problems).toEqual([expect.stringMatching(/^Bloque 2: el tipo «nada» no existe/)])
  })
})
