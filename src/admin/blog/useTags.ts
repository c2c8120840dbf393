import type { Tables } from '../../lib/database.types'
import { isSlug, slugOrTitle } from '../../lib/slug'
import { toast } from '../../lib/toast'
import { useAdmin } from '../context'
import { invalidInput } from '../../cms/errors'
import { describeWriteError } from '../shared/twoFactorRefusal'
import { useRows } from '../shared/useRows'

export type TagRow = Tables<'blog_tags'>

/** blog_tags: listed by name; a new tag is its trimmed name and that name turned into a slug. */
export function useTags() {
  const { supabase } = useAdmin()
  const list = useRows('tags', (sb) => sb.from('blog_tags').select('*').order('name'), { title: 'Error al cargar posts' })

  /** The new tag, or null when the name is blank (nothing happens) or the insert failed (toast). */
  const create = async (rawName: string): Promise<TagRow | null> => {
    const name = rawName.trim()
    if (!name) return null
    const slug = slugOrTitle('', name)
    if (!isSlug(slug)) {
      toast({ title: 'Error al crear tag', description: invalidInput.tagSlug, variant: 'destructive' })
      return null
    }
    const { data, error } = await supabase.from('blog_tags').insert({ name, slug }).select().single()
    if (error) {
      toast({ title: 'Error al crear tag', description: await describeWriteError(error, 'un tag'), variant: 'destructive' })
      return null
    }
    toast({ title: 'Tag creado' })
    await list.reload()
    return data
  }

  return { ...list, create }
}
