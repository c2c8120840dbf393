import { toast } from '../../lib/toast'
import { useAdmin } from '../context'
import { mutate } from '../shared/mutate'
import { useRows } from '../shared/useRows'

export interface ContentBlockRow {
  id: number
  page: string
  section: string
  key: string
  title: string | null
  content: string
  updated_at: string
}

/** The editable blocks of one page (SPEC.md §7 "content_blocks"), ordered by section. */
export function useContentBlocks(page: string) {
  const { supabase } = useAdmin()
  const list = useRows<ContentBlockRow>(
    page,
    (sb) => sb.from('content_blocks').select('*').eq('page', page).order('section'),
    { title: 'Error', description: 'No se pudieron cargar los bloques de contenido' },
  )

  const save = (block: ContentBlockRow) =>
    mutate(supabase.from('content_blocks').upsert({ ...block, updated_at: new Date().toISOString() }), {
      success: { title: 'Guardado', description: 'Bloque actualizado correctamente' },
      errorTitle: 'Error',
      errorDescription: 'No se pudo guardar el bloque',
    })

  /** SPEC.md §9 defaults for a new block; resolves to the new row, or null after an error toast. */
  const create = async (): Promise<ContentBlockRow | null> => {
    const { data, error } = await supabase
      .from('content_blocks')
      .insert({ page, section: 'nueva-seccion', key: `block-${Date.now()}`, title: 'Nuevo bloque', content: 'Contenido del nuevo bloque' })
      .select()
      .single<ContentBlockRow>()
    if (error) {
      toast({ title: 'Error', description: 'No se pudo crear el bloque', variant: 'destructive' })
      return null
    }
    toast({ title: 'Creado', description: 'Nuevo bloque creado correctamente' })
    await list.reload()
    return data
  }

  return { ...list, save, create }
}
