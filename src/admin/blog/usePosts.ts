import { toast } from '../../lib/toast'
import { slugOrTitle } from '../../lib/slug'
import { useAdmin } from '../context'
import { describeError } from '../../cms/errors'
import { describeWriteError } from '../shared/twoFactorRefusal'
import { deleteIfUnchanged, updateIfUnchanged, type GuardedOutcome } from '../shared/conflicts'
import { useRows } from '../shared/useRows'
import { nextPublishedAt, publicationState, scheduledLabel } from '../../cms/schedule'
import { postPath, type PostDraft, type PostRow } from '../../cms/posts'

export type SaveResult = GuardedOutcome & {
  /** The post's id once it exists on the server, even if its tags then failed. */
  id: string | null
  /** The version now saved, when the post was written (a later save must start from it). */
  updatedAt?: string | null
}

/** blog_posts and their tags, with failure toasts and the rules of docs/decisions/0010-cms-editing-rules.md. */
export function usePosts() {
  const { supabase } = useAdmin()
  const list = useRows('posts', (sb) => sb.from('blog_posts').select('*').order('created_at', { ascending: false }), {
    title: 'Error al cargar posts',
  })

  /** The tags of one post, read when it is opened; null (after a toast) if they could not be read. */
  const loadTagIds = async (postId: string): Promise<string[] | null> => {
    const { data, error } = await supabase.from('blog_post_tags').select('tag_id').eq('blog_post_id', postId)
    if (error) {
      toast({ title: 'Error al cargar posts', description: describeError(error), variant: 'destructive' })
      return null
    }
    return data.map((row) => row.tag_id)
  }

  const save = async (draft: PostDraft): Promise<SaveResult> => {
    const fields = {
      title: draft.title.trim(),
      slug: slugOrTitle(draft.slug, draft.title),
      excerpt: draft.excerpt.trim() || null,
      content: draft.content,
      featured_image: draft.featured_image.trim() || null,
      published: draft.published,
      published_at: nextPublishedAt(draft),
    }
    let id = draft.id ?? null
    let updatedAt: string | null
    if (id) {
      const written = await updateIfUnchanged(supabase, 'blog_posts', { id }, draft.updated_at, fields, {
        errorTitle: 'Error al guardar',
        subject: 'una entrada',
      })
      if (!written.ok) return { ...written, id }
      updatedAt = written.updatedAt
    } else {
      const { data, error } = await supabase.from('blog_posts').insert(fields).select().single()
      if (error) {
        toast({ title: 'Error al guardar', description: await describeWriteError(error, 'una entrada'), variant: 'destructive' })
        return { id: null, ok: false }
      }
      id = data.id
      updatedAt = data.updated_at
    }

    // One transaction on the server (docs/decisions/0010-cms-editing-rules.md): the post never ends up with half its tags.
    const { error: tagsError } = await supabase.rpc('replace_post_tags', { post_id: id, tag_ids: draft.tagIds })
    if (tagsError) {
      toast({
        title: 'Error al guardar los tags',
        description: `La entrada se ha guardado, pero sus tags no: ${describeError(tagsError)}`,
        variant: 'destructive',
      })
      return { id, ok: false, updatedAt }
    }
    // A published post is on the site as soon as it is saved: offer to open it there. A scheduled one is not yet.
    const state = publicationState(fields.published, fields.published_at)
    const live = state.kind === 'published' ? postPath(fields.slug) : null
    toast({
      title: 'Post guardado',
      description: state.kind === 'scheduled' ? `${scheduledLabel(state.at)}.` : 'Los cambios se han guardado correctamente',
      action: live ? { label: 'Ver en el sitio', onClick: () => void window.open(live, '_blank', 'noopener') } : undefined,
    })
    return { id, ok: true, updatedAt }
  }

  /** The post as saved now, or null (after a toast) if it could not be read or is gone. */
  const load = async (id: string): Promise<PostRow | null> => {
    const { data, error } = await supabase.from('blog_posts').select('*').eq('id', id).maybeSingle()
    if (error) toast({ title: 'Error al cargar posts', description: describeError(error), variant: 'destructive' })
    return data
  }

  /** Deletes the post if nobody saved it since `openedAt` (else the conflict). */
  const remove = (id: string, openedAt: string | null) =>
    deleteIfUnchanged(supabase, 'blog_posts', { id }, openedAt, { success: { title: 'Post eliminado' }, errorTitle: 'Error al eliminar' })

  return { ...list, loadTagIds, load, save, remove }
}
