import type { TextPlace } from '../../siteContent/places'
import type { Tables } from '../../lib/database.types'
import { toast } from '../../lib/toast'
import { useAdmin } from '../context'
import { deleteIfUnchanged, updateIfUnchanged } from '../shared/conflicts'
import { useRows } from '../shared/useRows'

export type TextOverrideRow = Tables<'content_blocks'>

/** The editable overrides of one page (content_blocks), ordered by section. */
export function useTextOverrides(page: string) {
  const { supabase } = useAdmin()
  const list = useRows(page, (sb) => sb.from('content_blocks').select('*').eq('page', page).order('section'), {
    title: 'Error',
    description: 'No se pudieron cargar los textos',
  })

  /** Blocks are created by `create`, so a save is always an update of the version opened. */
  const save = (override: TextOverrideRow) =>
    updateIfUnchanged(
      supabase,
      'content_blocks',
      { id: override.id },
      override.updated_at,
      { title: override.title, content: override.content },
      {
        success: { title: 'Guardado', description: 'Texto actualizado correctamente' },
        errorTitle: 'Error',
        errorDescription: 'No se pudo guardar el texto',
      },
    )

  /**
   * A override for one of the page's free places, starting from the file's text so staff edit what the
   * page shows today. Resolves to the new row, or null after an error toast.
   */
  const create = async (place: TextPlace): Promise<TextOverrideRow | null> => {
    const { data, error } = await supabase
      .from('content_blocks')
      .insert({ page, section: place.section, key: place.key, title: place.label, content: place.text || 'Escribe aquí el nuevo texto.' })
      .select()
      .single()
    if (error) {
      toast({ title: 'Error', description: 'No se pudo sustituir el texto', variant: 'destructive' })
      return null
    }
    toast({ title: 'Sustituido', description: 'Texto sustituido correctamente' })
    await list.reload()
    return data
  }

  /** Deleting a override brings back the content file's text on the live page. */
  const remove = (override: TextOverrideRow, openedAt: string | null) =>
    deleteIfUnchanged(supabase, 'content_blocks', { id: override.id }, openedAt, {
      success: { title: 'Texto eliminado', description: 'La página vuelve a mostrar el texto original.' },
      errorTitle: 'Error al eliminar',
    })

  return { ...list, save, create, remove }
}
